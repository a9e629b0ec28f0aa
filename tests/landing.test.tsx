import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';

describe('landing page', () => {
  it('shows the tagline and the three calls to action with the spec targets', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Best offers and variety of cars for your need!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rent Now' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Earn With Us' })).toHaveAttribute('href', '/login?tab=owner');
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/Signup');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Welcome'));
  });

  it('takes Register Now to the registration page', async () => {
    const { router, user } = renderRoute('/');
    await user.click(await screen.findByRole('link', { name: 'Register Now' }));
    expect(await screen.findByRole('tab', { name: 'User' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Signup');
  });

  it('opens the owner sign-in from Earn With Us, where owners sign in', async () => {
    const { user } = renderRoute('/');
    await user.click(await screen.findByRole('link', { name: 'Earn With Us' }));
    expect(await screen.findByRole('tab', { name: 'Owner' })).toHaveAttribute('aria-selected', 'true');
  });
});
