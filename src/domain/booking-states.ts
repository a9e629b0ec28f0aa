import type { BookingAction, BookingStatus } from './contract';

/** Who takes a step: the renter who asked, or whoever answers for the car (its owner, or an admin for fleet cars). */
export type BookingActor = 'renter' | 'carKeeper';

export interface BookingTransition {
  from: BookingStatus;
  action: BookingAction;
  to: BookingStatus;
  who: BookingActor;
}

/** Every allowed step of a booking; anything not here is refused. */
export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  { from: 'requested', action: 'accept', to: 'accepted', who: 'carKeeper' },
  { from: 'requested', action: 'decline', to: 'declined', who: 'carKeeper' },
  { from: 'requested', action: 'cancel', to: 'cancelled', who: 'renter' },
  { from: 'accepted', action: 'cancel', to: 'cancelled', who: 'renter' },
];

/**
 * The one change no one takes: a request still unanswered at its expiry (see `expiresAt`) expires, so
 * it can never be accepted. No step leads out of `expired`. The server applies it when it reads
 * bookings and by a periodic sweep.
 */
export const EXPIRY = { from: 'requested', to: 'expired' } as const satisfies { from: BookingStatus; to: BookingStatus };

/** How long a card authorization can be held before it must be captured or let go. */
export const MAX_HOLD_MS = 6 * 24 * 60 * 60 * 1000;

/**
 * When a request expires: when its period begins, or, when money is held for it, 6 days after the
 * request if that is sooner; never before it was made (a request sent in the grace after its start
 * expires at once, and its history reads requested, then expired).
 */
export function expiresAt(from: Date, requestedAt: Date, moneyHeld: boolean): Date {
  const limit = moneyHeld ? Math.min(from.getTime(), requestedAt.getTime() + MAX_HOLD_MS) : from.getTime();
  return new Date(Math.max(requestedAt.getTime(), limit));
}

/** The status a booking stored as `status` has at `now`, expiring at `expiry`. */
export function statusAt(status: BookingStatus, expiry: Date, now: Date): BookingStatus {
  return status === EXPIRY.from && expiry.getTime() <= now.getTime() ? EXPIRY.to : status;
}

export function nextStatus(from: BookingStatus, action: BookingAction, who: BookingActor): BookingStatus | undefined {
  return BOOKING_TRANSITIONS.find((t) => t.from === from && t.action === action && t.who === who)?.to;
}

export function allowedActions(from: BookingStatus, who: BookingActor): BookingAction[] {
  return BOOKING_TRANSITIONS.filter((t) => t.from === from && t.who === who).map((t) => t.action);
}
