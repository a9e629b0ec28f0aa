import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingAction, type Booking, type BookingStatus, type Review } from '../src/domain/contract';
import { formatIndiaTime } from '../src/domain/india-time';
import { renderRoute } from './render';
import { admin, asha, booking, fleetCar, paged, ravi, uuid } from './mocks/answers';
import { fail, unreachable } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const DAY = 24 * 60 * 60 * 1000;

/** A request from asha for ravi's Maruti Swift, starting tomorrow at 10:00 India time. */
function swiftRequest(overrides: Partial<Booking> = {}): Booking {
  const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  return booking({ from: `${tomorrow}T10:00:00+05:30`, to: `${tomorrow}T18:00:00+05:30`, ...overrides });
}

/** asha's trip in ravi's Maruti Swift that ended yesterday at 18:00 India time. */
function pastTrip(n: number, overrides: Partial<Booking> = {}): Booking {
  const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
  return booking({
    _id: uuid(n),
    id: uuid(n),
    number: `WOW-${String(n).padStart(5, '0')}`,
    from: `${yesterday}T10:00:00+05:30`,
    to: `${yesterday}T18:00:00+05:30`,
    status: 'accepted',
    ...overrides,
  });
}

function review(rating: number, comment?: string): Review {
  return {
    _id: uuid(900),
    id: uuid(900),
    rating,
    ...(comment ? { comment } : {}),
    author: asha.username,
    createdAt: '2026-01-06T09:00:00.000Z',
  };
}

const STATUS_AFTER: Record<BookingAction, BookingStatus> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  no_show: 'no_show_renter',
};

/**
 * `GET /api/bookings` answers these bookings; a step the app takes on one answers it with its new
 * status and the list shows that from then on. Returns the steps' calls.
 */
function serveBookings(...initial: Booking[]) {
  let bookings = initial;
  serve('GET /api/bookings', () => paged(bookings));
  return serve('POST /api/bookings/:id/:action', ({ params }) => {
    const status = STATUS_AFTER[BookingAction.parse(params.action)];
    bookings = bookings.map((held) => (held.id === params.id ? { ...held, status } : held));
    return bookings.find((held) => held.id === params.id) ?? fail(404, 'There is no such booking among yours.');
  });
}

/** Ravi's Rental requests with asha's Swift request, its Decline dialog open: the dialog, its reason box and the steps sent. */
/** Accepts the unpaid request on `item`, confirming in the dialog that its renter pays at pickup. */
async function acceptUnpaid(user: ReturnType<typeof renderRoute>['user'], item: HTMLElement) {
  await user.click(within(item).getByRole('button', { name: /^Accept/ }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Accept unpaid request' }));
}

async function openOwnersDecline() {
  session(ravi);
  const steps = serveBookings(swiftRequest());
  const { user } = renderRoute('/get/requests');
  const item = await screen.findByRole('listitem');
  await user.click(within(item).getByRole('button', { name: /^Decline/ }));
  const dialog = await screen.findByRole('dialog');
  return { user, steps, dialog, reason: within(dialog).getByRole('textbox', { name: 'Reason (optional)' }) };
}
describe('My bookings', () => {
  it('lists the renter’s request in India time with its number, pickup area and total, and cancels it once confirmed', async () => {
    session(asha);
    const steps = serveBookings(swiftRequest());
    const { user } = renderRoute('/bookings');

    const item = await screen.findByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Maruti Swift' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Booking WOW-00301');
    expect(item).toHaveTextContent('Pickup: Indiranagar, near the metro station, Bengaluru');
    expect(item).toHaveTextContent('10:00');
    expect(item).toHaveTextContent('18:00');
    expect(item).toHaveTextContent('8 h, with a driver');
    expect(item).toHaveTextContent('₹560.00');
    expect(item).toHaveTextContent('requested');
    expect(within(item).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();

    // Asked first, naming the booking; keeping it sends nothing.
    await user.click(within(item).getByRole('button', { name: /^Cancel booking/ }));
    const period = `${formatIndiaTime(swiftRequest().from)} – ${formatIndiaTime(swiftRequest().to)}`;
    let dialog = await screen.findByRole('dialog', { name: `Cancel booking WOW-00301 of the Maruti Swift, ${period}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(steps).toHaveLength(0);

    await user.click(within(item).getByRole('button', { name: /^Cancel booking/ }));
    dialog = await screen.findByRole('dialog', { name: /^Cancel booking WOW-00301/ });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booking WOW-00301 cancelled.');
    expect(await within(item).findByText('cancelled')).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    expect(steps.map((step) => step.params)).toEqual([{ id: swiftRequest().id, action: 'cancel' }]);
  });

  it('states before the cancel is confirmed what it gives back of the money taken, by the booking’s own policy', async () => {
    session(asha);
    const HOUR = 60 * 60 * 1000;
    const paid = { status: 'captured' as const, provider: 'razorpay' as const, method: 'upi', amountPaise: 56_000 };
    const policy = { freeCancelHours: 24, lateRefundBps: 5000 };
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    serveBookings(
      swiftRequest({ status: 'accepted', payment: paid, cancellationPolicy: policy, from: at(3 * HOUR), to: at(6 * HOUR) }),
      swiftRequest({
        _id: uuid(305),
        id: uuid(305),
        number: 'WOW-00305',
        status: 'accepted',
        payment: paid,
        cancellationPolicy: policy,
        from: at(3 * DAY),
        to: at(3 * DAY + 3 * HOUR),
      }),
    );
    const { user } = renderRoute('/bookings');

    const [late, early] = await screen.findAllByRole('listitem');
    await user.click(within(late!).getByRole('button', { name: /^Cancel booking/ }));
    let dialog = await screen.findByRole('dialog', { name: /^Cancel booking WOW-00301/ });
    expect(dialog).toHaveTextContent(
      "Of the ₹560.00 paid, ₹280.00 is refunded and ₹280.00 is kept under the booking's cancellation policy",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(early!).getByRole('button', { name: /^Cancel booking/ }));
    dialog = await screen.findByRole('dialog', { name: /^Cancel booking WOW-00305/ });
    expect(dialog).toHaveTextContent('The ₹560.00 paid is refunded in full.');
  });

  it('shows a refused cancellation on the booking’s own card', async () => {
    session(asha);
    serveBookings(swiftRequest(), swiftRequest({ _id: uuid(304), id: uuid(304), number: 'WOW-00304' }));
    serve('POST /api/bookings/:id/:action', fail(409, 'This booking is cancelled: you cannot change it any more.'));
    const { user } = renderRoute('/bookings');

    const [first, second] = await screen.findAllByRole('listitem');
    await user.click(within(second!).getByRole('button', { name: /^Cancel booking/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Cancel booking WOW-00304/ })).getByRole('button', {
        name: 'Cancel booking',
      }),
    );
    expect(await within(second!).findByRole('alert')).toHaveTextContent(
      'This booking is cancelled: you cannot change it any more.',
    );
    expect(within(first!).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows a booking an admin cancelled with WheelsOnWeb’s reason, and no step left to take', async () => {
    session(asha);
    serveBookings(swiftRequest({ status: 'cancelled', cancelReason: 'The car failed its safety check.' }));
    renderRoute('/bookings');

    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('cancelled')).toBeInTheDocument();
    expect(within(item).getByText('Cancelled by WheelsOnWeb: The car failed its safety check.')).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers no Cancel once the trip has begun: the renter’s deadline is its start', async () => {
    session(asha);
    const started = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const ends = new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString();
    serveBookings(swiftRequest({ status: 'accepted', from: started, to: ends }));
    renderRoute('/bookings');

    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('accepted')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /^Cancel booking/ })).not.toBeInTheDocument();
  });

  it('says so when there are no upcoming bookings', async () => {
    session(asha);
    serveBookings();
    renderRoute('/bookings');
    expect(await screen.findByText(/You have no upcoming bookings/)).toBeInTheDocument();
  });

  it('shows the failure and a Retry that loads the list', async () => {
    session(asha);
    serveBookings(swiftRequest());
    serve('GET /api/bookings', unreachable, { once: true });
    const { user } = renderRoute('/bookings');

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be loaded/);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Maruti Swift' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in', async () => {
    renderRoute('/bookings');
    expect(await screen.findByRole('tab', { name: 'User' })).toBeInTheDocument();
  });
});

describe('My bookings: Upcoming, Past and Cancelled/Declined', () => {
  // jsdom has no scrolling; the pager scrolls to the top of the new page.
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows Upcoming first and Past on its own tab, each asked of the server, the tab and page in the address', async () => {
    session(asha);
    const past = Array.from({ length: 30 }, (_, index) => pastTrip(600 + index));
    const calls = serve('GET /api/bookings', ({ query }) =>
      query.when === 'past' ? paged(past, Number(query.page ?? 1)) : paged([swiftRequest()]),
    );
    const { user, router } = renderRoute('/bookings');

    expect(await screen.findByRole('tab', { name: 'Upcoming', selected: true })).toBeInTheDocument();
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    expect(calls[0]?.query).toEqual({ page: '1', when: 'upcoming', status: 'requested,accepted' });

    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('1–24 of 30')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=past');
    expect(calls.at(-1)?.query).toEqual({ page: '1', when: 'past', status: 'accepted,in_trip,returned,completed' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('25–30 of 30')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=past&page=2');
    expect(calls.at(-1)?.query).toMatchObject({ when: 'past', page: '2' });

    await user.click(screen.getByRole('tab', { name: 'Cancelled/Declined' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=cancelled'));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toEqual({ page: '1', status: 'declined,cancelled,expired,no_show_renter,no_show_owner' }),
    );

    // Back to Upcoming starts on its first page.
    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: 'Maruti Swift' })).toBeInTheDocument();
  });

  it('opens on the tab and page the address names', async () => {
    session(asha);
    const past = Array.from({ length: 30 }, (_, index) => pastTrip(600 + index));
    const calls = serve('GET /api/bookings', ({ query }) => paged(past, Number(query.page ?? 1)));
    renderRoute('/bookings?tab=past&page=2');
    expect(await screen.findByText('25–30 of 30')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Past', selected: true })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query).toMatchObject({ when: 'past', page: '2' });
  });

  it('rates a past trip with a star picked among five radio buttons and a comment, then shows the stars', async () => {
    session(asha);
    let trip = pastTrip(610);
    serve('GET /api/bookings', () => paged([trip]));
    const sent = serve('POST /api/bookings/:id/review', ({ body }) => {
      const { rating, comment } = body as { rating: number; comment?: string };
      trip = { ...trip, review: review(rating, comment) };
      return trip.review!;
    });
    const { user } = renderRoute('/bookings?tab=past');

    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Rate this trip/ }));
    const stars = within(item).getByRole('group', { name: 'Your rating' });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(item).getByRole('button', { name: 'Send review' })).toBeDisabled();

    await user.click(within(stars).getByRole('radio', { name: '4 stars' }));
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(within(item).getByRole('textbox', { name: 'Comment (optional)' }), 'Smooth pickup.');
    await user.click(within(item).getByRole('button', { name: 'Send review' }));

    expect(await within(item).findByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Smooth pickup.');
    expect(within(item).queryByRole('button', { name: /^Rate this trip/ })).not.toBeInTheDocument();
    expect(sent.map((call) => call.body)).toEqual([{ rating: 4, comment: 'Smooth pickup.' }]);
    expect(sent[0]?.params).toMatchObject({ id: trip.id });
  });

  it('shows the server’s refusal of a review, and keeps the form', async () => {
    session(asha);
    serve('GET /api/bookings', paged([pastTrip(611)]));
    serve('POST /api/bookings/:id/review', fail(409, 'You have already reviewed this trip.'));
    const { user } = renderRoute('/bookings?tab=past');

    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Rate this trip/ }));
    await user.click(within(item).getByRole('radio', { name: '5 stars' }));
    await user.click(within(item).getByRole('button', { name: 'Send review' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('You have already reviewed this trip.');
    expect(within(item).getByRole('button', { name: 'Send review' })).toBeEnabled();
  });

  it('says when a review of ones own still waits for the owner’s, and shows the owner’s rating once it shows', async () => {
    session(asha);
    const waiting = { ...review(4), pendingUntil: '2026-02-01T06:00:00.000Z' };
    serve(
      'GET /api/bookings',
      paged([
        pastTrip(615, { status: 'completed', review: waiting }),
        pastTrip(616, {
          status: 'completed',
          review: review(5),
          renterReview: {
            _id: uuid(901),
            id: uuid(901),
            rating: 3,
            comment: 'Late back.',
            createdAt: '2026-01-06T10:00:00.000Z',
          },
        }),
      ]),
    );
    renderRoute('/bookings?tab=past');
    const [pending, both] = await screen.findAllByRole('listitem');
    expect(pending).toHaveTextContent('Shows to others once the other side has reviewed this trip too, or on 1 Feb 2026.');
    expect(pending).not.toHaveTextContent("The owner's rating of you");
    expect(both).not.toHaveTextContent('Shows to others');
    expect(both).toHaveTextContent("The owner's rating of you");
    expect(within(both!).getByRole('img', { name: '3 out of 5 stars' })).toBeInTheDocument();
    expect(both).toHaveTextContent('Late back.');
  });

  it('shows the stars of a reviewed trip, and offers no rating for a trip that did not take place or has not ended', async () => {
    session(asha);
    serve(
      'GET /api/bookings',
      paged([
        pastTrip(612, { review: review(5, 'Great car.') }),
        pastTrip(613, { status: 'declined' }),
        swiftRequest({ _id: uuid(614), id: uuid(614), status: 'accepted' }),
      ]),
    );
    renderRoute('/bookings?tab=past');

    const [reviewed, declined, ahead] = await screen.findAllByRole('listitem');
    expect(within(reviewed!).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(reviewed).toHaveTextContent('Great car.');
    for (const item of [reviewed!, declined!, ahead!]) {
      expect(within(item).queryByRole('button', { name: /^Rate this trip/ })).not.toBeInTheDocument();
    }
  });
});

describe('Rental requests', () => {
  it('rates the renter of a completed trip with the same stars and comment as a review, then shows them waiting for the renter', async () => {
    session(ravi);
    let trip = pastTrip(710, { status: 'completed' });
    serve('GET /api/bookings', () => paged([trip, pastTrip(711, { status: 'accepted' })]));
    const sent = serve('POST /api/bookings/:id/renter-review', ({ body }) => {
      const { rating, comment } = body as { rating: number; comment?: string };
      const given = {
        _id: uuid(902),
        id: uuid(902),
        rating,
        ...(comment ? { comment } : {}),
        createdAt: '2026-01-06T09:00:00.000Z',
      };
      trip = { ...trip, renterReview: { ...given, pendingUntil: '2026-01-20T12:30:00.000Z' } };
      return trip.renterReview!;
    });
    const { user } = renderRoute('/get/requests?tab=past');

    const [completed, notYet] = await screen.findAllByRole('listitem');
    // A trip still within its claim window is not completed: nothing to rate yet.
    expect(within(notYet!).queryByRole('button', { name: /^Rate the renter/ })).not.toBeInTheDocument();
    await user.click(within(completed!).getByRole('button', { name: /^Rate the renter asha/ }));
    const form = within(completed!).getByRole('form', { name: 'Rate asha as a renter' });
    const stars = within(form).getByRole('group', { name: 'Your rating' });
    expect(within(form).getByRole('button', { name: 'Send review' })).toBeDisabled();
    await user.click(within(stars).getByRole('radio', { name: '2 stars' }));
    await user.type(within(form).getByRole('textbox', { name: 'Comment (optional)' }), 'Returned it late.');
    await user.click(within(form).getByRole('button', { name: 'Send review' }));

    expect(await within(completed!).findByText('Your rating of asha')).toBeInTheDocument();
    expect(within(completed!).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(completed).toHaveTextContent('Returned it late.');
    expect(completed).toHaveTextContent('Shows to others once the other side has reviewed this trip too, or on 20 Jan 2026.');
    expect(within(completed!).queryByRole('button', { name: /^Rate the renter/ })).not.toBeInTheDocument();
    expect(sent.map((call) => call.body)).toEqual([{ rating: 2, comment: 'Returned it late.' }]);
    expect(sent[0]?.params).toMatchObject({ id: trip.id });
  });

  it('shows the server’s refusal of a rating of the renter, and keeps the form', async () => {
    session(ravi);
    serve('GET /api/bookings', paged([pastTrip(712, { status: 'completed' })]));
    const sent = serve('POST /api/bookings/:id/renter-review', fail(409, 'You have already rated the renter of this trip.'));
    const { user } = renderRoute('/get/requests?tab=past');

    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Rate the renter/ }));
    await user.click(within(item).getByRole('radio', { name: '5 stars' }));
    await user.click(within(item).getByRole('button', { name: 'Send review' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('You have already rated the renter of this trip.');
    expect(within(item).getByRole('button', { name: 'Send review' })).toBeEnabled();
    expect(sent).toHaveLength(1);
  });

  it('accepts a request with money held at once, asking nothing', async () => {
    session(ravi);
    serveBookings(swiftRequest({ payment: { status: 'held', provider: 'stripe', method: 'card', amountPaise: 56_000 } }));
    const { user } = renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Accept/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booking WOW-00301 accepted.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells the owner whether the renter is approved to drive, their age band and completed trips, and no rating before one shows', async () => {
    session(ravi);
    serveBookings(
      swiftRequest({ renterSummary: { approvedToDrive: true, ageBand: '26–35', completedTrips: 3, ratingCount: 0 } }),
    );
    renderRoute('/get/requests');
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Approved to drive · aged 26–35 · 3 completed trips');
    expect(item).not.toHaveTextContent('rated');
    expect(within(item).queryByTestId('stars')).not.toBeInTheDocument();
  });

  it("tells the owner the renter's average from other owners' ratings that show, and how many rated", async () => {
    session(ravi);
    serveBookings(
      swiftRequest({
        renterSummary: { approvedToDrive: true, ageBand: '26–35', completedTrips: 3, ratingCount: 2, ratingAverage: 4.5 },
      }),
    );
    renderRoute('/get/requests');
    expect(await screen.findByRole('listitem')).toHaveTextContent(
      'Approved to drive · aged 26–35 · 3 completed trips · rated 4.5 of 5 by 2 owners',
    );
  });

  it('says when a renter is not approved to drive', async () => {
    session(ravi);
    serveBookings(swiftRequest({ renterSummary: { approvedToDrive: false, ageBand: null, completedTrips: 1, ratingCount: 0 } }));
    renderRoute('/get/requests');
    expect(await screen.findByRole('listitem')).toHaveTextContent('Driving licence not approved · 1 completed trip');
  });

  it('lets the owner accept a request for their car', async () => {
    session(ravi);
    serveBookings(swiftRequest());
    const { user } = renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Renter: asha');
    expect(item).toHaveTextContent('Booking WOW-00301');
    expect(item).toHaveTextContent('Pickup: Indiranagar, near the metro station, Bengaluru');
    // Nothing is paid: the owner is asked first, told the renter pays at pickup, and may leave it for now.
    await user.click(within(item).getByRole('button', { name: /^Accept/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Accept asha's unpaid request for the Maruti Swift, / });
    expect(dialog).toHaveTextContent('asha has not paid for request WOW-00301: they pay at pickup.');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(item).queryByText('accepted')).not.toBeInTheDocument();
    await acceptUnpaid(user, item);
    expect(await screen.findByRole('status')).toHaveTextContent('Booking WOW-00301 accepted.');
    expect(await within(item).findByText('accepted')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /^Decline/ })).not.toBeInTheDocument();
  });

  it('tells the owner what a request would earn them, and what an accepted booking did, at the rates it was taken at', async () => {
    session(ravi);
    serve('GET /api/config', {
      payments: {},
      earnings: { commissionBps: 2000, tdsBps: 0, claimWindowHours: 24, payoutHoldHours: 0 },
    });
    serveBookings(
      swiftRequest({ payment: { status: 'held', provider: 'razorpay', method: 'upi', amountPaise: 56_000 } }),
      swiftRequest({
        _id: uuid(302),
        id: uuid(302),
        number: 'WOW-00302',
        status: 'accepted',
        rates: { commissionBps: 1500, tdsBps: 100 },
        payment: { status: 'captured', provider: 'razorpay', method: 'upi', amountPaise: 56_000 },
      }),
    );
    renderRoute('/get/requests');

    const [request, accepted] = await screen.findAllByRole('listitem');
    // The rates in force come with the server's config, asked for once.
    await within(request as HTMLElement).findByText(/^If you accept, you earn/);
    expect(request).toHaveTextContent(
      'If you accept, you earn ₹448.00: the platform keeps 20% of the ₹560.00 before tax (₹112.00).',
    );
    // 15 % of ₹560 is ₹84; 1 % of the ₹476 left is withheld.
    expect(accepted).toHaveTextContent(
      'You earn ₹471.24: the platform keeps 15% of the ₹560.00 before tax (₹84.00), and ₹4.76 is withheld as tax.',
    );
  });

  it('tells the owner of a request paid at pickup that the platform’s share comes from their next earnings', async () => {
    session(ravi);
    serve('GET /api/config', {
      payments: {},
      earnings: { commissionBps: 2000, tdsBps: 0, claimWindowHours: 24, payoutHoldHours: 0 },
    });
    serveBookings(swiftRequest());
    renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    await within(item).findByText(/^If you accept, you collect/);
    expect(item).toHaveTextContent(
      'If you accept, you collect ₹560.00 at pickup; the platform’s 20% share of the price before tax, ₹112.00, is taken from your next earnings.',
    );
  });

  it('shows the renter’s phone on an accepted booking, as a link to call', async () => {
    session(ravi);
    serveBookings(swiftRequest({ status: 'accepted', renter: { id: asha.id, username: 'asha', phone: '+91 91234 56789' } }));
    renderRoute('/get/requests?tab=accepted');

    const item = await screen.findByRole('listitem');
    expect(within(item).getByRole('link', { name: '+91 91234 56789' })).toHaveAttribute('href', 'tel:+919123456789');
  });

  it('tells the owner what Accept and Decline do with a renter’s UPI payment, in the owner’s words', async () => {
    session(ravi);
    serveBookings(swiftRequest({ payment: { status: 'held', provider: 'razorpay', method: 'upi', amountPaise: 120_000 } }));
    renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent(
      'UPI payment held: the renter has paid; it is taken when you accept and refunded to them if you decline',
    );
    expect(item).not.toHaveTextContent('your UPI account');
  });

  it('warns before Accept that a request overlaps an accepted booking', async () => {
    session(ravi);
    serveBookings(swiftRequest({ overlapsAccepted: 'WOW-00012' }));
    renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Overlaps accepted booking WOW-00012: accepting will be refused.');
    expect(within(item).getByRole('button', { name: /^Accept/ })).toBeInTheDocument();
  });

  it('asks each tab of the server: Awaiting answer, Accepted and Past, the tab in the address', async () => {
    session(ravi);
    const calls = serve('GET /api/bookings', paged([]));
    const { user, router } = renderRoute('/get/requests');

    expect(await screen.findByText('No rental requests are awaiting your answer.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Awaiting answer', selected: true })).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ page: '1', status: 'requested' });

    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(await screen.findByText('No accepted bookings are ahead.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=accepted');
    expect(calls.at(-1)?.query).toEqual({ page: '1', when: 'upcoming', status: 'accepted' });

    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No past rental requests yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=past');
    expect(calls.at(-1)?.query).toEqual({ page: '1', when: 'over' });
  });

  it('shows the server’s refusal when another booking already holds the period', async () => {
    session(ravi);
    serveBookings(swiftRequest({ _id: uuid(302), id: uuid(302), status: 'accepted' }), swiftRequest());
    serve('POST /api/bookings/:id/:action', fail(409, serverSays.alreadyBooked));
    const { user } = renderRoute('/get/requests');

    const items = await screen.findAllByRole('listitem');
    const requested = items.find((item) => within(item).queryByText('requested'))!;
    await acceptUnpaid(user, requested);
    expect(await within(requested).findByRole('alert')).toHaveTextContent('This car is already booked for part of that period.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(requested).getByText('requested')).toBeInTheDocument();
  });

  it('shows the owner a booking an admin cancelled, with the reason', async () => {
    session(ravi);
    serveBookings(swiftRequest({ status: 'cancelled', cancelReason: 'The renter’s licence had expired.' }));
    renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Renter: asha');
    expect(within(item).getByText('Cancelled by WheelsOnWeb: The renter’s licence had expired.')).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets the owner decline a request once they confirm it in a dialog naming the renter, car and period', async () => {
    session(ravi);
    const steps = serveBookings(swiftRequest());
    const { user } = renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Decline/ }));
    const period = `${formatIndiaTime(swiftRequest().from)} – ${formatIndiaTime(swiftRequest().to)}`;
    const dialog = await screen.findByRole('dialog', { name: `Decline asha's request for the Maruti Swift, ${period}?` });
    expect(steps).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booking WOW-00301 declined.');
    expect(await within(item).findByText('declined')).toBeInTheDocument();
    expect(steps.map((step) => step.params)).toEqual([{ id: swiftRequest().id, action: 'decline' }]);
    // Left blank, the reason is left out.
    expect(steps.map((step) => step.body)).toEqual([undefined]);
  });

  it('sends the reason the owner gives for a decline, for the renter to read', async () => {
    const { user, steps, dialog, reason } = await openOwnersDecline();
    expect(dialog).toHaveTextContent('asha reads it with the booking and is mailed it.');
    await user.type(reason, '  The car is in for servicing that week. ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booking WOW-00301 declined.');
    expect(steps.map((step) => step.body)).toEqual([{ reason: 'The car is in for servicing that week.' }]);
  });

  it('refuses a decline reason over 500 characters in the dialog, sending nothing', async () => {
    const { user, steps, dialog, reason } = await openOwnersDecline();
    // The field stops at 500; a longer one pasted past it is still refused in the server's words.
    reason.removeAttribute('maxLength');
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await within(dialog).findByText('Reason must be 1 to 500 characters.')).toBeInTheDocument();
    expect(steps).toHaveLength(0);
  });

  it('shows before Accept which open requests a request overlaps, and after it which were declined with it', async () => {
    session(ravi);
    const chosen = swiftRequest({ overlapsRequests: ['WOW-00305', 'WOW-00306'] });
    serve('GET /api/bookings', paged([chosen]));
    const accepts = serve('POST /api/bookings/:id/:action', {
      ...chosen,
      overlapsRequests: undefined,
      status: 'accepted',
      declinedWith: ['WOW-00305', 'WOW-00306'],
    });
    const { user } = renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Overlaps with requests WOW-00305, WOW-00306: accepting this one declines them.');
    await acceptUnpaid(user, item);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Booking WOW-00301 accepted. Declined with it, as they overlapped: requests WOW-00305, WOW-00306.',
    );
    expect(accepts.map((call) => call.params)).toEqual([{ id: chosen.id, action: 'accept' }]);
  });

  it('shows the renter the reason their request was declined', async () => {
    session(asha);
    serveBookings(swiftRequest({ status: 'declined', declineReason: 'The car is in for servicing that week.' }));
    renderRoute('/bookings?tab=cancelled');

    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('The car is in for servicing that week.');
  });
});

describe('Rental requests for an admin', () => {
  it('accepts a fleet car’s request and only looks at an owner’s', async () => {
    session(admin);
    const bmw = fleetCar('Kia Seltos');
    serveBookings(
      swiftRequest({ _id: uuid(303), id: uuid(303), car: { id: bmw.id, kind: 'fleet', carName: bmw.carName } }),
      swiftRequest(),
    );
    const { user } = renderRoute('/get/requests');

    const fleetItem = (await screen.findByRole('link', { name: 'Kia Seltos' })).closest('li')!;
    const ownerItem = screen.getByRole('link', { name: 'Maruti Swift' }).closest('li')!;
    expect(within(ownerItem).queryByRole('button')).not.toBeInTheDocument();
    await acceptUnpaid(user, fleetItem);
    expect(await within(fleetItem).findByText('accepted')).toBeInTheDocument();
  });
});
