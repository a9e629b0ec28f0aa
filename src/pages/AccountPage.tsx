import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { AccountSettings } from '../features/account/AccountSettings';
import { t } from '../features/account/words';
import { LICENCE_SECTION } from '../features/licences/LicenceRequirement';
import { LicenceSection } from '../features/licences/LicenceSection';
import { t as licenceWords } from '../features/licences/words';
import { TitledSection } from '../components/TitledSection';
import { useSession } from '../lib/auth/session';

/** /account: any signed-in account's details, password and sessions; a renter's driving licence too. */
export default function AccountPage() {
  usePageTitle(t('account.settings.title'));
  const { user } = useSession();
  return (
    <PageShell title={t('account.settings.title')} narrow>
      <AccountSettings />
      {user?.role === 'user' ? (
        <TitledSection id={LICENCE_SECTION} title={licenceWords('licences.section.title')}>
          <LicenceSection />
        </TitledSection>
      ) : null}
    </PageShell>
  );
}
