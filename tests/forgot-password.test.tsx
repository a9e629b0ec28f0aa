import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { fail, unreachable } from './mocks/routes';
import { serve } from './mocks/serve';
import { serverSays } from './mocks/server-says';
import { expectFieldError } from './field-errors';

describe('forgot password page', () => {
  it.each(['/forgotpassword', '/Forgotpassword', '/owner-forgot-password'])(
    '%s asks the server to mail a reset link and shows its answer',
    async (path) => {
      const asked = serve('POST /api/password-reset', { message: serverSays.resetRequested });
      const { router, user } = renderRoute(path);
      expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Forgot Password'));
      await user.type(screen.getByLabelText('Email'), 'asha@example.com');
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      expect(await screen.findByRole('status')).toHaveTextContent(serverSays.resetRequested);
      expect(asked.map((call) => call.body)).toEqual([{ email: 'asha@example.com' }]);
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('says why the server refused and keeps the email typed', async () => {
    serve('POST /api/password-reset', fail(429, 'Too many reset links were asked for. Please try again in 60 minutes.'));
    const { user } = renderRoute('/forgotpassword');
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many reset links were asked for.');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
  });

  it('leads owners back to the owner tab of the login page', async () => {
    renderRoute('/owner-forgot-password');
    expect(await screen.findByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login?tab=owner');
  });
});

/** The check the page makes as it opens, answered as for a link that works for 30 more minutes. */
const linkWorks = () => serve('POST /api/password-reset/check', { expiresAt: '2030-01-01T10:30:00.000Z' });

describe('reset password page', () => {
  it('sets the new password with the token from the link and then offers to sign in', async () => {
    const checked = linkWorks();
    const set = serve('POST /api/password-reset/confirm', { message: serverSays.passwordSet });
    const { user } = renderRoute('/reset-password?token=abc123');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Choose a New Password'));
    await user.type(await screen.findByLabelText('New password'), 'a-new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(serverSays.passwordSet);
    expect(set.map((call) => call.body)).toEqual([
      { token: 'abc123', password: 'a-new-secret-1', confirmPassword: 'a-new-secret-1' },
    ]);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(checked.map((call) => call.body)).toEqual([{ token: 'abc123' }]);
  });

  it('says at once that a used link has been used, with the way to a new one and no password fields', async () => {
    serve('POST /api/password-reset/check', fail(400, serverSays.usedResetLink));
    const set = serve('POST /api/password-reset/confirm', unreachable);
    renderRoute('/reset-password?token=abc123');

    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.usedResetLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(set).toEqual([]);
  });

  it('refuses passwords that differ without asking the server', async () => {
    linkWorks();
    const set = serve('POST /api/password-reset/confirm', { message: serverSays.passwordSet });
    const { user } = renderRoute('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'a-new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-secret-2');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    await expectFieldError(screen.getByLabelText('Confirm new password'), serverSays.passwordsDiffer);
    expect(set).toEqual([]);
  });

  it('shows why a link that stopped working while the form was open does not work, and how to get a new one', async () => {
    linkWorks();
    serve('POST /api/password-reset/confirm', fail(400, serverSays.unknownResetLink));
    const { user } = renderRoute('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'a-new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.unknownResetLink);
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('without a token, says to open the link from the mail', async () => {
    renderRoute('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Open the link from the mail again.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotpassword');
  });
});
