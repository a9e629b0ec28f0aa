import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ADMIN_PAGE_SIZE, AdminOptionalReason, type AdminBooking, type BookingStatus } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, paged, uuid } from './mocks/answers';
import { adminBooking, consoleBookings, fleetRequest } from './mocks/admin-answers';
import { fail, type Call } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const REASON_REQUIRED = 'Reason is required: say why, in 1 to 500 characters.';

/** The console's bookings, paged and filtered by status as the server pages them. */
function serveBookings(bookings: AdminBooking[]) {
  return serve('GET /api/admin/bookings', ({ query }) => {
    const matching = query.status ? bookings.filter((booking) => booking.status === query.status) : bookings;
    return paged(matching, Number(query.page ?? 1), ADMIN_PAGE_SIZE);
  });
}

/** The bookings as the server keeps them, each step leaving it with nothing more for an admin to do. */
function serveChangingBookings() {
  let bookings = consoleBookings;
  const step =
    (status: BookingStatus) =>
    ({ params, body }: Call) => {
      const { reason } = AdminOptionalReason.parse(body);
      bookings = bookings.map((booking) =>
        booking.id === params.id
          ? { ...booking, status, adminActions: [], ...(status === 'cancelled' && reason ? { cancelReason: reason } : {}) }
          : booking,
      );
      return bookings.find((booking) => booking.id === params.id) ?? fail(404, 'No booking has this id.');
    };
  serve('GET /api/admin/bookings', () => paged(bookings, 1, ADMIN_PAGE_SIZE));
  return {
    accepts: serve('POST /api/admin/bookings/:id/accept', step('accepted')),
    cancels: serve('POST /api/admin/bookings/:id/cancel', step('cancelled')),
  };
}

const rowOf = (number: string) => screen.getByRole('row', { name: new RegExp(number) });
const buttonsIn = (number: string) =>
  within(rowOf(number))
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('the bookings list', () => {
  it('shows every booking with its car, people, period, amount, status with the reason, and payment', async () => {
    session(admin);
    const calls = serveBookings(consoleBookings);
    renderRoute('/admin/bookings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings (3)' })).toBeInTheDocument();
    expect(calls[0]?.query).toEqual({});
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Booking',
      'Car',
      'Renter',
      'Owner',
      'Period',
      'Amount',
      'Status',
      'Payment',
      'Actions',
    ]);
    expect(
      within(rowOf('WOW-00042'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'WOW-00042made Feb 05 2026 10:00',
      'Maruti Ertiga',
      'asha',
      'Fleet',
      'Feb 10 2030 09:00 – Feb 10 2030 13:004 hours',
      '₹260.00',
      'requested',
      'HeldRazorpay (upi)',
      'AcceptDeclineCancelRead messages',
    ]);
    expect(within(rowOf('WOW-00042')).getByRole('link', { name: 'Maruti Ertiga' })).toHaveAttribute(
      'href',
      '/cars/Maruti%20Ertiga',
    );
    const cells = within(rowOf('WOW-00301')).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('ravi');
    expect(cells[4]).toHaveTextContent('8 hours, with a driver');
    expect(cells[5]).toHaveTextContent('₹560.00');
    expect(cells[7]).toHaveTextContent('Not paid');
    expect(within(rowOf('WOW-00043')).getAllByRole('cell')[6]).toHaveTextContent(
      'cancelledCancelled by WheelsOnWeb: The car failed its safety check.',
    );
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Bookings'));
  });

  it('says who cancelled a booking and how much of its payment went back', async () => {
    session(admin);
    const lateCancel = adminBooking({
      status: 'cancelled',
      cancelledBy: 'renter',
      amountPaise: 56_000,
      payment: { status: 'refunded', provider: 'razorpay', method: 'upi', amountPaise: 56_000 },
      refund: { basePaise: 28_000, taxPaise: 0, amountPaise: 28_000 },
      adminActions: [],
    });
    const byOwner = adminBooking({
      id: uuid(344),
      number: 'WOW-00044',
      status: 'cancelled',
      cancelledBy: 'carKeeper',
      adminActions: [],
    });
    serveBookings([lateCancel, byOwner]);
    renderRoute('/admin/bookings');

    await screen.findByRole('heading', { level: 1, name: 'Bookings (2)' });
    const cells = within(rowOf(lateCancel.number)).getAllByRole('cell');
    expect(cells[6]).toHaveTextContent(/^cancelledCancelled by the renter$/);
    expect(cells[7]).toHaveTextContent(/^Refunded₹280.00 of ₹560.00 given backRazorpay \(upi\)$/);
    expect(within(rowOf('WOW-00044')).getAllByRole('cell')[6]).toHaveTextContent(/^cancelledCancelled by the owner$/);
  });

  it("offers exactly the steps the server lists in each booking's adminActions", async () => {
    session(admin);
    serveBookings([
      fleetRequest,
      adminBooking(),
      adminBooking({ _id: uuid(344), id: uuid(344), number: 'WOW-00044', adminActions: ['accept', 'decline'] }),
      adminBooking({ _id: uuid(345), id: uuid(345), number: 'WOW-00045', status: 'accepted', adminActions: [] }),
    ]);
    renderRoute('/admin/bookings');

    await screen.findByRole('heading', { level: 1, name: 'Bookings (4)' });
    expect(buttonsIn('WOW-00042')).toEqual(['Accept', 'Decline', 'Cancel', 'Read messages']);
    expect(buttonsIn('WOW-00301')).toEqual(['Cancel', 'Read messages']);
    expect(buttonsIn('WOW-00044')).toEqual(['Accept', 'Decline', 'Read messages']);
    expect(buttonsIn('WOW-00045')).toEqual(['Read messages']);
    expect(screen.getByRole('button', { name: 'Cancel booking WOW-00301' })).toBeInTheDocument();
  });

  it('puts the search and the filters in the address and the request', async () => {
    session(admin);
    const calls = serveBookings(consoleBookings);
    const { user, router } = renderRoute('/admin/bookings');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'Cancelled');
    await waitFor(() => expect(router.state.location.search).toBe('?status=cancelled'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings (1)' })).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ status: 'cancelled' });

    await user.type(screen.getByRole('searchbox', { name: 'Number, car or username' }), 'wow-43{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), 'Refunded');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cars' }), "Owners' cars");
    await waitFor(() => expect(router.state.location.search).toBe('?status=cancelled&q=wow-43&payment=refunded&kind=listed'));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toEqual({ q: 'wow-43', status: 'cancelled', payment: 'refunded', kind: 'listed' }),
    );
  });

  it('pages past 50 bookings, from the page in the address', async () => {
    session(admin);
    const many = Array.from({ length: 75 }, (_, n) =>
      adminBooking({ _id: uuid(2000 + n), id: uuid(2000 + n), number: `WOW-${String(n + 1).padStart(5, '0')}` }),
    );
    const calls = serveBookings(many);
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    onTestFinished(() => scrolled.mockRestore());
    renderRoute('/admin/bookings?page=2&status=requested');

    expect(await screen.findByText('WOW-00051')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ status: 'requested', page: '2' });
    expect(screen.getByRole('navigation', { name: 'Bookings pages' })).toHaveTextContent('51–75 of 75');
    expect(screen.queryByText('WOW-00050')).not.toBeInTheDocument();
  });
});

describe("an admin's steps on a booking", () => {
  it('cancels only with a reason, naming the booking, its renter and its car, and shows it cancelled with the reason', async () => {
    session(admin);
    const { cancels } = serveChangingBookings();
    const { user } = renderRoute('/admin/bookings');

    await user.click(await screen.findByRole('button', { name: 'Cancel booking WOW-00301' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking WOW-00301 of renter asha for the Maruti Swift?' });
    expect(dialog).toHaveTextContent('any money taken is refunded in full');
    expect(dialog).toHaveTextContent('asha and ravi read it with the booking and are mailed it.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(cancels).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The car failed its safety check.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatchObject({ params: { id: adminBooking().id }, body: { reason: 'The car failed its safety check.' } });
    expect(screen.getByRole('status')).toHaveTextContent('Booking WOW-00301 is cancelled.');
    expect(within(rowOf('WOW-00301')).getAllByRole('cell')[6]).toHaveTextContent(
      'cancelledCancelled by WheelsOnWeb: The car failed its safety check.',
    );
    expect(buttonsIn('WOW-00301')).toEqual(['Read messages']);
  });

  it('keeps the booking when the admin thinks better of cancelling it', async () => {
    session(admin);
    const { cancels } = serveChangingBookings();
    const { user } = renderRoute('/admin/bookings');

    await user.click(await screen.findByRole('button', { name: 'Cancel booking WOW-00042' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel booking WOW-00042 of renter asha for the Maruti Ertiga?',
    });
    expect(dialog).toHaveTextContent('asha reads it with the booking and is mailed it.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancels).toHaveLength(0);
  });

  it("accepts a fleet car's request with no reason sent when none is typed", async () => {
    session(admin);
    const { accepts } = serveChangingBookings();
    const { user } = renderRoute('/admin/bookings');

    await user.click(await screen.findByRole('button', { name: 'Accept booking WOW-00042' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Accept booking WOW-00042 of renter asha for the Maruti Ertiga?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Accept request' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Booking WOW-00042 is accepted.'));
    expect(accepts).toHaveLength(1);
    expect(accepts[0]?.body).toEqual({});
    expect(within(rowOf('WOW-00042')).getByText('accepted')).toBeInTheDocument();
  });

  it("says a fleet booking's renter did not come, telling what becomes of the money first", async () => {
    session(admin);
    const waited = adminBooking({ ...fleetRequest, status: 'accepted', adminActions: ['cancel', 'no_show'] });
    serveBookings([waited]);
    const noShows = serve('POST /api/admin/bookings/:id/no_show', () =>
      adminBooking({ ...waited, status: 'no_show_renter', adminActions: [] }),
    );
    const { user } = renderRoute('/admin/bookings');

    await user.click(await screen.findByRole('button', { name: 'Say the renter of booking WOW-00042 did not come' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Say renter asha did not come for booking WOW-00042 of the Maruti Ertiga?',
    });
    expect(dialog).toHaveTextContent(
      "Money taken is kept as the booking's cancellation policy keeps a cancellation after the start, and the rest is refunded.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Renter did not come' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Booking WOW-00042 ended: the renter did not come.'),
    );
    expect(noShows.map(({ params, body }) => ({ id: params.id, body }))).toEqual([{ id: waited.id, body: {} }]);
  });

  it("shows the server's refusal inside the dialog", async () => {
    session(admin);
    serveBookings(consoleBookings);
    serve('POST /api/admin/bookings/:id/accept', fail(409, serverSays.alreadyBooked));
    const { user } = renderRoute('/admin/bookings');

    await user.click(await screen.findByRole('button', { name: 'Accept booking WOW-00042' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Accept booking WOW-00042 of renter asha for the Maruti Ertiga?',
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Regular customer.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept request' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverSays.alreadyBooked);
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toHaveValue('Regular customer.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
