import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { recordAllRequests } from './mocks/serve';

describe('forgot password page', () => {
  it.each(['/forgotpassword', '/Forgotpassword', '/owner-forgot-password'])(
    '%s says plainly that reset by email is not available and whom to contact',
    async (path) => {
      renderRoute(path);
      expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
      expect(screen.getByText(/Password reset by email is not available yet/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/layout/contact');
      await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Forgot Password'));
    },
  );

  it('sends nothing on Submit, stays on the page and says no email was sent', async () => {
    const { router, user } = renderRoute('/forgotpassword');
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    const requests = recordAllRequests();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('status')).toHaveTextContent('No email was sent.');
    expect(router.state.location.pathname).toBe('/forgotpassword');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(requests).toEqual([]);
  });

  it('leads owners back to the owner tab of the login page', async () => {
    renderRoute('/owner-forgot-password');
    expect(await screen.findByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login?tab=owner');
  });
});
