import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { admin, asha, creta, ravi, success, swift } from './mocks/answers';
import { overviewCounts } from './mocks/admin-answers';
import { fail, unreachable } from './mocks/routes';
import { acceptSignIn, serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const PASSWORD = 'correct-horse-42';

async function signInWith(user: ReturnType<typeof renderRoute>['user'], login: string, password: string) {
  await user.type(await screen.findByLabelText('Username or Email'), login);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page (/start)', () => {
  it('shows the fields and links the spec names', async () => {
    renderRoute('/start');
    expect(await screen.findByLabelText('Username or Email')).not.toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Do you need an Account?' })).toHaveAttribute('href', '/signup');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Sign in'));
  });

  it('signs a renter in by username through POST / and goes home', async () => {
    const calls = acceptSignIn(session(null), 'POST /', asha);
    const { router, user } = renderRoute('/start');
    await signInWith(user, 'asha', PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(calls.map((call) => call.body)).toEqual([{ email: 'asha', password: PASSWORD }]);
  });

  it('takes an owner to their cars', async () => {
    acceptSignIn(session(null), 'POST /', ravi);
    serve('GET /get-cars', success([swift, creta]));
    const { router, user } = renderRoute('/start');
    await signInWith(user, 'ravi@example.com', PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(await screen.findByRole('heading', { name: 'Your Cars' })).toBeInTheDocument();
  });

  it('takes an admin to the admin console', async () => {
    acceptSignIn(session(null), 'POST /', admin);
    serve('GET /api/admin/overview', overviewCounts);
    const { router, user } = renderRoute('/start');
    await signInWith(user, admin.username, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
  });

  it('shows a clear message for a wrong password', async () => {
    serve('POST /', fail(401, serverSays.invalidLogin));
    const { router, user } = renderRoute('/start');
    await signInWith(user, 'asha', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
    expect(router.state.location.pathname).toBe('/start');
  });

  it('says so when the server cannot be reached', async () => {
    serve('POST /', unreachable);
    const { user } = renderRoute('/start');
    await signInWith(user, 'asha', PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server');
  });
});
