import type { Account, Role } from '../../domain/contract';
import { accountUpdateFor } from '../../domain/schemas/account';
import { toApiError } from '../../lib/api-client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { SubmitWithStatus } from '../../components/SubmitWithStatus';
import { ZodForm } from '../../components/ZodForm';
import { useUpdateAccount } from './queries';

/** The details the form edits, as typed: a blank one clears it, where the account may go without it. */
interface AccountDetails {
  phoneNumber: string;
  country: string;
}

const ROLE_NAMES: Record<Role, string> = { user: 'Renter', owner: 'Owner', admin: 'Admin' };

/** Owners keep both details, which renters who book their cars use; for everyone else they are optional. */
const DETAILS_NOTE: Record<Role, string> = {
  owner: 'Owner accounts need both: renters who book your cars use them to reach you.',
  user: 'Both are optional: leave one blank to remove it.',
  admin: 'Both are optional: leave one blank to remove it.',
};

/** Username and email as they are (they identify the account and cannot be changed), then the phone number and country to edit. */
export function AccountDetailsForm({ account }: { account: Account }) {
  const saving = useUpdateAccount();
  const details = (user: Account): AccountDetails => ({ phoneNumber: user.phoneNumber ?? '', country: user.country ?? '' });

  return (
    <>
      <dl className="row mb-4">
        <dt className="col-sm-4">Username</dt>
        <dd className="col-sm-8">{account.username}</dd>
        <dt className="col-sm-4">Email</dt>
        <dd className="col-sm-8">{account.email}</dd>
        <dt className="col-sm-4">Account type</dt>
        <dd className="col-sm-8">{ROLE_NAMES[account.role]}</dd>
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
            <p>{DETAILS_NOTE[account.role]}</p>
            <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
            <FormField label="Phone number" name="phoneNumber" type="tel" autoComplete="tel" disabled={saving.isPending} />
            <FormField label="Country" name="country" autoComplete="country-name" disabled={saving.isPending} />
            <SubmitWithStatus label="Save details" pendingLabel="Saving..." pending={form.sending} done={saving.data?.message} />
          </>
        )}
      </ZodForm>
    </>
  );
}
