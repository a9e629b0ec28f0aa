import { z } from 'zod';
import { TRIP_KINDS } from '../booking-states';
import { TRIP_PHOTOS_MAX } from '../limits';
import { id, isoInstant } from './fields';

/** `handover` or `return`: the two records of a trip. */
export const TripKind = z.enum(TRIP_KINDS);

export const TripParams = z.object({ id, kind: TripKind });
export const TripPhotoParams = z.object({ id, kind: TripKind, photoId: id });

/** The sides a trip record is filled in and confirmed by: the renter, and whoever keeps the car (its owner, an admin for the fleet's). */
export const TripSide = z.enum(['renter', 'carKeeper']);
export type TripSide = z.output<typeof TripSide>;

/** A tank in eighths (0 empty, 8 full), or an electric car's battery in percent. */
export const FuelLevel = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('eighths'),
    eighths: z.int('checks.trip.eighths').min(0, 'checks.trip.eighths').max(8, 'checks.trip.eighths'),
  }),
  z.object({
    kind: z.literal('batteryPercent'),
    percent: z.int('checks.trip.percent').min(0, 'checks.trip.percent').max(100, 'checks.trip.percent'),
  }),
]);
export type FuelLevel = z.output<typeof FuelLevel>;
export type FuelKind = FuelLevel['kind'];

/** The highest odometer reading taken: past any car's life, low enough to stay an integer everywhere. */
export const ODOMETER_KM_MAX = 9_999_999;

/** `PUT /api/bookings/:id/trip/:kind`: what the side filling in the record read off the car. */
export const TripValues = z.object({
  odometerKm: z.int('checks.trip.odometer').min(0, 'checks.trip.odometer').max(ODOMETER_KM_MAX, 'checks.trip.odometer'),
  fuel: FuelLevel,
});
export type TripValues = z.input<typeof TripValues>;

/** A record's reading as the extras are computed from it: when it was confirmed, the odometer and the fuel. */
export interface TripReading {
  at: Date;
  odometerKm: number;
  fuel: FuelLevel;
}

/** `POST .../confirm`: the second side confirms the values as sent, or corrects them (kept beside them, for both to read). */
export const TripConfirmation = z.object({ correction: TripValues.optional() });
export type TripConfirmation = z.input<typeof TripConfirmation>;

/** The four sides every record shows, then any more the side filling it in wants to add. */
export const TRIP_PHOTO_SLOTS = ['front', 'rear', 'left', 'right', 'other'] as const;
export const REQUIRED_TRIP_PHOTO_SLOTS = ['front', 'rear', 'left', 'right'] as const;
export const TripPhotoSlot = z.enum(TRIP_PHOTO_SLOTS);
export type TripPhotoSlot = z.output<typeof TripPhotoSlot>;

export const TripPhoto = z.object({
  id,
  slot: TripPhotoSlot,
  /** Served to the booking's parties and admins only, never cached. */
  url: z.string(),
  uploadedAt: isoInstant,
});
export type TripPhoto = z.output<typeof TripPhoto>;

const TripPerson = z.object({ side: TripSide, username: z.string() });

export const TripRecord = z.object({
  kind: TripKind,
  enteredBy: TripPerson,
  entered: TripValues,
  photos: z.array(TripPhoto).max(TRIP_PHOTOS_MAX),
  /** Whether the four sides are photographed, so the other side may confirm. */
  ready: z.boolean(),
  confirmedBy: TripPerson.nullable(),
  confirmedAt: isoInstant.nullable(),
  /** What the second side corrected, when they did; `entered` stays as the first side sent it. */
  correction: TripValues.nullable(),
  updatedAt: isoInstant,
});
export type TripRecord = z.output<typeof TripRecord>;

/** `GET /api/bookings/:id/trip`: both records, the fuel the car's reading takes, and the viewer's side. */
export const TripAnswer = z.object({
  fuelKind: z.enum(['eighths', 'batteryPercent']),
  /** The viewer's side; null for an admin looking at a booking they do not keep the car of. */
  side: TripSide.nullable(),
  handoverOpensAt: isoInstant,
  handover: TripRecord.nullable(),
  return: TripRecord.nullable(),
});
export type TripAnswer = z.output<typeof TripAnswer>;
