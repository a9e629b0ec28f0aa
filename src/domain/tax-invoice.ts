import { INDIA_OFFSET } from './limits';

const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
/** April, counted from 0. */
const FIRST_MONTH = 3;

/** The year India's financial year (April to March, India time) that `instant` falls in began. */
export function financialYearOf(instant: Date): number {
  const india = new Date(instant.getTime() + INDIA_OFFSET_MS);
  const year = india.getUTCFullYear();
  return india.getUTCMonth() >= FIRST_MONTH ? year : year - 1;
}

const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/** "2026-27": the financial year beginning in April 2026, as people name it. */
export function financialYearLabel(startYear: number): string {
  return `${startYear}-${twoDigits(startYear + 1)}`;
}

/** When the financial year beginning in `startYear` begins, as an instant. */
export function financialYearStart(startYear: number): Date {
  return new Date(`${startYear}-04-01T00:00:00${INDIA_OFFSET}`);
}

/**
 * A tax invoice's number: consecutive within a financial year and unique within it, in at most 16
 * characters of letters, digits, "-" and "/" as GST rules want, such as `WOW/26-27/00042`.
 */
export function invoiceNumber(startYear: number, sequence: number): string {
  return `WOW/${twoDigits(startYear)}-${twoDigits(startYear + 1)}/${String(sequence).padStart(5, '0')}`;
}

/**
 * A GST credit note's number, for a refund of an invoiced booking: its own series, consecutive within
 * a financial year, in the same 16 characters, such as `WCN/26-27/00007`.
 */
export function creditNoteNumber(startYear: number, sequence: number): string {
  return `WCN/${twoDigits(startYear)}-${twoDigits(startYear + 1)}/${String(sequence).padStart(5, '0')}`;
}
