/** A booking's number as people read it: the database's running number, padded, such as `WOW-01042`. */
export function bookingNumber(sequence: number): string {
  return `WOW-${String(sequence).padStart(5, '0')}`;
}

/**
 * The running number a person's `WOW-01042` names, read as people write it down: in any case, with
 * or without the prefix, its dash or the padding (`wow-1042`, `WOW01042`, `01042`); undefined for
 * anything else.
 */
export function parseBookingNumber(text: string): number | undefined {
  const digits = /^(?:wow-?)?(\d{1,15})$/i.exec(text.trim())?.[1];
  return digits === undefined ? undefined : Number(digits);
}
