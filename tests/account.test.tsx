import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, asha, ravi } from './mocks/answers';
import { fail } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';
import { expectFieldError } from './field-errors';

/** Signed in as `account`, whose account page loads it. */
function signedInAs(account: Account) {
  const state = session(account);
  serve('GET /api/account', { user: account });
  return state;
}

const details = () => within(screen.getByRole('region', { name: 'Your details' }));
const passwordSection = () => within(screen.getByRole('region', { name: 'Change password' }));

describe('account page', () => {
  it('shows the username and email as they are, and saves a renter’s phone number and country as the server stored them', async () => {
    signedInAs(asha);
    const saved = serve('PATCH /api/account', ({ body }) => {
      const { phoneNumber, country } = body as { phoneNumber: string; country: string };
      return { message: serverSays.detailsSaved, user: { ...asha, phoneNumber: phoneNumber.trim(), country: country.trim() } };
    });
    const { user } = renderRoute('/account');

    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Account'));
    expect(details().getByText('asha')).toBeInTheDocument();
    expect(details().getByText('asha@example.com')).toBeInTheDocument();
    expect(details().queryByRole('textbox', { name: /email|username/i })).not.toBeInTheDocument();

    await user.type(details().getByLabelText('Phone number'), ' +91 99000 11122 ');
    await user.type(details().getByLabelText('Country'), 'India');
    await user.click(details().getByRole('button', { name: 'Save details' }));

    expect(await details().findByRole('status')).toHaveTextContent(serverSays.detailsSaved);
    expect(saved.map((call) => call.body)).toEqual([{ phoneNumber: ' +91 99000 11122 ', country: 'India' }]);
    expect(details().getByLabelText('Phone number')).toHaveValue('+91 99000 11122');
  });

  it('refuses, before asking the server, to clear an owner’s phone number, keeping what was typed', async () => {
    signedInAs(ravi);
    const saved = serve('PATCH /api/account', { message: serverSays.detailsSaved, user: ravi });
    const { user } = renderRoute('/account');

    const phone = await screen.findByLabelText('Phone number');
    expect(phone).toHaveValue('+91 98765 43210');
    await user.clear(phone);
    await user.clear(details().getByLabelText('Country'));
    await user.type(details().getByLabelText('Country'), 'Nepal');
    await user.click(details().getByRole('button', { name: 'Save details' }));

    await expectFieldError(details().getByLabelText('Phone number'), serverSays.ownerPhoneRequired);
    expect(saved).toEqual([]);
    expect(details().getByLabelText('Phone number')).toHaveValue('');
    expect(details().getByLabelText('Country')).toHaveValue('Nepal');
  });

  it('shows why the server could not save the details next to the form, keeping what was typed', async () => {
    signedInAs(ravi);
    const saved = serve('PATCH /api/account', fail(500, serverSays.serverFault));
    const { user } = renderRoute('/account');

    const phone = await screen.findByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '080 4567 8901');
    await user.click(details().getByRole('button', { name: 'Save details' }));

    expect(await details().findByRole('alert')).toHaveTextContent(serverSays.serverFault);
    expect(saved).toHaveLength(1);
    expect(details().getByLabelText('Phone number')).toHaveValue('080 4567 8901');
    expect(details().queryByRole('status')).not.toBeInTheDocument();
  });

  it('refuses a phone number that is not one in the server’s words, without asking it', async () => {
    signedInAs(asha);
    const saved = serve('PATCH /api/account', { message: serverSays.detailsSaved, user: asha });
    const { user } = renderRoute('/account');

    await user.type(await screen.findByLabelText('Phone number'), 'call me');
    await user.click(details().getByRole('button', { name: 'Save details' }));

    await expectFieldError(details().getByLabelText('Phone number'), serverSays.notAPhoneNumber);
    expect(saved).toEqual([]);
    expect(details().getByLabelText('Phone number')).toHaveValue('call me');
  });

  it('changes the password with the current one, says the other devices were signed out, and empties the fields', async () => {
    signedInAs(ravi);
    const changed = serve('POST /api/account/password', { message: serverSays.passwordChanged });
    const { user } = renderRoute('/account');

    await user.type(await screen.findByLabelText('Current password'), 'the-old-secret');
    await user.type(passwordSection().getByLabelText('New password'), 'a-new-secret-1');
    await user.type(passwordSection().getByLabelText('Confirm new password'), 'a-new-secret-1');
    await user.click(passwordSection().getByRole('button', { name: 'Change password' }));

    expect(await passwordSection().findByRole('status')).toHaveTextContent(serverSays.passwordChanged);
    expect(changed.map((call) => call.body)).toEqual([
      { currentPassword: 'the-old-secret', password: 'a-new-secret-1', confirmPassword: 'a-new-secret-1' },
    ]);
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(passwordSection().getByLabelText(label)).toHaveValue('');
    }
  });

  it('shows a wrong current password refused, keeping what was typed', async () => {
    signedInAs(asha);
    serve('POST /api/account/password', fail(403, serverSays.wrongCurrentPassword));
    const { user, router } = renderRoute('/account');

    await user.type(await screen.findByLabelText('Current password'), 'not-it-at-all');
    await user.type(passwordSection().getByLabelText('New password'), 'a-new-secret-1');
    await user.type(passwordSection().getByLabelText('Confirm new password'), 'a-new-secret-1');
    await user.click(passwordSection().getByRole('button', { name: 'Change password' }));

    await expectFieldError(passwordSection().getByLabelText('Current password'), serverSays.wrongCurrentPassword);
    expect(passwordSection().getByLabelText('Current password')).toHaveFocus();
    expect(passwordSection().getByLabelText('Current password')).toHaveValue('not-it-at-all');
    expect(passwordSection().getByLabelText('New password')).toHaveValue('a-new-secret-1');
    expect(router.state.location.pathname).toBe('/account');
  });

  it('refuses new passwords that differ without asking the server', async () => {
    signedInAs(asha);
    const changed = serve('POST /api/account/password', { message: serverSays.passwordChanged });
    const { user } = renderRoute('/account');

    await user.type(await screen.findByLabelText('Current password'), 'the-old-secret');
    await user.type(passwordSection().getByLabelText('New password'), 'a-new-secret-1');
    await user.type(passwordSection().getByLabelText('Confirm new password'), 'a-new-secret-2');
    await user.click(passwordSection().getByRole('button', { name: 'Change password' }));

    await expectFieldError(passwordSection().getByLabelText('Confirm new password'), serverSays.passwordsDiffer);
    expect(changed).toEqual([]);
  });

  it('signs out of all devices and lands on the sign-in page, signed out', async () => {
    const state = signedInAs(admin);
    const ended = serve('DELETE /api/account/sessions', () => {
      state.holder = null;
      return undefined;
    });
    const { user, router } = renderRoute('/account');

    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(ended).toHaveLength(1);
    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
  });

  it('stays signed in and says so when the server could not sign out everywhere', async () => {
    signedInAs(asha);
    serve('DELETE /api/account/sessions', fail(500, serverSays.serverFault));
    const { user, router } = renderRoute('/account');

    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not sign you out.');
    expect(router.state.location.pathname).toBe('/account');
  });

  it('sends a signed-out visitor to sign in first', async () => {
    const { router } = renderRoute('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says when the account could not be loaded, with Retry', async () => {
    session(asha);
    serve('GET /api/account', { user: asha });
    serve('GET /api/account', fail(500, serverSays.serverFault), { once: true });
    const { user } = renderRoute('/account');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your account could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Phone number')).toHaveValue('');
  });
});
