import type { ReactNode } from 'react';
import { useRetry } from '../../lib/query-client';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { AccountDetailsForm } from './AccountDetailsForm';
import { PasswordChangeForm } from './PasswordChangeForm';
import { SignOutEverywhere } from './SignOutEverywhere';
import { accountKey, useAccount } from './queries';
import { t } from './words';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-5">
      <h2 id={id} className="h4 mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The signed-in account's details, its password and its sessions, each a section of its own. */
export function AccountSettings() {
  const account = useAccount();
  const retry = useRetry(accountKey);

  if (account.isPending) return <PageSpinner />;
  // Only a failed first load replaces the forms: a failed reload in the background keeps what is typed.
  if (account.isLoadingError) return <QueryError error={account.error} what={t('account.settings.loadFailed')} onRetry={retry} />;
  return (
    <>
      <Section id="account-details" title={t('account.settings.details')}>
        <AccountDetailsForm account={account.data.user} />
      </Section>
      <Section id="account-password" title={t('account.settings.password')}>
        <PasswordChangeForm />
      </Section>
      <Section id="account-sessions" title={t('account.settings.sessions')}>
        <SignOutEverywhere />
      </Section>
    </>
  );
}
