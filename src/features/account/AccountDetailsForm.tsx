import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import type { Account, Role } from '../../domain/contract';
import { toApiError } from '../../lib/api-client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { SubmitWithStatus } from '../../components/SubmitWithStatus';
import { useUpdateAccount } from './queries';

const ROLE_NAMES: Record<Role, string> = { user: 'Renter', owner: 'Owner', admin: 'Admin' };

/** Owners keep both details, which renters who book their cars use; for everyone else they are optional. */
const DETAILS_NOTE: Record<Role, string> = {
  owner: 'Owner accounts need both: renters who book your cars use them to reach you.',
  user: 'Both are optional: leave one blank to remove it.',
  admin: 'Both are optional: leave one blank to remove it.',
};

/** Username and email as they are (they identify the account and cannot be changed), then the phone number and country to edit. */
export function AccountDetailsForm({ account }: { account: Account }) {
  const [phoneNumber, setPhoneNumber] = useState(account.phoneNumber ?? '');
  const [country, setCountry] = useState(account.country ?? '');
  const saving = useUpdateAccount(account.role);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    saving.mutate(
      { phoneNumber, country },
      {
        // The server trims what it stores: the form shows what was saved.
        onSuccess: ({ user }) => {
          setPhoneNumber(user.phoneNumber ?? '');
          setCountry(user.country ?? '');
        },
      },
    );
  };

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
      <Form onSubmit={handleSubmit}>
        <p>{DETAILS_NOTE[account.role]}</p>
        <ErrorAlert message={saving.error ? toApiError(saving.error).message : null} onClose={saving.reset} />
        <FormField
          label="Phone number"
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          value={phoneNumber}
          onChange={setPhoneNumber}
          disabled={saving.isPending}
        />
        <FormField
          label="Country"
          name="country"
          autoComplete="country-name"
          value={country}
          onChange={setCountry}
          disabled={saving.isPending}
        />
        <SubmitWithStatus label="Save details" pendingLabel="Saving..." pending={saving.isPending} done={saving.data?.message} />
      </Form>
    </>
  );
}
