import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BookingReceipt } from '../src/domain/contract';
import { renderRoute } from './render';
import { asha, booking, fleetCar, paged, ravi, swift, uuid } from './mocks/answers';
import { fail, unreachable } from './mocks/routes';
import { serve, session } from './mocks/serve';

const NO_SUCH_BOOKING = 'There is no such booking among yours.';

/**
 * asha's booking of ravi's Maruti Swift as `GET /api/bookings/{id}` answers it: 5 hours at ₹1,234 with
 * a driver, requested, unless overridden.
 */
function receipt(overrides: Partial<BookingReceipt> = {}): BookingReceipt {
  return {
    ...booking({ hours: 5, pricePerHour: 1234, pricePerDay: 1234, total: 6320, amountPaise: 632_000 }),
    payment: { status: 'held', amountPaise: 632_000 },
    history: [{ status: 'requested', at: '2026-01-05T14:30:00+05:30' }],
    contacts: {},
    ...overrides,
  };
}

const accepted: Partial<BookingReceipt> = {
  status: 'accepted',
  payment: { status: 'captured', amountPaise: 632_000 },
  history: [
    { status: 'requested', at: '2026-01-05T14:30:00+05:30' },
    { status: 'accepted', at: '2026-01-06T09:15:00+05:30' },
  ],
};

/** The price table's rows as a person reads them: the line, then its amount. */
function breakdownRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Price' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [within(row).getByRole('rowheader').textContent ?? '', within(row).getByRole('cell').textContent ?? '']);
}

describe('a booking’s receipt', () => {
  it('shows the number, the car, the period in India time and the server’s breakdown line by line', async () => {
    session(asha);
    const calls = serve('GET /api/bookings/:id', receipt());
    renderRoute(`/bookings/${uuid(301)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Booking WOW-00301' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Booking WOW-00301'));
    expect(calls.map((call) => call.params)).toEqual([{ id: uuid(301) }]);
    expect(screen.getByRole('link', { name: 'Maruti Swift' })).toHaveAttribute('href', `/cars/${swift.id}`);
    expect(screen.getByText('Jan 31 2030 10:00 – Jan 31 2030 18:00 (India time)')).toBeInTheDocument();
    expect(breakdownRows()).toEqual([
      ['5 hours × ₹1,234.00', '₹6,170.00'],
      ['Driver: 5 hours × ₹30.00', '₹150.00'],
      ['Total', '₹6,320.00'],
    ]);
  });

  it('has no driver line without a driver, and shows the total the server computed', async () => {
    session(asha);
    serve('GET /api/bookings/:id', receipt({ hours: 1, driver: false, pricePerHour: 75, pricePerDay: 75, total: 75 }));
    renderRoute(`/bookings/${uuid(301)}`);

    await screen.findByRole('table', { name: 'Price' });
    expect(breakdownRows()).toEqual([
      ['1 hour × ₹75.00', '₹75.00'],
      ['Total', '₹75.00'],
    ]);
    expect(screen.queryByText(/^Driver:/)).not.toBeInTheDocument();
  });

  it('says where the money stands, never “paid” before it was taken, and lists the history with its times', async () => {
    session(asha);
    serve('GET /api/bookings/:id', receipt());
    const { unmount } = renderRoute(`/bookings/${uuid(301)}`);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Card payment held: taken only when the request is accepted');
    expect(payment).not.toHaveTextContent(/\bpaid\b/i);
    unmount();

    serve('GET /api/bookings/:id', receipt({ ...accepted, payment: { ...accepted.payment!, ref: 'ch_3PqR' } }));
    renderRoute(`/bookings/${uuid(301)}`);
    expect(await screen.findByRole('region', { name: 'Payment' })).toHaveTextContent('Paid by card');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Reference: ch_3PqR');
    const history = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      'requested Jan 05 2026 14:30 (India time)',
      'accepted Jan 06 2026 09:15 (India time)',
    ]);
  });

  it('says WheelsOnWeb cancelled the booking, with the admin’s reason, beside its status, and that the money went back', async () => {
    session(asha);
    serve(
      'GET /api/bookings/:id',
      receipt({
        status: 'cancelled',
        cancelReason: 'The car failed its safety check.',
        payment: { status: 'refunded', amountPaise: 632_000 },
        history: [...(accepted.history ?? []), { status: 'cancelled', at: '2026-01-07T11:00:00+05:30' }],
      }),
    );
    renderRoute(`/bookings/${uuid(301)}`);

    const note = await screen.findByText('Cancelled by WheelsOnWeb: The car failed its safety check.');
    expect(note.closest('dd')).toHaveTextContent(/^cancelled/);
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent(/refunded/i);
  });

  it('shows no one to call until the server names someone', async () => {
    session(asha);
    serve('GET /api/bookings/:id', receipt());
    renderRoute(`/bookings/${uuid(301)}`);

    await screen.findByRole('table', { name: 'Price' });
    expect(screen.queryByRole('region', { name: 'Who to call' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^\+91/ })).not.toBeInTheDocument();
  });

  it('gives the renter the owner’s name and a phone link once accepted', async () => {
    session(asha);
    serve('GET /api/bookings/:id', receipt({ ...accepted, contacts: { carKeeper: { name: 'ravi', phone: '+91 98765 43210' } } }));
    renderRoute(`/bookings/${uuid(301)}`);

    const contacts = await screen.findByRole('region', { name: 'Who to call' });
    expect(contacts).toHaveTextContent('Car owner');
    expect(contacts).toHaveTextContent('ravi');
    expect(within(contacts).getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(within(contacts).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← My bookings' })).toHaveAttribute('href', '/bookings');
  });

  it('gives the renter of a fleet car the platform’s support', async () => {
    session(asha);
    const bmw = fleetCar('Kia Seltos');
    serve(
      'GET /api/bookings/:id',
      receipt({
        ...accepted,
        car: { id: bmw.id, kind: 'fleet', carName: bmw.carName },
        contacts: { carKeeper: { name: 'WheelsOnWeb support', phone: '+91 80 4000 1234', email: 'help@wheelsonweb.in' } },
      }),
    );
    renderRoute(`/bookings/${uuid(301)}`);

    const contacts = await screen.findByRole('region', { name: 'Who to call' });
    expect(contacts).toHaveTextContent('Support');
    expect(within(contacts).getByRole('link', { name: '+91 80 4000 1234' })).toHaveAttribute('href', 'tel:+918040001234');
    expect(within(contacts).getByRole('link', { name: 'help@wheelsonweb.in' })).toHaveAttribute(
      'href',
      'mailto:help@wheelsonweb.in',
    );
    expect(screen.getByRole('link', { name: 'Kia Seltos' })).toHaveAttribute('href', '/cars/Kia%20Seltos');
  });

  it('gives the owner the renter’s name, email and phone, and a way back to the requests', async () => {
    session(ravi);
    serve(
      'GET /api/bookings/:id',
      receipt({ ...accepted, contacts: { renter: { name: 'asha', email: 'asha@example.com', phone: '+91 91234 56789' } } }),
    );
    renderRoute(`/bookings/${uuid(301)}`);

    const contacts = await screen.findByRole('region', { name: 'Who to call' });
    expect(contacts).toHaveTextContent('Renter');
    expect(within(contacts).getByRole('link', { name: 'asha@example.com' })).toHaveAttribute('href', 'mailto:asha@example.com');
    expect(within(contacts).getByRole('link', { name: '+91 91234 56789' })).toHaveAttribute('href', 'tel:+919123456789');
    expect(contacts).not.toHaveTextContent('Car owner');
    expect(screen.getByRole('link', { name: '← Rental requests' })).toHaveAttribute('href', '/get/requests');
  });

  it('prints with the browser’s print dialog', async () => {
    session(asha);
    serve('GET /api/bookings/:id', receipt());
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderRoute(`/bookings/${uuid(301)}`);

    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('says plainly when the booking is not among the person’s own', async () => {
    session(asha);
    serve('GET /api/bookings/:id', fail(404, NO_SUCH_BOOKING));
    renderRoute(`/bookings/${uuid(399)}`);

    expect(await screen.findByText(NO_SUCH_BOOKING)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Booking not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Booking not found'));
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says the same of an address that cannot name a booking, without asking the server', async () => {
    session(asha);
    const calls = serve('GET /api/bookings/:id', receipt());
    renderRoute('/bookings/WOW-00301');

    expect(await screen.findByText(NO_SUCH_BOOKING)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows a failure with a Retry that loads the receipt', async () => {
    session(asha);
    serve('GET /api/bookings/:id', receipt());
    serve('GET /api/bookings/:id', unreachable, { once: true });
    const { user } = renderRoute(`/bookings/${uuid(301)}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(/The booking could not be loaded/);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking WOW-00301' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in', async () => {
    renderRoute(`/bookings/${uuid(301)}`);
    expect(await screen.findByRole('tab', { name: 'User' })).toBeInTheDocument();
  });
});

describe('the booking lists', () => {
  it.each([
    ['My bookings', '/bookings', asha],
    ['Rental requests', '/get/requests', ravi],
  ])('%s show each booking’s number and link to its receipt', async (_list, path, person) => {
    session(person);
    serve('GET /api/bookings', paged([booking({ number: 'WOW-00042' })]));
    serve('GET /api/bookings/:id', receipt({ number: 'WOW-00042' }));
    const { user } = renderRoute(path);

    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Booking WOW-00042');
    await user.click(within(item).getByRole('link', { name: 'Receipt of booking WOW-00042' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking WOW-00042' })).toBeInTheDocument();
  });
});
