import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  adminActionsAt,
  adminActorFor,
  allowedActions,
  BOOKING_TRANSITIONS,
  type BookingTransition,
  CALLED_OFF_STATUSES,
  COMPLETING_STATUSES,
  COMPLETION,
  EARNINGS_RELEASE,
  earningsReleaseAt,
  EXPIRY,
  isPastDeadline,
  opensAt,
  RETURN_COMPLETION,
  transitionOf,
  TRIP_STEPS,
  type TripKind,
  type BookingActor,
  type StepHours,
} from '#domain/booking-states';
import type { BookingAction, BookingStatus } from '#domain/schemas/bookings';
import type { GstConfig, MoneyRules } from '../config';
import type { Database } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { accounts, bookings, type AccountRow, type BookingRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { BookingLinks } from '../mail/booking-mails';
import {
  EFFECT_HANDLERS,
  type AfterCommit,
  type EffectHandler,
  type StepAction,
  type StepFields,
  type StepWrite,
} from './effects';
import { lockCar } from './status';
import { actorFor, bookingViews, type BookingView } from './views';
import { ALREADY_BOOKED, NO_BOOKING_HAS_ID, NO_SUCH_BOOKING_ID, OWNERS_TO_ANSWER_ID, PROVIDER_OFF, providerError } from './words';
import { t } from '../i18n';
import { formatIndiaTime } from '#domain/india-time';

// The one executor of the booking process (#domain/booking-states): every step (accept, decline, cancel,
// expiry, completion) is looked up in the table and carried out by the handlers of the effects it names. Steps on a
// car's bookings are taken under the car's lock, so two owners' clicks (or one owner's twenty) run one
// after the other and each re-checks what the one before committed; no lock is held while a payment
// provider answers.

export interface ProcessContext extends AfterCommit {
  gst: GstConfig | undefined;
  money: MoneyRules;
  links: BookingLinks;
}

/** Who takes a step, and through which door. */
export type StepTaker =
  /**
   * `/api/bookings`: the renter who asked, or whoever answers for the car (an admin, for the fleet's),
   * with the reason a decline may give the renter.
   */
  | { via: 'party'; account: AccountRow; reason?: string | undefined }
  /** The admin console: an admin over any booking, with the reason the console asks for (a cancellation's is required). */
  | { via: 'console'; account: AccountRow; reason: string | undefined }
  /** The server itself, taking the table's `system` steps (instant booking's accept). */
  | { via: 'system' };

type Step = Pick<BookingTransition, 'from' | 'to' | 'effects' | 'refundAs'> & { action: StepAction };

/** The handlers' `part`s of the effects `step` names, in the table's order. */
function handlersIn<Part extends keyof EffectHandler>(step: Step, part: Part): NonNullable<EffectHandler[Part]>[] {
  return step.effects.flatMap((effect) => {
    const handler = EFFECT_HANDLERS[effect][part];
    return handler ? [handler] : [];
  });
}

/**
 * Writes a step: the columns its effects set, the new status, then the effects that follow the update
 * (history and mail, the audit row, the requests it overtook). Answers the other bookings it changed.
 */
async function writeStep(write: StepWrite, step: Step, extra: Partial<BookingRow> = {}): Promise<string[]> {
  let fields: StepFields = {};
  for (const part of handlersIn(step, 'fields')) fields = { ...fields, ...(await part(write)) };
  await write.tx
    .update(bookings)
    .set({ ...fields, ...extra, status: step.to, updatedAt: write.now })
    .where(eq(bookings.id, write.booking.id));
  const touched: string[] = [];
  for (const part of handlersIn(step, 'apply')) touched.push(...(await part(write)));
  return touched;
}

/** Runs the effects that follow the commit (money let go or given back) for every booking a step touched. */
async function afterCommit(work: AfterCommit, step: Step, bookingIds: readonly string[]): Promise<void> {
  for (const part of handlersIn(step, 'after')) await part(work, bookingIds);
}

const EXPIRY_STEP: Step = { ...EXPIRY, action: 'expire' };

/** Expires the car's requests that are due, through the process table's expiry; under the car's lock, so it never races a step on them. */
export async function expireDueRequests(tx: Database, carId: string, now: Date, links: BookingLinks): Promise<string[]> {
  const due = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.carId, carId), eq(bookings.status, EXPIRY.from), lte(bookings.expiresAt, now)));
  for (const booking of due) {
    const write = stepWrite(tx, booking, EXPIRY_STEP, { at: booking.expiresAt, now, links, gst: undefined, rates: undefined });
    await writeStep(write, EXPIRY_STEP);
  }
  return due.map(({ id }) => id);
}

/** The money expiry lets go, after the transaction that expired `bookingIds` has committed. */
export const settleExpired = (work: AfterCommit, bookingIds: readonly string[]) => afterCommit(work, EXPIRY_STEP, bookingIds);

const COMPLETION_STEP: Step = { ...COMPLETION, action: 'complete' };
const RETURN_COMPLETION_STEP: Step = { ...RETURN_COMPLETION, action: 'complete' };

/**
 * Completes the car's accepted bookings that are due, through the process table's completion, each as
 * of the moment it completed; under the car's lock, so it never races a step on them. The owner's share
 * is released with it where the hold after completion has passed by `now` (at once, with no hold).
 */
export async function completeDueBookings(
  tx: Database,
  carId: string,
  now: Date,
  ctx: Pick<ProcessContext, 'links' | 'gst' | 'money'>,
): Promise<string[]> {
  const due = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.carId, carId), inArray(bookings.status, COMPLETING_STATUSES), lte(bookings.completesAt, now)));
  for (const booking of due) {
    const at = booking.completesAt ?? now;
    const step = booking.status === RETURN_COMPLETION.from ? RETURN_COMPLETION_STEP : COMPLETION_STEP;
    const write = stepWrite(tx, booking, step, {
      at,
      now,
      links: ctx.links,
      gst: ctx.gst,
      rates: ctx.money.rates,
      releaseDue: earningsReleaseAt(at, ctx.money.payoutHoldHours) <= now,
    });
    await writeStep(write, step);
  }
  return due.map(({ id }) => id);
}

/**
 * The bookings whose owner's share the release makes available: completed ones whose money was taken,
 * and called-off ones whose late cancellation (or renter's no-show) kept part of it (that part is the
 * owner's as a trip's is).
 */
const releasable = or(
  and(eq(bookings.status, EARNINGS_RELEASE.status), eq(bookings.paymentStatus, 'captured')),
  and(
    inArray(bookings.status, [...CALLED_OFF_STATUSES]),
    inArray(bookings.paymentStatus, ['captured', 'refunded']),
    isNotNull(bookings.refundBasePaise),
    lt(sql`${bookings.refundBasePaise} + ${bookings.refundTaxPaise}`, bookings.amountPaise),
  ),
);

/**
 * The process's release (EARNINGS_RELEASE), where a hold follows completion: the owners' shares of
 * completed bookings whose money was taken become available once they completed the hold before
 * `now` (a late cancellation's kept part once the booking would have). Each booking is marked
 * released in its own short transaction with the effects that post it; of the sweeps that find one at
 * once, the first to mark it releases it and the others find it marked. Answers the bookings released.
 */
export async function releaseDueEarnings(ctx: ProcessContext, now: Date): Promise<string[]> {
  // earningsReleaseAt(completesAt, hold) <= now, for every booking at once.
  const completedBy = new Date(now.getTime() - ctx.money.payoutHoldHours * 60 * 60 * 1000);
  const due = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(releasable, isNull(bookings.earningsReleasedAt), lte(bookings.completesAt, completedBy)));
  const released: string[] = [];
  for (const { id } of due) {
    const done = await ctx.db.transaction(async (tx) => {
      const [marked] = await tx
        .update(bookings)
        .set({ earningsReleasedAt: now })
        .where(and(eq(bookings.id, id), releasable, isNull(bookings.earningsReleasedAt)))
        .returning();
      if (!marked) return false;
      const step: Step = { from: marked.status, to: marked.status, effects: EARNINGS_RELEASE.effects, action: 'release' };
      const write = stepWrite(tx, marked, step, { at: now, now, links: ctx.links, gst: ctx.gst, rates: ctx.money.rates });
      for (const part of handlersIn(step, 'apply')) await part(write);
      return true;
    });
    if (done) released.push(id);
  }
  return released;
}

/**
 * Takes a trip's step (TRIP_STEPS) in the caller's transaction, under the car's lock it holds: the
 * second side's confirmation of the kind's record, checked by the caller, moves the booking on.
 */
export async function takeTripStep(
  tx: Database,
  booking: BookingRow,
  kind: TripKind,
  now: Date,
  links: BookingLinks,
): Promise<void> {
  const step: Step = { ...TRIP_STEPS[kind], action: kind };
  await writeStep(stepWrite(tx, booking, step, { at: now, now, links, gst: undefined, rates: undefined }), step);
}

/** Requests an accept overtook are declined for the renter, and what follows a decline's commit follows theirs. */
const OVERTAKEN_STEP = BOOKING_TRANSITIONS.find((t) => t.action === 'decline' && t.who === 'carKeeper');
const settleOvertaken = (work: AfterCommit, bookingIds: readonly string[]) =>
  OVERTAKEN_STEP ? afterCommit(work, OVERTAKEN_STEP, bookingIds) : Promise.resolve();

function stepWrite(
  tx: Database,
  booking: BookingRow,
  step: Step,
  rest: Pick<StepWrite, 'at' | 'now' | 'links' | 'gst' | 'rates'> &
    Partial<Pick<StepWrite, 'who' | 'takenBy' | 'reason' | 'reasonShown' | 'moneyMoved' | 'releaseDue'>>,
): StepWrite {
  return {
    tx,
    booking,
    from: step.from,
    to: step.to,
    action: step.action,
    refundAs: step.refundAs,
    who: undefined,
    takenBy: undefined,
    reason: undefined,
    reasonShown: false,
    moneyMoved: false,
    releaseDue: false,
    ...rest,
  };
}

function refusal(status: BookingStatus, possible: readonly BookingAction[]): string {
  if (possible.length === 0) return t('server.process.cannotChange', { status });
  const [first = '', ...rest] = possible.map((action) => t('server.process.action', { action }));
  const actions = rest.reduce<string>((list, action) => t('server.process.orAction', { list, action }), first);
  return t('server.process.canOnly', { status, actions });
}

/** Whom the taker acts as on the booking: refused with 404 where a party has nothing to do with it, 409 where the console may not answer. */
function actorOf(taker: StepTaker, view: BookingView, action: BookingAction): BookingActor {
  if (taker.via === 'system') return 'system';
  if (taker.via === 'party') {
    const who = actorFor(taker.account, view);
    if (!who) throw new HttpError(404, t(NO_SUCH_BOOKING_ID));
    return who;
  }
  const who = adminActorFor(action, view.car.kind);
  if (!who) throw new HttpError(409, t(OWNERS_TO_ANSWER_ID));
  return who;
}

/** The table's transition for the taker's action on the booking as it stands, its deadline and opening applied; refused with 409 otherwise. */
function transitionFor(
  taker: StepTaker,
  view: BookingView,
  action: BookingAction,
  now: Date,
  hours: StepHours,
): BookingTransition {
  const { booking, car } = view;
  const who = actorOf(taker, view, action);
  const period = { from: booking.startsAt, to: booking.endsAt };
  const transition = transitionOf(booking.status, action, who);
  if (!transition) {
    const possible =
      taker.via === 'console'
        ? adminActionsAt(booking.status, car.kind, period, now, hours)
        : allowedActions(booking.status, who);
    throw new HttpError(409, refusal(booking.status, possible));
  }
  if (isPastDeadline(transition, period, now)) {
    throw new HttpError(
      409,
      t('server.process.pastDeadline', { status: booking.status, reached: transition.until ?? 'end', to: transition.to }),
    );
  }
  const opening = opensAt(transition, period, hours);
  if (opening && now.getTime() < opening.getTime()) {
    throw new HttpError(
      409,
      t('server.process.notYet', { status: booking.status, at: formatIndiaTime(opening), hours: hours.noShowHours }),
    );
  }
  return transition;
}

interface FirstPart {
  transition: BookingTransition;
  /** The car's requests that expired under the lock. */
  expired: string[];
  /** Other requests the step changed (those an accept overtook). */
  overtaken: string[];
  /** Whether the step waits on a provider, its booking in the transition's pending status meanwhile. */
  pending: boolean;
}

/**
 * The step's first transaction: under the car's lock, due requests expire, the step is found in the
 * table and checked, and it is either written whole or, when a provider must move money first,
 * recorded as pending (its period reserved), for `finishPending` to complete after the commit.
 */
async function firstPart(ctx: ProcessContext, bookingId: string, action: BookingAction, taker: StepTaker): Promise<FirstPart> {
  const notFound = taker.via === 'console' ? t(NO_BOOKING_HAS_ID) : t(NO_SUCH_BOOKING_ID);
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx.select({ carId: bookings.carId }).from(bookings).where(eq(bookings.id, bookingId));
    if (!target) throw new HttpError(404, notFound);
    const now = ctx.clock.now();
    await lockCar(tx, target.carId);
    const expired = await expireDueRequests(tx, target.carId, now, ctx.links);
    await completeDueBookings(tx, target.carId, now, ctx);
    const [view] = await bookingViews(tx).where(eq(bookings.id, bookingId)).for('update', { of: bookings });
    if (!view) throw new HttpError(404, notFound);
    const transition = transitionFor(taker, view, action, now, ctx.money);
    const write = stepWrite(
      tx,
      view.booking,
      { ...transition },
      {
        at: now,
        now,
        links: ctx.links,
        gst: ctx.gst,
        rates: ctx.money.rates,
        who: transition.who,
        takenBy: taker.via === 'system' ? undefined : { accountId: taker.account.id, asAdmin: taker.account.role === 'admin' },
        reason: taker.via === 'system' ? undefined : taker.reason,
        reasonShown: taker.via === 'party',
      },
    );
    for (const check of handlersIn(transition, 'check')) await check(write, ctx.payments);
    const waitsOnProvider = handlersIn(transition, 'needsProvider').some((needs) => needs(view.booking));
    if (waitsOnProvider && transition.pending) {
      const holder = view.booking.paymentProvider ? ctx.payments.provider(view.booking.paymentProvider) : null;
      if (!holder) throw new HttpError(503, t(PROVIDER_OFF));
      await tx
        .update(bookings)
        .set({
          status: transition.pending,
          pendingBy: taker.via === 'system' ? null : taker.account.id,
          pendingReason: write.reason ?? null,
          updatedAt: now,
        })
        .where(eq(bookings.id, bookingId));
      return { transition, expired, overtaken: [], pending: true };
    }
    const overtaken = await writeStep(write, transition);
    return { transition, expired, overtaken, pending: false };
  });
}

/** What a refusal to move the money says, for the step's caller. */
function providerRefusal(booking: BookingRow): (reason: string) => string {
  const provider = booking.paymentProvider === 'stripe' ? 'stripe' : 'other';
  return (reason) => t('server.process.notTaken', { provider, reason });
}

/**
 * Completes a step left pending on a provider: asks the provider, then in a second short transaction
 * writes the step whole, or, when the provider refused or could not be reached, puts the booking back
 * to where the step began (and throws the provider's answer). Run by the step right after its first
 * part, and by the sweep for a step a crash interrupted. Answers the other bookings it changed.
 */
export async function finishPending(ctx: ProcessContext, booking: BookingRow): Promise<string[]> {
  // A step pending with no one recorded as taking it is the server's own: it finishes as the table's `system` step.
  const transition = BOOKING_TRANSITIONS.find(
    (t) => t.pending === booking.status && (t.who === 'system') === (booking.pendingBy === null),
  );
  if (!transition) return [];
  try {
    for (const call of handlersIn(transition, 'provider')) await call(ctx.payments, booking);
  } catch (error) {
    await ctx.db
      .update(bookings)
      .set({ status: transition.from, pendingBy: null, pendingReason: null, updatedAt: ctx.clock.now() })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)));
    throw providerError(error, providerRefusal(booking));
  }
  return ctx.db.transaction(async (tx) => {
    await lockCar(tx, booking.carId);
    const [still] = await tx
      .select({ row: bookings, admin: accounts.role })
      .from(bookings)
      .leftJoin(accounts, eq(accounts.id, bookings.pendingBy))
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
      .for('update', { of: bookings });
    // Another instance's sweep finished it first.
    if (!still) return [];
    const now = ctx.clock.now();
    const takenBy = still.row.pendingBy ? { accountId: still.row.pendingBy, asAdmin: still.admin === 'admin' } : undefined;
    const write = stepWrite(tx, still.row, transition, {
      at: now,
      now,
      links: ctx.links,
      gst: ctx.gst,
      rates: ctx.money.rates,
      who: transition.who,
      takenBy,
      reason: still.row.pendingReason ?? undefined,
      moneyMoved: true,
    });
    return writeStep(write, transition, { pendingBy: null, pendingReason: null });
  });
}

/** A step done: the booking after it, and the numbers of the car's overlapping requests it declined with it (an accept's), earliest first. */
export interface StepDone extends BookingView {
  declinedWith: number[];
}

/**
 * Takes one step of the booking process for `taker`, as the table allows it, and answers the booking
 * after it. The exclusion constraint stays the last word on overlaps: its refusal is the same 409.
 */
export async function runStep(
  ctx: ProcessContext,
  bookingId: string,
  action: BookingAction,
  taker: StepTaker,
): Promise<StepDone> {
  let first: FirstPart;
  try {
    first = await firstPart(ctx, bookingId, action, taker);
  } catch (error) {
    if (isExclusionViolation(error)) throw new HttpError(409, t(ALREADY_BOOKED));
    throw error;
  }
  const { transition, expired, overtaken } = first;
  if (first.pending) {
    const [pending] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (pending) overtaken.push(...(await finishPending(ctx, pending)));
  }
  await afterCommit(ctx, transition, [bookingId]);
  await settleExpired(ctx, expired);
  await settleOvertaken(ctx, overtaken);
  const [view] = await bookingViews(ctx.db).where(eq(bookings.id, bookingId));
  if (!view) throw new Error('the booking left during its step');
  const declined =
    overtaken.length === 0
      ? []
      : await ctx.db
          .select({ number: bookings.number })
          .from(bookings)
          .where(inArray(bookings.id, overtaken))
          .orderBy(bookings.startsAt, bookings.number);
  return { ...view, declinedWith: declined.map(({ number }) => number) };
}
