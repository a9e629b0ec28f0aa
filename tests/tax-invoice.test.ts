// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { financialYearLabel, financialYearOf, financialYearStart, invoiceNumber } from '../src/domain/tax-invoice';

describe('financial years and invoice numbers', () => {
  it("puts an instant in India's April-to-March year, by India's clock", () => {
    expect(financialYearOf(new Date('2027-03-31T23:59:59+05:30'))).toBe(2026);
    expect(financialYearOf(new Date('2027-04-01T00:00:00+05:30'))).toBe(2027);
    // Still 31 March in UTC, already 1 April in India.
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe(2027);
    expect(financialYearOf(new Date('2027-01-15T12:00:00+05:30'))).toBe(2026);
    expect(financialYearOf(new Date('2026-12-31T23:00:00+05:30'))).toBe(2026);
  });

  it('names the year and starts it at midnight on 1 April, India time', () => {
    expect(financialYearLabel(2026)).toBe('2026-27');
    expect(financialYearLabel(2099)).toBe('2099-00');
    expect(financialYearStart(2027).toISOString()).toBe('2027-03-31T18:30:00.000Z');
  });

  it('numbers invoices within their year, in at most 16 characters', () => {
    expect(invoiceNumber(2026, 42)).toBe('WOW/26-27/00042');
    expect(invoiceNumber(2027, 1)).toBe('WOW/27-28/00001');
    expect(invoiceNumber(2099, 7)).toBe('WOW/99-00/00007');
    expect(invoiceNumber(2026, 999_999)).toMatch(/^[A-Z0-9/-]{1,16}$/);
  });
});
