import type { FuelKind, TripRecord, TripValues } from '../../domain/schemas/trips';

/** The checklist's fields as typed: text, checked as the contract's TripValues once made a body. */
export interface TripFields {
  odometerKm: string;
  /** Eighths of a tank, or an electric car's battery percent. */
  level: string;
}

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The request body the fields make, in the car's kind of fuel. */
export function tripBody({ odometerKm, level }: TripFields, fuelKind: FuelKind): TripValues {
  const amount = asNumber(level);
  return {
    odometerKm: asNumber(odometerKm),
    fuel: fuelKind === 'eighths' ? { kind: 'eighths', eighths: amount } : { kind: 'batteryPercent', percent: amount },
  };
}

/** The fields as a record left them, for the side correcting it; empty for a new one. */
export function fieldsOf(values: TripValues | null | undefined): TripFields {
  if (!values) return { odometerKm: '', level: '' };
  const level = values.fuel.kind === 'eighths' ? values.fuel.eighths : values.fuel.percent;
  return { odometerKm: String(values.odometerKm), level: String(level) };
}

/** What both sides agreed the record says: the correction where there is one. */
export const agreedValues = (record: TripRecord): TripValues => record.correction ?? record.entered;
