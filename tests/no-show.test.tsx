import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Booking } from '../src/domain/contract';
import { formatIndiaTime } from '../src/domain/india-time';
import { renderRoute } from './render';
import { asha, booking, paged, ravi } from './mocks/answers';
import { fail } from './mocks/routes';
import { serve, session } from './mocks/serve';

// Saying the other side did not come, from NO_SHOW_HOURS after an accepted booking's start: the owner
// on Rental requests, the renter on My bookings.

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const PAID = { status: 'captured' as const, provider: 'razorpay' as const, method: 'upi', amountPaise: 56_000 };
const POLICY = { freeCancelHours: 24, lateRefundBps: 5000 };

/** asha's accepted booking of ravi's Swift, paid by UPI, begun `begunMs` ago, three hours long. */
function begun(begunMs: number, overrides: Partial<Booking> = {}): Booking {
  const from = Date.now() - begunMs;
  return booking({
    status: 'accepted',
    payment: PAID,
    cancellationPolicy: POLICY,
    from: new Date(from).toISOString(),
    to: new Date(from + 3 * HOUR).toISOString(),
    ...overrides,
  });
}

/** Serves the bookings and the server's NO_SHOW_HOURS (2); a no-show answers the booking in `after`. Returns the steps sent. */
function serveNoShow(after: Booking['status'], ...bookings: Booking[]) {
  serve('GET /api/config', { payments: {}, cancellation: POLICY, noShowHours: 2 });
  let listed = bookings;
  serve('GET /api/bookings', () => paged(listed));
  return serve('POST /api/bookings/:id/:action', ({ params }) => {
    listed = listed.map((held) => (held.id === params.id ? { ...held, status: after } : held));
    return listed.find((held) => held.id === params.id) ?? fail(404, 'There is no such booking among yours.');
  });
}

describe('the owner on Rental requests', () => {
  it('is offered "Renter did not come" from two hours after the start, told the money is kept, and ends the booking', async () => {
    session(ravi);
    const steps = serveNoShow('no_show_renter', begun(2 * HOUR + MINUTE));
    const { user } = renderRoute('/get/requests?tab=accepted');

    const item = await screen.findByRole('listitem');
    await user.click(await within(item).findByRole('button', { name: /^Renter did not come/ }));
    const dialog = await screen.findByRole('dialog', {
      name: /^Say asha did not come for booking WOW-00301 of the Maruti Swift/,
    });
    expect(dialog).toHaveTextContent('Do this only if nobody came to collect the car.');
    expect(dialog).toHaveTextContent(
      "The ₹560.00 paid is kept under the booking's cancellation policy, as for a cancellation after the start.",
    );
    // Not now sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(steps).toHaveLength(0);

    await user.click(within(item).getByRole('button', { name: /^Renter did not come/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renter did not come' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booking WOW-00301 ended: the other side did not come.');
    expect(await within(item).findByText('renter did not come')).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    expect(steps.map((step) => step.params)).toEqual([{ id: begun(0).id, action: 'no_show' }]);
  });

  it('before then has no such button, and says from when it is possible', async () => {
    session(ravi);
    const booked = begun(2 * HOUR - MINUTE);
    serveNoShow('no_show_renter', booked);
    renderRoute('/get/requests?tab=accepted');

    const item = await screen.findByRole('listitem');
    const opens = formatIndiaTime(new Date(booked.from).getTime() + 2 * HOUR);
    expect(
      await within(item).findByText(`If the renter has not come by ${opens} (India time), you can say so here.`),
    ).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /did not come/ })).not.toBeInTheDocument();
  });

  it('is offered nothing of the kind by a server that publishes no NO_SHOW_HOURS', async () => {
    session(ravi);
    serve('GET /api/bookings', () => paged([begun(3 * HOUR)]));
    renderRoute('/get/requests?tab=past');

    const item = await screen.findByRole('listitem');
    expect(await within(item).findByText('accepted')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /did not come/ })).not.toBeInTheDocument();
    expect(within(item).queryByText(/you can say so here/)).not.toBeInTheDocument();
  });
});

describe('the renter on My bookings', () => {
  it('is offered "Owner did not come" from two hours after the start, told of the full refund, and ends the booking', async () => {
    session(asha);
    const steps = serveNoShow('no_show_owner', begun(2 * HOUR));
    const { user } = renderRoute('/bookings');

    const item = await screen.findByRole('listitem');
    // The period has begun: the renter can no longer cancel.
    expect(within(item).queryByRole('button', { name: /^Cancel booking/ })).not.toBeInTheDocument();
    await user.click(await within(item).findByRole('button', { name: /^Owner did not come/ }));
    const dialog = await screen.findByRole('dialog', {
      name: /^Say nobody came to hand over the Maruti Swift for booking WOW-00301/,
    });
    expect(dialog).toHaveTextContent('it counts against them');
    expect(dialog).toHaveTextContent('The ₹560.00 paid is refunded in full.');
    await user.click(within(dialog).getByRole('button', { name: 'Owner did not come' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booking WOW-00301 ended: the other side did not come.');
    expect(await within(item).findByText('owner did not come')).toBeInTheDocument();
    expect(steps.map((step) => step.params)).toEqual([{ id: begun(0).id, action: 'no_show' }]);
  });

  it('before then has no such button, and says from when it is possible', async () => {
    session(asha);
    const booked = begun(HOUR);
    serveNoShow('no_show_owner', booked);
    renderRoute('/bookings');

    const item = await screen.findByRole('listitem');
    const opens = formatIndiaTime(new Date(booked.from).getTime() + 2 * HOUR);
    expect(
      await within(item).findByText(`If nobody has come to hand over the car by ${opens} (India time), you can say so here.`),
    ).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });
});
