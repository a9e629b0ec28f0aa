/** A booking's number as people read it: the database's running number, padded, such as `WOW-01042`. */
export function bookingNumber(sequence: number): string {
  return `WOW-${String(sequence).padStart(5, '0')}`;
}
