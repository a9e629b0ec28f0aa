import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { asha, ravi, success, swift } from './mocks/answers';
import { fail, unreachable } from './mocks/routes';
import { acceptRegistration, serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';
import { expectFieldError } from './field-errors';

type User = ReturnType<typeof renderRoute>['user'];

async function fillUserForm(user: User, values: { username: string; email: string; password: string; confirm: string }) {
  await user.type(await screen.findByLabelText('Username'), values.username);
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
}

async function fillOwnerForm(user: User, confirm: string) {
  await user.click(await screen.findByRole('tab', { name: 'Owner' }));
  await user.type(screen.getByLabelText('Username'), 'kiran');
  await user.type(screen.getByLabelText('Email'), 'kiran@example.com');
  await user.type(screen.getByLabelText('Phone Number'), '+91 99887 76655');
  // A marketplace for India starts owners in India; another country is typed over it.
  expect(screen.getByLabelText('Country')).toHaveValue('India');
  await user.type(screen.getByLabelText('Password'), 'kiran-pass-1');
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
}

const newUser = { username: 'dev', email: 'dev@example.com', password: 'dev-pass-123', confirm: 'dev-pass-123' };

describe('registration page', () => {
  it('opens on the user form: every field required, the email typed as email, the password rule shown', async () => {
    renderRoute('/signup');
    expect(await screen.findByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Register'));
  });

  it('registers a user, who is then signed in and taken to the home page', async () => {
    const state = session(null);
    const dev = { ...asha, username: 'dev', email: 'dev@example.com' };
    const calls = acceptRegistration(state, 'POST /register/user', dev);
    const { router, user } = renderRoute('/signup');
    await fillUserForm(user, newUser);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(calls.map((call) => call.body)).toEqual([
      { username: 'dev', email: 'dev@example.com', password: 'dev-pass-123', confirmPassword: 'dev-pass-123' },
    ]);
    // Signed in: the header names the account.
    expect(await screen.findByRole('button', { name: 'Signed in as dev' })).toBeInTheDocument();
  });

  it('refuses different passwords without sending anything', async () => {
    const calls = serve('POST /register/user', fail(400, serverSays.passwordsDiffer));
    const { router, user } = renderRoute('/signup');
    await fillUserForm(user, { ...newUser, confirm: 'something-else' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await expectFieldError(screen.getByLabelText('Confirm Password'), 'Passwords do not match.');
    expect(calls).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/signup');
  });

  it("shows the server's message when the email is taken and keeps what was typed", async () => {
    serve('POST /register/user', fail(409, serverSays.alreadyRegistered));
    const { user } = renderRoute('/signup');
    await fillUserForm(user, { ...newUser, email: 'asha@example.com' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.alreadyRegistered);
    expect(screen.getByLabelText('Username')).toHaveValue('dev');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('dev-pass-123');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('falls back to a general message when the server gives no reason', async () => {
    // Not an answer our server gives (it always says why), so deliberately not a contract answer.
    serve('POST /register/user', () => new HttpResponse(null, { status: 500 }));
    const { user } = renderRoute('/signup');
    await fillUserForm(user, newUser);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });

  it('says so when the server cannot be reached', async () => {
    serve('POST /register/user', unreachable);
    const { user } = renderRoute('/signup');
    await fillUserForm(user, newUser);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server');
  });

  it('registers an owner, who is then signed in and taken to their cars', async () => {
    const owner = { ...ravi, username: 'kiran', email: 'kiran@example.com', phoneNumber: '+91 99887 76655' };
    const calls = acceptRegistration(session(null), 'POST /register/owner', owner);
    serve('GET /get-cars', success([swift]));
    const { router, user } = renderRoute('/signup');
    await fillOwnerForm(user, 'kiran-pass-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(calls.map((call) => call.body)).toEqual([
      {
        username: 'kiran',
        email: 'kiran@example.com',
        phoneNumber: '+91 99887 76655',
        country: 'India',
        password: 'kiran-pass-1',
        confirmPassword: 'kiran-pass-1',
      },
    ]);
    expect(await screen.findByText(swift.carname)).toBeInTheDocument();
  });

  it("leaves the owner's password check to the server and shows its answer", async () => {
    const calls = serve('POST /register/owner', fail(400, serverSays.passwordsDiffer));
    const { user } = renderRoute('/signup');
    await fillOwnerForm(user, 'a-different-one');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.passwordsDiffer);
    expect(calls).toHaveLength(1);
    expect(screen.getByLabelText('Phone Number')).toHaveValue('+91 99887 76655');
  });

  it('requires every owner field', async () => {
    const { user } = renderRoute('/signup');
    await user.click(await screen.findByRole('tab', { name: 'Owner' }));
    for (const label of ['Username', 'Email', 'Phone Number', 'Country', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
  });
});
