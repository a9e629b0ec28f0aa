import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { handoverOpensAt, statusAt, TRIP_STEPS, type TripKind } from '#domain/booking-states';
import { formatIndiaTime } from '#domain/india-time';
import { TRIP_PHOTOS_MAX } from '#domain/limits';
import {
  type FuelKind,
  type FuelLevel,
  REQUIRED_TRIP_PHOTO_SLOTS,
  type TripAnswer,
  type TripPhotoSlot,
  type TripReading,
  type TripRecord,
  type TripSide,
  type TripValues,
} from '#domain/schemas/trips';
import type { z } from 'zod';
import type { Database } from '../db/client';
import {
  accounts,
  type AccountRow,
  bookings,
  cars,
  type TripPhotoRow,
  tripPhotos,
  tripRecords,
  type TripRecordRow,
} from '../db/schema';
import { HttpError } from '../http/errors';
import type { BookingLinks } from '../mail/booking-mails';
import { takeTripStep } from '../bookings/process';
import { lockCar } from '../bookings/status';
import { actorFor, bookingViews, type BookingView } from '../bookings/views';
import { NO_SUCH_BOOKING_ID } from '../bookings/words';
import { t } from '../i18n';

type Values = z.output<typeof TripValues>;

export const TRIP_WORDS = {
  notYet: 'server.trips.notYet',
  notNow: 'server.trips.notNow',
  noHandover: 'server.trips.noHandover',
  carNotBack: 'server.trips.carNotBack',
  otherSideFilled: 'server.trips.otherSideFilled',
  notFilled: 'server.trips.notFilled',
  ownRecord: 'server.trips.ownRecord',
  confirmed: 'server.trips.confirmed',
  fourSides: 'server.trips.fourSides',
  tooManyPhotos: 'server.trips.tooManyPhotos',
  lowerOdometer: 'server.trips.lowerOdometer',
  wrongFuel: 'server.trips.wrongFuel',
  notAParty: 'server.trips.notAParty',
} as const;

/** Where one of a record's photos is served: to the booking's parties and admins only. */
export function tripPhotoPath(bookingId: string, kind: TripKind, photoId: string): string {
  return `/api/bookings/${bookingId}/trip/${kind}/photos/${photoId}`;
}

interface TripBooking {
  view: BookingView;
  fuelKind: FuelKind;
  /** The caller's side; null for an admin who does not keep the car (they may look, not fill in). */
  side: TripSide | null;
}

/** The booking as the caller may see its trip: its parties and admins; anyone else is told there is no such booking. */
async function tripBooking(db: Database, account: AccountRow, bookingId: string, lock: boolean): Promise<TripBooking> {
  const query = bookingViews(db).where(eq(bookings.id, bookingId));
  const [view] = lock ? await query.for('update', { of: bookings }) : await query;
  if (!view) throw new HttpError(404, t(NO_SUCH_BOOKING_ID));
  const actor = actorFor(account, view);
  const side = actor === 'renter' || actor === 'carKeeper' ? actor : null;
  if (!side && account.role !== 'admin') throw new HttpError(404, t(NO_SUCH_BOOKING_ID));
  const [car] = await db.select({ fuel: cars.fuel }).from(cars).where(eq(cars.id, view.car.id));
  return { view, side, fuelKind: car?.fuel === 'electric' ? 'batteryPercent' : 'eighths' };
}

function partyOf(trip: TripBooking): TripSide {
  if (!trip.side) throw new HttpError(403, t(TRIP_WORDS.notAParty));
  return trip.side;
}

const fuelOf = (eighths: number | null, percent: number | null): FuelLevel =>
  eighths !== null ? { kind: 'eighths', eighths } : { kind: 'batteryPercent', percent: percent ?? 0 };

const fuelColumns = (fuel: FuelLevel) =>
  fuel.kind === 'eighths' ? { eighths: fuel.eighths, percent: null } : { eighths: null, percent: fuel.percent };

function enteredValues(row: TripRecordRow): Values {
  return { odometerKm: row.odometerKm, fuel: fuelOf(row.fuelEighths, row.batteryPercent) };
}

function correctionOf(row: TripRecordRow): Values | null {
  if (row.correctedOdometerKm === null) return null;
  return { odometerKm: row.correctedOdometerKm, fuel: fuelOf(row.correctedFuelEighths, row.correctedBatteryPercent) };
}

/** What both sides agreed the record says: the correction where the second side made one. */
export function tripReading(row: TripRecordRow): TripReading | null {
  if (!row.confirmedAt) return null;
  const values = correctionOf(row) ?? enteredValues(row);
  return { at: row.confirmedAt, ...values };
}

const hasFourSides = (photos: readonly Pick<TripPhotoRow, 'slot'>[]) =>
  REQUIRED_TRIP_PHOTO_SLOTS.every((slot) => photos.some((photo) => photo.slot === slot));

async function recordOf(db: Database, bookingId: string, kind: TripKind, lock = false): Promise<TripRecordRow | undefined> {
  const query = db
    .select()
    .from(tripRecords)
    .where(and(eq(tripRecords.bookingId, bookingId), eq(tripRecords.kind, kind)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Both records of a booking as its parties see them. */
async function recordsOf(db: Database, bookingId: string): Promise<Record<TripKind, TripRecord | null>> {
  const rows = await db.select().from(tripRecords).where(eq(tripRecords.bookingId, bookingId));
  const ids = rows.map((row) => row.id);
  const photos =
    ids.length === 0
      ? []
      : await db.select().from(tripPhotos).where(inArray(tripPhotos.recordId, ids)).orderBy(asc(tripPhotos.uploadedAt));
  const people = [...new Set(rows.flatMap((row) => (row.confirmedBy ? [row.enteredBy, row.confirmedBy] : [row.enteredBy])))];
  const names =
    people.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await db.select({ id: accounts.id, username: accounts.username }).from(accounts).where(inArray(accounts.id, people))
          ).map((a) => [a.id, a.username]),
        );
  const other = (side: TripSide): TripSide => (side === 'renter' ? 'carKeeper' : 'renter');
  const shown = (kind: TripKind): TripRecord | null => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) return null;
    const own = photos.filter((photo) => photo.recordId === row.id);
    return {
      kind,
      enteredBy: { side: row.enteredSide, username: names.get(row.enteredBy) ?? '' },
      entered: enteredValues(row),
      photos: own.map((photo) => ({
        id: photo.id,
        slot: photo.slot,
        url: tripPhotoPath(bookingId, kind, photo.id),
        uploadedAt: photo.uploadedAt.toISOString(),
      })),
      ready: hasFourSides(own),
      confirmedBy: row.confirmedBy ? { side: other(row.enteredSide), username: names.get(row.confirmedBy) ?? '' } : null,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      correction: correctionOf(row),
      updatedAt: row.updatedAt.toISOString(),
    };
  };
  return { handover: shown('handover'), return: shown('return') };
}

/** A booking's two trip records, for its parties and admins. */
export async function readTrip(db: Database, account: AccountRow, bookingId: string): Promise<TripAnswer> {
  const trip = await tripBooking(db, account, bookingId, false);
  const records = await recordsOf(db, bookingId);
  return {
    fuelKind: trip.fuelKind,
    side: trip.side,
    handoverOpensAt: handoverOpensAt(trip.view.booking.startsAt).toISOString(),
    ...records,
  };
}

/** The booking under its car's lock, as every step of its bookings is taken, with the caller's side in it. */
async function lockedTrip(tx: Database, account: AccountRow, bookingId: string): Promise<{ trip: TripBooking; side: TripSide }> {
  const [target] = await tx.select({ carId: bookings.carId }).from(bookings).where(eq(bookings.id, bookingId));
  if (!target) throw new HttpError(404, t(NO_SUCH_BOOKING_ID));
  await lockCar(tx, target.carId);
  const trip = await tripBooking(tx, account, bookingId, true);
  return { trip, side: partyOf(trip) };
}

/**
 * Whether the booking, as it stands at `now`, is where `kind`'s record may be made: the handover from
 * its window's opening while accepted, the return once handed over. Refused with 409 in the words of why.
 */
function checkStepOpen(trip: TripBooking, kind: TripKind, now: Date): void {
  const { booking } = trip.view;
  const status = statusAt(booking.status, booking, now);
  if (status === TRIP_STEPS[kind].from) {
    if (kind === 'handover' && now < handoverOpensAt(booking.startsAt)) {
      throw new HttpError(409, t(TRIP_WORDS.notYet, { opensAt: formatIndiaTime(handoverOpensAt(booking.startsAt)) }));
    }
    return;
  }
  if (kind === 'return' && status === TRIP_STEPS.handover.from) throw new HttpError(409, t(TRIP_WORDS.noHandover));
  throw new HttpError(409, t(TRIP_WORDS.notNow, { kind, status }));
}

/** The values' fuel must be the car's kind, and a return's odometer never below what the handover read. */
async function checkValues(db: Database, trip: TripBooking, kind: TripKind, values: Values): Promise<void> {
  if (values.fuel.kind !== trip.fuelKind) throw new HttpError(400, t(TRIP_WORDS.wrongFuel, { kind: trip.fuelKind }));
  if (kind !== 'return') return;
  const handover = await recordOf(db, trip.view.booking.id, 'handover');
  const reading = handover ? tripReading(handover) : null;
  if (reading && values.odometerKm < reading.odometerKm) {
    throw new HttpError(400, t(TRIP_WORDS.lowerOdometer, { km: reading.odometerKm }));
  }
}

/**
 * The side filling in a record stores its values (again, until the other side confirms). The other side, once the record is theirs, corrects
 * through the confirmation instead.
 */
export async function saveTripValues(
  db: Database,
  account: AccountRow,
  bookingId: string,
  kind: TripKind,
  values: Values,
  now: Date,
): Promise<TripAnswer> {
  await db.transaction(async (tx) => {
    const { trip, side } = await lockedTrip(tx, account, bookingId);
    checkStepOpen(trip, kind, now);
    await checkValues(tx, trip, kind, values);
    const existing = await recordOf(tx, bookingId, kind, true);
    const fuel = fuelColumns(values.fuel);
    const columns = { odometerKm: values.odometerKm, fuelEighths: fuel.eighths, batteryPercent: fuel.percent, updatedAt: now };
    if (!existing) {
      await tx
        .insert(tripRecords)
        .values({ bookingId, kind, enteredBy: account.id, enteredSide: side, ...columns, createdAt: now });
      return;
    }
    if (existing.confirmedAt) throw new HttpError(409, t(TRIP_WORDS.confirmed));
    if (existing.enteredSide !== side) throw new HttpError(409, t(TRIP_WORDS.otherSideFilled));
    await tx
      .update(tripRecords)
      .set({ ...columns, enteredBy: account.id })
      .where(eq(tripRecords.id, existing.id));
  });
  return readTrip(db, account, bookingId);
}

/**
 * Whether the caller may add a photo to the record now: the side that filled it in, before it is
 * confirmed, while it holds fewer than TRIP_PHOTOS_MAX. Checked before the upload is read, and again
 * when the photo is kept (`keepTripPhoto`).
 */
export async function checkMayAddPhoto(db: Database, account: AccountRow, bookingId: string, kind: TripKind): Promise<void> {
  const trip = await tripBooking(db, account, bookingId, false);
  await photoTarget(db, trip, bookingId, kind);
}

async function photoTarget(db: Database, trip: TripBooking, bookingId: string, kind: TripKind): Promise<TripRecordRow> {
  const side = partyOf(trip);
  const record = await recordOf(db, bookingId, kind);
  if (!record) throw new HttpError(409, t(TRIP_WORDS.notFilled));
  if (record.confirmedAt) throw new HttpError(409, t(TRIP_WORDS.confirmed));
  if (record.enteredSide !== side) throw new HttpError(409, t(TRIP_WORDS.otherSideFilled));
  const [held] = await db.select({ n: count() }).from(tripPhotos).where(eq(tripPhotos.recordId, record.id));
  if ((held?.n ?? 0) >= TRIP_PHOTOS_MAX) throw new HttpError(409, t(TRIP_WORDS.tooManyPhotos, { max: TRIP_PHOTOS_MAX }));
  return record;
}

/** Keeps a stored photo on the record, with when it was uploaded, re-checking under the record's lock. */
export async function keepTripPhoto(
  db: Database,
  account: AccountRow,
  bookingId: string,
  kind: TripKind,
  photo: { key: string; slot: TripPhotoSlot },
  now: Date,
): Promise<TripAnswer> {
  await db.transaction(async (tx) => {
    const trip = await tripBooking(tx, account, bookingId, true);
    const record = await photoTarget(tx, trip, bookingId, kind);
    await tx
      .insert(tripPhotos)
      .values({ recordId: record.id, slot: photo.slot, key: photo.key, uploadedBy: account.id, uploadedAt: now });
    await tx.update(tripRecords).set({ updatedAt: now }).where(eq(tripRecords.id, record.id));
  });
  return readTrip(db, account, bookingId);
}

/**
 * The other side confirms the record, as sent or with their correction, and the trip's step is taken
 * with it (TRIP_STEPS), under the car's lock: of two confirmations at once the second finds the record
 * confirmed and answers it as it stands, so there is one record and one step.
 */
export async function confirmTrip(
  db: Database,
  account: AccountRow,
  bookingId: string,
  kind: TripKind,
  correction: Values | undefined,
  now: Date,
  links: BookingLinks,
): Promise<TripAnswer> {
  await db.transaction(async (tx) => {
    const { trip, side } = await lockedTrip(tx, account, bookingId);
    const record = await recordOf(tx, bookingId, kind, true);
    if (!record) throw new HttpError(409, t(TRIP_WORDS.notFilled));
    if (record.confirmedAt) return;
    if (record.enteredSide === side) throw new HttpError(409, t(TRIP_WORDS.ownRecord));
    checkStepOpen(trip, kind, now);
    const photos = await tx.select({ slot: tripPhotos.slot }).from(tripPhotos).where(eq(tripPhotos.recordId, record.id));
    if (!hasFourSides(photos)) throw new HttpError(409, t(TRIP_WORDS.fourSides));
    if (correction) await checkValues(tx, trip, kind, correction);
    if (kind === 'handover') await checkCarBack(tx, trip.view);
    const fixed = correction ? fuelColumns(correction.fuel) : null;
    await tx
      .update(tripRecords)
      .set({
        confirmedBy: account.id,
        confirmedAt: now,
        correctedOdometerKm: correction?.odometerKm ?? null,
        correctedFuelEighths: fixed?.eighths ?? null,
        correctedBatteryPercent: fixed?.percent ?? null,
        updatedAt: now,
      })
      .where(eq(tripRecords.id, record.id));
    await takeTripStep(tx, trip.view.booking, kind, now, links);
  });
  return readTrip(db, account, bookingId);
}

/** A car still out on an earlier trip (returned late) cannot be handed over for the next one. */
async function checkCarBack(tx: Database, { booking }: BookingView): Promise<void> {
  const [out] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.carId, booking.carId), eq(bookings.status, TRIP_STEPS.handover.to), ne(bookings.id, booking.id)))
    .limit(1);
  if (out) throw new HttpError(409, t(TRIP_WORDS.carNotBack));
}

/**
 * The stored key of one of a record's photos, for the booking's parties and admins; anyone else, and a
 * photo not of this booking's record of `kind`, is told there is no such booking (404).
 */
export async function tripPhotoKey(
  db: Database,
  account: AccountRow,
  bookingId: string,
  kind: TripKind,
  photoId: string,
): Promise<string> {
  await tripBooking(db, account, bookingId, false);
  const [photo] = await db
    .select({ key: tripPhotos.key })
    .from(tripPhotos)
    .innerJoin(tripRecords, eq(tripRecords.id, tripPhotos.recordId))
    .where(and(eq(tripPhotos.id, photoId), eq(tripRecords.bookingId, bookingId), eq(tripRecords.kind, kind)));
  if (!photo) throw new HttpError(404, t(NO_SUCH_BOOKING_ID));
  return photo.key;
}
