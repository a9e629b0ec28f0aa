import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { admin, asha, creta, ravi, success, swift } from './mocks/answers';
import { overviewCounts } from './mocks/admin-answers';
import { fail, unreachable } from './mocks/routes';
import { acceptSignIn, hold, serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const PASSWORD = 'correct-horse-42';
const INVALID = 'Invalid email or password. Please try again.';

async function fillAndSubmit(user: ReturnType<typeof renderRoute>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('opens on the user tab with an optional email and a required password', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Owner' })).toHaveAttribute('aria-selected', 'false');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'text');
    expect(email).not.toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Sign in'));
  });

  it('signs a user in and goes to the home page', async () => {
    const calls = acceptSignIn(session(null), 'POST /carsSchema', asha);
    const { router, user } = renderRoute('/login');
    await fillAndSubmit(user, asha.email, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(calls.map((call) => call.body)).toEqual([{ email: 'asha@example.com', password: PASSWORD }]);
  });

  it('reads "Signing in…" with the inputs and button disabled while the call is under way', async () => {
    acceptSignIn(session(null), 'POST /carsSchema', asha);
    const release = hold('POST /carsSchema');
    const { router, user } = renderRoute('/login');
    await fillAndSubmit(user, asha.email, PASSWORD);

    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
  });

  it('says the email or password is wrong, keeps the person on the page and lets them try again', async () => {
    serve('POST /carsSchema', fail(401, serverSays.invalidLogin));
    const { router, user } = renderRoute('/login');
    await fillAndSubmit(user, asha.email, 'not-the-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
  });

  it('signs an owner in on the user tab as an owner, shows their cars and says which account it was', async () => {
    acceptSignIn(session(null), 'POST /carsSchema', ravi);
    serve('GET /get-cars', success([swift, creta]));
    const { router, user } = renderRoute('/login');
    await fillAndSubmit(user, ravi.email, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(await screen.findByText('This is an owner account, so you are signed in as an owner.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/so you are signed in as/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/get/cars');
  });

  it("shows the server's message after too many attempts (429)", async () => {
    serve('POST /carsSchema', fail(429, serverSays.tooManySignIns, { 'Retry-After': '900' }));
    const { user } = renderRoute('/login');
    await fillAndSubmit(user, 'asha@example.com', PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.tooManySignIns);
  });

  it('says the server could not be reached instead of blaming the password', async () => {
    serve('POST /carsSchema', unreachable);
    const { user } = renderRoute('/login');
    await fillAndSubmit(user, 'asha@example.com', PASSWORD);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach the server');
    expect(alert).not.toHaveTextContent(INVALID);
  });

  it('lets the error be dismissed', async () => {
    serve('POST /carsSchema', fail(401, serverSays.invalidLogin));
    const { user } = renderRoute('/login');
    await fillAndSubmit(user, 'asha@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('signs an owner in on the owner tab and shows their cars', async () => {
    acceptSignIn(session(null), 'POST /ownerloginSchema', ravi);
    serve('GET /get-cars', success([swift, creta]));
    const { router, user } = renderRoute('/login');
    await user.click(await screen.findByRole('tab', { name: 'Owner' }));
    await fillAndSubmit(user, ravi.email, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(await screen.findByText('Maruti Swift')).toBeInTheDocument();
  });

  it('signs a user in on the owner tab as a user, saying so on the home page', async () => {
    acceptSignIn(session(null), 'POST /ownerloginSchema', asha);
    const { router, user } = renderRoute('/login?tab=owner');
    await fillAndSubmit(user, asha.email, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(await screen.findByText('This is a user account, so you are signed in as a user.')).toBeInTheDocument();
  });

  it('signs an admin in on the user tab and lands on the admin console', async () => {
    acceptSignIn(session(null), 'POST /carsSchema', admin);
    serve('GET /api/admin/overview', overviewCounts);
    const { router, user } = renderRoute('/login');
    await fillAndSubmit(user, admin.email, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    // The user tab is where admins sign in: nothing to point out.
    expect(screen.queryByText(/so you are signed in as/)).not.toBeInTheDocument();
  });

  it('signs an admin in on the owner tab as an admin, saying so', async () => {
    acceptSignIn(session(null), 'POST /ownerloginSchema', admin);
    serve('GET /api/admin/overview', overviewCounts);
    const { router, user } = renderRoute('/login?tab=owner');
    await fillAndSubmit(user, admin.email, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByText('This is an admin account, so you are signed in as an admin.')).toBeInTheDocument();
  });

  it.each(['/login?tab=owner', '/ownerlogin'])('%s opens the owner tab', async (path) => {
    const { router } = renderRoute(path);
    expect(await screen.findByRole('tab', { name: 'Owner' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('links each tab to its own forgotten-password page and registration, and offers the cars without signing in', async () => {
    const { user } = renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Browse cars without signing in' })).toHaveAttribute('href', '/layout/cars');

    await user.click(screen.getByRole('tab', { name: 'Owner' }));
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/owner-forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?tab=owner');
  });

  it('opens the owner registration from the owner tab', async () => {
    const { router, user } = renderRoute('/login?tab=owner');
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    // Both pages have an Owner tab: the sign-up page's is the one to look at once it is there.
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(await screen.findByLabelText('Phone Number')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Owner' })).toHaveAttribute('aria-selected', 'true');
  });
});
