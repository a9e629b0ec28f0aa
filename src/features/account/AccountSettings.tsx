import { useRetry } from '../../lib/query-client';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { TitledSection } from '../../components/TitledSection';
import { AccountDetailsForm } from './AccountDetailsForm';
import { PasswordChangeForm } from './PasswordChangeForm';
import { PhoneVerification } from './PhoneVerification';
import { SignOutEverywhere } from './SignOutEverywhere';
import { accountKey, useAccount } from './queries';
import { t } from './words';

/** The signed-in account's details, its password and its sessions, each a section of its own. */
export function AccountSettings() {
  const account = useAccount();
  const retry = useRetry(accountKey);

  if (account.isPending) return <PageSpinner />;
  // Only a failed first load replaces the forms: a failed reload in the background keeps what is typed.
  if (account.isLoadingError) return <QueryError error={account.error} what={t('account.settings.loadFailed')} onRetry={retry} />;
  return (
    <>
      <TitledSection id="account-details" title={t('account.settings.details')}>
        {/* Anew once a code verifies a number: the form then shows it, and a save would not put the old one back. */}
        <AccountDetailsForm key={account.data.user.phoneVerifiedAt ?? 'unverified'} account={account.data.user} />
      </TitledSection>
      <TitledSection id="account-phone" title={t('account.settings.phone')}>
        <PhoneVerification account={account.data.user} />
      </TitledSection>
      <TitledSection id="account-password" title={t('account.settings.password')}>
        <PasswordChangeForm />
      </TitledSection>
      <TitledSection id="account-sessions" title={t('account.settings.sessions')}>
        <SignOutEverywhere />
      </TitledSection>
    </>
  );
}
