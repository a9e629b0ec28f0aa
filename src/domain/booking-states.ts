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
 * The one change no one takes: a request still unanswered when its period begins expires, so it can
 * never be accepted. No step leads out of `expired`. The server applies it when it reads bookings and
 * by a periodic sweep.
 */
export const EXPIRY = { from: 'requested', to: 'expired' } as const satisfies { from: BookingStatus; to: BookingStatus };

/** The status a booking stored as `status` has at `now`, its period beginning at `from`. */
export function statusAt(status: BookingStatus, from: Date, now: Date): BookingStatus {
  return status === EXPIRY.from && from.getTime() <= now.getTime() ? EXPIRY.to : status;
}

export function nextStatus(from: BookingStatus, action: BookingAction, who: BookingActor): BookingStatus | undefined {
  return BOOKING_TRANSITIONS.find((t) => t.from === from && t.action === action && t.who === who)?.to;
}

export function allowedActions(from: BookingStatus, who: BookingActor): BookingAction[] {
  return BOOKING_TRANSITIONS.filter((t) => t.from === from && t.who === who).map((t) => t.action);
}
