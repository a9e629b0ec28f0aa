import { useLocation, useNavigate } from 'react-router-dom';
import { ActionNotice } from '../components/ActionNotice';
import { readSignedInAs } from '../lib/auth/sign-in-state';
import { t } from '../lib/i18n';

/**
 * Says which account someone signed in with when they used the other role's tab: they are signed in
 * as what they are, on the page of that account. Dismissed (or gone with the next page), it stays gone.
 */
export function SignedInAsNote() {
  const location = useLocation();
  const navigate = useNavigate();
  const role = readSignedInAs(location.state);
  if (!role) return null;
  return (
    <div className="container pt-3">
      <ActionNotice
        message={t('common.layout.signedInAs', { role })}
        onDismiss={() => navigate(location, { replace: true, state: null })}
      />
    </div>
  );
}
