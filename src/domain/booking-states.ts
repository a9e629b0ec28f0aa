import type { BookingAction, BookingStatus, CarKind } from './contract';

/**
 * Who takes a step: the renter who asked; whoever answers for the car (its owner, or an admin for
 * fleet cars); an admin in the console, standing for the platform over any booking; or the server
 * itself, answering for a car whose keeper chose to have paid requests accepted at once.
 */
export type BookingActor = 'renter' | 'carKeeper' | 'admin' | 'system';

/** The point of a booking's period from which a step is refused: its start, or its end. */
export type StepDeadline = 'start' | 'end';

/**
 * The point before which a step is refused: `noShow`, the booking's start and the server's
 * NO_SHOW_HOURS after it, the grace a side is given to turn up before the other may say it did not.
 */
export type StepOpening = 'noShow';

/** The server's hours the table's openings count from a booking's start: NO_SHOW_HOURS. */
export interface StepHours {
  noShowHours: number;
}

/**
 * What a step does besides changing the status, each carried out by one handler on the server
 * (server/src/bookings/effects.ts). A step with a `provider` effect on a booking with money held is
 * taken in two short transactions around the provider's call, never holding a lock while it answers:
 * the first stores its `pending` status (which keeps the period reserved), the provider is called
 * after the commit, and the second stores the outcome; a refusal puts the booking back as it was.
 */
export const BOOKING_EFFECTS = {
  /** Refused when an accepted booking of the car overlaps the period. */
  reservePeriod: 'check',
  /** The money held is taken. */
  capture: 'provider',
  /** A GST invoice is numbered for the money taken, where the booking was taxed. */
  issueInvoice: 'write',
  /** The car's other open requests that overlap the period are declined: none could be accepted any more. */
  declineOverlapping: 'write',
  /** The admin's reason is stored for both sides to read; an admin's step needs one. */
  storeReason: 'write',
  /** The reason the one declining gave, if any, is stored for the renter to read and be mailed (the console's stays in the audit log). */
  storeDeclineReason: 'write',
  /** The new status joins the booking's history, and the other side is mailed about it. */
  recordEvent: 'write',
  /** The car's side, who took no step, is mailed that the server accepted the request for them. */
  tellKeepers: 'write',
  /** An admin's step is written to the audit log. */
  auditAdmin: 'write',
  /**
   * The booking's money is posted to the ledger: what was taken, split between the platform and the
   * owner (pending until released); for a listed car paid at pickup, the platform's share its owner owes.
   */
  postEarnings: 'write',
  /**
   * A cancellation's refund is fixed under the policy stored on the booking (#domain/cancellation), with
   * who cancelled, where money was taken; `settleMoney` gives back that much.
   */
  fixRefund: 'write',
  /** A booking paid at pickup called off: its owner no longer owes the platform's share (a refund of money taken is posted when it is made). */
  reverseEarnings: 'write',
  /**
   * The owner's pending share of the booking becomes available to be paid out: by the completion where
   * no hold follows it (PAYOUT_HOLD_HOURS 0), else by the release once the hold has passed.
   */
  releaseEarnings: 'write',
  /** Money held is let go, or money taken given back (and the ledger's entries reversed), after the commit. */
  settleMoney: 'after',
  /** With Razorpay Route on: the owner's share of a Razorpay payment is transferred to their linked account, on hold, after the commit. */
  transferOwnerShare: 'after',
  /** A share transferred by Route becomes a Route payout when released, so the bank-file run never pays it. */
  payRouteShare: 'write',
  /** The claim window starts again from the return: the booking completes that long after it, not after its period's end. */
  restartClaimWindow: 'write',
} as const satisfies Record<string, 'check' | 'provider' | 'write' | 'after'>;

export type BookingEffect = keyof typeof BOOKING_EFFECTS;

export interface BookingTransition {
  from: BookingStatus;
  action: BookingAction;
  to: BookingStatus;
  who: BookingActor;
  /** Refused from this point of the period on; no deadline of its own when left out (a request expires by its start anyway). */
  until?: StepDeadline;
  /** Refused before this point of the period; open from the moment it is reached. */
  notBefore?: StepOpening;
  /**
   * Whose cancellation the cancellation policy prices the step as (`fixRefund`), when that is not
   * whoever takes it: a no-show is priced against the side that did not come.
   */
  refundAs?: Exclude<BookingActor, 'system'>;
  /** What the step does, in this order (checks first, then the provider, then the writes, then what follows the commit). */
  effects: readonly BookingEffect[];
  /** The status held while a provider effect is under way. */
  pending?: BookingStatus;
}

const ACCEPT_EFFECTS = [
  'reservePeriod',
  'capture',
  'issueInvoice',
  'postEarnings',
  'declineOverlapping',
  'recordEvent',
  'auditAdmin',
  'transferOwnerShare',
] as const;
const CANCEL_EFFECTS = ['fixRefund', 'reverseEarnings', 'recordEvent', 'auditAdmin', 'settleMoney'] as const;

/** Every allowed step of a booking; anything not here is refused. */
export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  { from: 'requested', action: 'accept', to: 'accepted', who: 'carKeeper', effects: ACCEPT_EFFECTS, pending: 'accepting' },
  // Instant booking: the server accepts a paid request for a car whose keeper turned it on, as the
  // keeper would, as soon as the money is held; if that fails the request waits for the keeper.
  {
    from: 'requested',
    action: 'accept',
    to: 'accepted',
    who: 'system',
    effects: [...ACCEPT_EFFECTS, 'tellKeepers'],
    pending: 'accepting',
  },
  {
    from: 'requested',
    action: 'decline',
    to: 'declined',
    who: 'carKeeper',
    effects: ['storeDeclineReason', 'recordEvent', 'auditAdmin', 'settleMoney'],
  },
  // The renter changes their mind only before the trip: once it has begun, the car is theirs.
  { from: 'requested', action: 'cancel', to: 'cancelled', who: 'renter', until: 'start', effects: CANCEL_EFFECTS },
  { from: 'accepted', action: 'cancel', to: 'cancelled', who: 'renter', until: 'start', effects: CANCEL_EFFECTS },
  // An owner who cannot keep an accepted booking calls it off before the trip, with the renter's money given back in full.
  { from: 'accepted', action: 'cancel', to: 'cancelled', who: 'carKeeper', until: 'start', effects: CANCEL_EFFECTS },
  // An admin may still call off a trip under way (an unsafe car, a broken rule); once it has ended there is nothing left to call off.
  {
    from: 'requested',
    action: 'cancel',
    to: 'cancelled',
    who: 'admin',
    until: 'end',
    effects: ['storeReason', ...CANCEL_EFFECTS],
  },
  {
    from: 'accepted',
    action: 'cancel',
    to: 'cancelled',
    who: 'admin',
    until: 'end',
    effects: ['storeReason', ...CANCEL_EFFECTS],
  },
  // Once the grace after the start has passed with no trip begun, either side may say the other did
  // not come, up to the completion: the booking ends, its money settled as a cancellation's. A
  // renter who did not come is priced as one cancelling after the start; an owner who did not gives
  // everything back, and the status counts against them.
  {
    from: 'accepted',
    action: 'no_show',
    to: 'no_show_renter',
    who: 'carKeeper',
    notBefore: 'noShow',
    refundAs: 'renter',
    effects: CANCEL_EFFECTS,
  },
  {
    from: 'accepted',
    action: 'no_show',
    to: 'no_show_owner',
    who: 'renter',
    notBefore: 'noShow',
    refundAs: 'carKeeper',
    effects: CANCEL_EFFECTS,
  },
  // Once the car is handed over, only an admin may call the trip off, even past its end while the car is still out.
  {
    from: 'in_trip',
    action: 'cancel',
    to: 'cancelled',
    who: 'admin',
    effects: ['storeReason', ...CANCEL_EFFECTS],
  },
];

/**
 * The statuses of a booking called off after it was asked for, whose money is settled as its
 * cancellation fixed (refunded, or the kept part released to the owner as a trip's would be).
 */
export const CALLED_OFF_STATUSES = ['cancelled', 'no_show_renter', 'no_show_owner'] as const satisfies readonly BookingStatus[];

/**
 * The statuses that hold a car's period, so no other booking of the car may overlap it (the database's
 * exclusion constraint too). Not `completed`: a booking completes at least the claim window (an hour or
 * more) after its period ended, and no request may begin more than a few minutes in the past.
 */
export const RESERVING_STATUSES = ['accepted', 'accepting', 'in_trip', 'returned'] as const satisfies readonly BookingStatus[];

/** A booking's period, `[from, to)`. */
export interface BookingPeriod {
  from: Date;
  to: Date;
}

/**
 * The one change no one takes: a request still unanswered at its expiry (see `expiresAt`) expires, so
 * it can never be accepted. No step leads out of `expired`. The server applies it when it reads
 * bookings and by a periodic sweep.
 */
export const EXPIRY = {
  from: 'requested',
  to: 'expired',
  effects: ['recordEvent', 'settleMoney'],
} as const satisfies { from: BookingStatus; to: BookingStatus; effects: readonly BookingEffect[] };

/**
 * The other change no one takes: an accepted booking completes once its period has ended and the
 * claim window after it (the server's CLAIM_WINDOW_HOURS, stored on the booking as `completesAt` when
 * it is requested, for problems with the trip to be raised) has passed. Its owner's share is released
 * with it, or, with the server's PAYOUT_HOLD_HOURS above 0, that long after it (EARNINGS_RELEASE). The
 * server applies it when it reads bookings and by the periodic sweep.
 */
export const COMPLETION = {
  from: 'accepted',
  to: 'completed',
  effects: ['recordEvent', 'releaseEarnings', 'payRouteShare'],
} as const satisfies { from: BookingStatus; to: BookingStatus; effects: readonly BookingEffect[] };

/**
 * The change the clock makes to money, not to the status: a completed booking's owner's share, taken
 * and pending, becomes available to be paid out once the hold after its completion (the server's
 * PAYOUT_HOLD_HOURS) has passed. With no hold the completion itself releases it; otherwise the
 * server's sweep does, once per booking.
 */
export const EARNINGS_RELEASE = {
  status: COMPLETION.to,
  effects: ['releaseEarnings', 'payRouteShare'],
} as const satisfies { status: BookingStatus; effects: readonly BookingEffect[] };

/**
 * The same completion after a return: the return step moves `completesAt` to the claim window after
 * the return (`restartClaimWindow`), so a late or early return counts the window from the car's return.
 */
export const RETURN_COMPLETION = { ...COMPLETION, from: 'returned' } as const satisfies {
  from: BookingStatus;
  to: BookingStatus;
  effects: readonly BookingEffect[];
};

/** The statuses the clock completes at `completesAt`; never `in_trip`, whose car is still out. */
export const COMPLETING_STATUSES = [COMPLETION.from, RETURN_COMPLETION.from] as const satisfies readonly BookingStatus[];

export const isCompleting = (status: BookingStatus): status is (typeof COMPLETING_STATUSES)[number] =>
  (COMPLETING_STATUSES as readonly BookingStatus[]).includes(status);

/** The two records of a trip, each confirmed by both sides: the car handed over, and the car returned. */
export const TRIP_KINDS = ['handover', 'return'] as const;
export type TripKind = (typeof TRIP_KINDS)[number];

/** How long before a booking's start its handover may be recorded. */
export const HANDOVER_OPENS_MINUTES = 30;

/**
 * The trip's steps, a kind of step of their own: no one asks for them with an action; each is taken
 * when the second side confirms the kind's record (the first filled it in, with its photos). The
 * handover from HANDOVER_OPENS_MINUTES before the start, the return once the car was handed over.
 */
export const TRIP_STEPS = {
  handover: { from: 'accepted', to: 'in_trip', effects: ['recordEvent'] },
  return: { from: 'in_trip', to: 'returned', effects: ['restartClaimWindow', 'recordEvent'] },
} as const satisfies Record<TripKind, { from: BookingStatus; to: BookingStatus; effects: readonly BookingEffect[] }>;

/** When the handover of a booking starting at `from` may first be recorded. */
export function handoverOpensAt(from: Date): Date {
  return new Date(from.getTime() - HANDOVER_OPENS_MINUTES * 60 * 1000);
}

/** When a booking completes: `claimWindowHours` after its period ends. */
export function completesAt(periodEnd: Date, claimWindowHours: number): Date {
  return new Date(periodEnd.getTime() + claimWindowHours * 60 * 60 * 1000);
}

/** When a booking's owner's share is released: `holdHours` after it completes. */
export function earningsReleaseAt(completion: Date, holdHours: number): Date {
  return new Date(completion.getTime() + holdHours * 60 * 60 * 1000);
}

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

/** When the clock changes a booking: a request's expiry, and an accepted booking's completion (none for a booking stored without one). */
export interface ClockTimes {
  expiresAt: Date;
  completesAt: Date | null;
}

/** The status a booking stored as `status` has at `now`, the clock's changes due by then applied. */
export function statusAt(status: BookingStatus, times: ClockTimes, now: Date): BookingStatus {
  if (status === EXPIRY.from && times.expiresAt.getTime() <= now.getTime()) return EXPIRY.to;
  if (isCompleting(status) && times.completesAt && times.completesAt.getTime() <= now.getTime()) return COMPLETION.to;
  return status;
}

/** The step `who` may take with `action` from `from`; undefined when the table has none. */
export function transitionOf(from: BookingStatus, action: BookingAction, who: BookingActor): BookingTransition | undefined {
  return BOOKING_TRANSITIONS.find((t) => t.from === from && t.action === action && t.who === who);
}

export function allowedActions(from: BookingStatus, who: BookingActor): BookingAction[] {
  return BOOKING_TRANSITIONS.filter((t) => t.from === from && t.who === who).map((t) => t.action);
}

/** Whether `now` is past the step's deadline: its booking's period has begun, or ended, as the step says. */
export function isPastDeadline(step: BookingTransition, period: BookingPeriod, now: Date): boolean {
  if (!step.until) return false;
  return now.getTime() >= (step.until === 'start' ? period.from : period.to).getTime();
}

/** When the step first becomes possible on a booking over `period`; null for a step open from the start. */
export function opensAt(step: Pick<BookingTransition, 'notBefore'>, period: BookingPeriod, hours: StepHours): Date | null {
  if (!step.notBefore) return null;
  return new Date(period.from.getTime() + hours.noShowHours * 60 * 60 * 1000);
}

/** Whether `now` is before the point the step opens at (see `opensAt`). */
function isBeforeOpening(step: BookingTransition, period: BookingPeriod, now: Date, hours: StepHours): boolean {
  const opening = opensAt(step, period, hours);
  return opening !== null && now.getTime() < opening.getTime();
}

/** Whether the step may be taken at `now`: its opening reached and its deadline not. */
const isInTime = (step: BookingTransition, period: BookingPeriod, now: Date, hours: StepHours) =>
  !isPastDeadline(step, period, now) && !isBeforeOpening(step, period, now, hours);

/** The steps `who` may take at `now` on a booking in `status` (as it stands then), its period's openings and deadlines applied. */
export function actionsAt(
  status: BookingStatus,
  who: BookingActor,
  period: BookingPeriod,
  now: Date,
  hours: StepHours,
): BookingAction[] {
  return BOOKING_TRANSITIONS.filter((t) => t.from === status && t.who === who && isInTime(t, period, now, hours)).map(
    (t) => t.action,
  );
}

/**
 * Whom an admin acts as for `action` in the console: as `admin` where the table lets an admin take
 * it on any booking, else as the keeper of the fleet's cars; undefined for answering a listed car's
 * request, which is its owner's to do.
 */
export function adminActorFor(action: BookingAction, kind: CarKind): BookingActor | undefined {
  if (BOOKING_TRANSITIONS.some((t) => t.action === action && t.who === 'admin')) return 'admin';
  return kind === 'fleet' ? 'carKeeper' : undefined;
}

/** The steps an admin may take in the console at `now` on a booking of a `kind` car in `status` (as it stands then). */
export function adminActionsAt(
  status: BookingStatus,
  kind: CarKind,
  period: BookingPeriod,
  now: Date,
  hours: StepHours,
): BookingAction[] {
  const steps = BOOKING_TRANSITIONS.filter(
    (t) => t.from === status && t.who === adminActorFor(t.action, kind) && isInTime(t, period, now, hours),
  );
  return [...new Set(steps.map((t) => t.action))];
}
