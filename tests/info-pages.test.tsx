import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRIVER_SURCHARGE_PER_HOUR } from '../src/domain/booking-total';
import { formatRupees } from '../src/domain/money';
import { renderRoute } from './render';
import { serve } from './mocks/serve';

describe('privacy policy', () => {
  it('says what is stored and why, and where to ask for deletion: the contact page and the configured support email', async () => {
    serve('GET /api/config', { payments: {}, support: { email: 'privacy@wheelsonweb.in' } });
    renderRoute('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/stored only as a scrypt hash/)).toBeInTheDocument();
    expect(screen.getByText(/Your card number, UPI ID and bank details go to the provider/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Asking for your data, or for its deletion' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'contact page' })).toHaveAttribute(
      'href',
      '/layout/contact',
    );
    // The footer shows the support email too; this is the policy's own.
    expect(await within(screen.getByRole('main')).findByRole('link', { name: 'privacy@wheelsonweb.in' })).toHaveAttribute(
      'href',
      'mailto:privacy@wheelsonweb.in',
    );
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Privacy Policy'));
  });

  it('points to the contact page alone when the server has no support email', async () => {
    const asked = serve('GET /api/config', { payments: {} });
    renderRoute('/privacy');
    expect(await screen.findByRole('link', { name: 'contact page' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });
});

describe('terms of use', () => {
  it('states the booking rules with the amounts the booking total uses', async () => {
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    expect(screen.getByText(/counted in whole hours,\s+rounded down/)).toBeInTheDocument();
    expect(
      screen.getByText(`A driver adds ${formatRupees(DRIVER_SURCHARGE_PER_HOUR)} an hour.`, { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText(/A request nobody has answered expires when its period begins/)).toBeInTheDocument();
    expect(screen.getByText(/You can cancel your request or your accepted booking until its period begins/)).toBeInTheDocument();
    // The refund the server enforces, in its own numbers from /api/config.
    expect(
      await screen.findByText(
        /refunded in full when you cancel at least 24 hours before its period begins; later, 50% of the price and 50% of its GST/,
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Terms of Use'));
  });
});

describe('addresses kept from the spec', () => {
  it('/bookcar says where booking happens and leads to the cars and to My bookings', async () => {
    renderRoute('/bookcar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a car' })).toBeInTheDocument();
    expect(screen.getByText(/Cars are booked from their own page/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars' })).toHaveAttribute('href', '/layout/cars');
    expect(screen.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/bookings');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Book a car'));
  });

  it('/notfound says the page is not ready and leads to the cars and to My bookings', async () => {
    renderRoute('/notfound');
    expect(await screen.findByRole('heading', { level: 1, name: 'This page is not ready yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars' })).toHaveAttribute('href', '/layout/cars');
    expect(screen.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/bookings');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Under construction'));
  });
});
