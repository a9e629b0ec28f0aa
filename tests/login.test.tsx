import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { API } from './mocks/api';
import { server } from './mocks/server';
import { SEEDED_PASSWORD, seededAccount } from './mocks/handlers/accounts';
import { holdRequests, watchRequests } from './requests';

const INVALID = 'Invalid email or password. Please try again.';

async function fillAndSubmit(user: ReturnType<typeof renderRoute>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('opens on the user tab with an optional email and a required password', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Become a Owner' })).toHaveAttribute('aria-selected', 'false');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'text');
    expect(email).not.toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Login'));
  });

  it('signs a user in and goes to the home page', async () => {
    const { router, user } = renderRoute('/login');
    const calls = watchRequests('post', '/carsSchema');
    await fillAndSubmit(user, seededAccount('user').email, SEEDED_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(calls).toEqual([{ email: 'asha@example.com', password: SEEDED_PASSWORD }]);
  });

  it('reads "Logging in..." with the inputs and button disabled while the call is under way', async () => {
    const { router, user } = renderRoute('/login');
    const release = holdRequests('post', '/carsSchema');
    await fillAndSubmit(user, seededAccount('user').email, SEEDED_PASSWORD);

    const button = await screen.findByRole('button', { name: 'Logging in...' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
  });

  it('says the email or password is wrong, keeps the person on the page and lets them try again', async () => {
    const { router, user } = renderRoute('/login');
    await fillAndSubmit(user, seededAccount('user').email, 'not-the-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
  });

  it("shows the server's own words when the account belongs on the other tab (403)", async () => {
    const { user } = renderRoute('/login');
    await fillAndSubmit(user, seededAccount('owner').email, SEEDED_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent('This is an owner account: sign in on the owner tab.');
  });

  it("shows the server's message after too many attempts (429)", async () => {
    server.use(
      http.post(`${API}/carsSchema`, () =>
        HttpResponse.json(
          { message: 'Too many sign-in attempts. Please wait 15 minutes and try again.' },
          { status: 429, headers: { 'Retry-After': '900' } },
        ),
      ),
    );
    const { user } = renderRoute('/login');
    await fillAndSubmit(user, 'asha@example.com', SEEDED_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Please wait 15 minutes');
  });

  it('says the server could not be reached instead of blaming the password', async () => {
    server.use(http.post(`${API}/carsSchema`, () => HttpResponse.error()));
    const { user } = renderRoute('/login');
    await fillAndSubmit(user, 'asha@example.com', SEEDED_PASSWORD);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach the server');
    expect(alert).not.toHaveTextContent(INVALID);
  });

  it('lets the error be dismissed', async () => {
    const { user } = renderRoute('/login');
    await fillAndSubmit(user, 'asha@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('signs an owner in on the owner tab and shows their cars', async () => {
    const { router, user } = renderRoute('/login');
    await user.click(await screen.findByRole('tab', { name: 'Become a Owner' }));
    await fillAndSubmit(user, seededAccount('owner').email, SEEDED_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(await screen.findByText('Maruti Swift')).toBeInTheDocument();
  });

  it('refuses a user account on the owner tab with the reason', async () => {
    const { user } = renderRoute('/login?tab=owner');
    await fillAndSubmit(user, seededAccount('user').email, SEEDED_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent('This is a user account: sign in on the user tab.');
  });

  it.each(['/login?tab=owner', '/ownerlogin'])('%s opens the owner tab', async (path) => {
    const { router } = renderRoute(path);
    expect(await screen.findByRole('tab', { name: 'Become a Owner' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('links each tab to its own forgotten-password page and to registration', async () => {
    const { user } = renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText(/Don't have an account\?/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Become a Owner' }));
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/owner-forgot-password');
  });
});
