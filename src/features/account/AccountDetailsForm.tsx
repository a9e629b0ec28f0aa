import type { Account, Role } from '../../domain/contract';
import { accountUpdateFor } from '../../domain/schemas/account';
import { toApiError } from '../../lib/api-client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { SubmitWithStatus } from '../../components/SubmitWithStatus';
import { ZodForm } from '../../components/ZodForm';
import { useUpdateAccount } from './queries';
import { t } from './words';

/** The details the form edits, as typed: a blank one clears it, where the account may go without it. */
interface AccountDetails {
  phoneNumber: string;
  country: string;
}

/** Owners keep both details, which renters who book their cars use; for everyone else they are optional. */
const DETAILS_NOTE = {
  owner: 'account.details.ownerNote',
  user: 'account.details.optionalNote',
  admin: 'account.details.optionalNote',
} as const satisfies Record<Role, Parameters<typeof t>[0]>;

/** Username and email as they are (they identify the account and cannot be changed), then the phone number and country to edit. */
export function AccountDetailsForm({ account }: { account: Account }) {
  const saving = useUpdateAccount();
  const details = (user: Account): AccountDetails => ({ phoneNumber: user.phoneNumber ?? '', country: user.country ?? '' });

  return (
    <>
      <dl className="row mb-4">
        <dt className="col-sm-4">{t('account.details.username')}</dt>
        <dd className="col-sm-8">{account.username}</dd>
        <dt className="col-sm-4">{t('account.details.email')}</dt>
        <dd className="col-sm-8">{account.email}</dd>
        <dt className="col-sm-4">{t('account.details.accountType')}</dt>
        <dd className="col-sm-8">{t('account.details.role', { role: account.role })}</dd>
      </dl>
      <ZodForm
        schema={accountUpdateFor(account.role)}
        defaultValues={details(account)}
        onSubmit={async (values, { reset }) => {
          const { user } = await saving.mutateAsync(values);
          // The server trims what it stores: the form shows what was saved.
          reset(details(user));
        }}
      >
        {(form) => (
          <>
            <p>{t(DETAILS_NOTE[account.role])}</p>
            <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
            <FormField
              label={t('account.details.phoneNumber')}
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              disabled={saving.isPending}
            />
            <FormField
              label={t('account.details.country')}
              name="country"
              autoComplete="country-name"
              disabled={saving.isPending}
            />
            <SubmitWithStatus
              label={t('account.details.save')}
              pendingLabel={t('account.details.saving')}
              pending={form.sending}
              done={saving.data?.message}
            />
          </>
        )}
      </ZodForm>
    </>
  );
}
