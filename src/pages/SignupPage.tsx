import { useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PageShell } from '../components/PageShell';
import { paths } from '../config/paths';
import { OwnerSignupForm, UserSignupForm } from '../features/auth/SignupForms';
import { t, Words } from '../features/auth/words';
import { usePageTitle } from '../lib/usePageTitle';

/**
 * /signup: registration of renters and owners on two tabs; `?tab=owner` (the owner sign-in's
 * "Create an account") opens the owner's. Router state from the sign-in page is handed back to it.
 */
export default function SignupPage() {
  usePageTitle(t('account.signup.title'));
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [activeTab, setActiveTab] = useState(searchParams.get('tab') === 'owner' ? 'owner' : 'user');
  return (
    <PageShell title={t('account.signup.title')} narrow>
      <Tabs
        activeKey={activeTab}
        onSelect={(key) => setActiveTab(key === 'owner' ? 'owner' : 'user')}
        className="mb-4"
        mountOnEnter
        unmountOnExit
        transition={false}
      >
        <Tab eventKey="user" title={t('account.signup.userTab')}>
          <UserSignupForm />
        </Tab>
        <Tab eventKey="owner" title={t('account.signup.ownerTab')}>
          <OwnerSignupForm />
        </Tab>
      </Tabs>
      <p>
        <Words
          id="account.signup.haveAccount"
          components={{ 0: <Link to={activeTab === 'owner' ? paths.ownerLoginTab : paths.login} state={location.state} /> }}
        />
      </p>
    </PageShell>
  );
}
