import { sql } from 'drizzle-orm';
import { creditNoteNumber, financialYearOf, invoiceNumber } from '#domain/tax-invoice';
import type { Database } from '../db/client';
import { invoiceSequences, type TaxDocumentSeries } from '../db/schema';

/**
 * The next number of a series of GST documents in the financial year `at` falls in, counted under its
 * sequence row's lock in the caller's transaction: numbers are consecutive, and a rolled-back
 * transaction gives its number back.
 */
async function nextInSeries(tx: Database, series: TaxDocumentSeries, at: Date): Promise<{ year: number; sequence: number }> {
  const year = financialYearOf(at);
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ series, financialYear: year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceSequences.series, invoiceSequences.financialYear],
      set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceSequences.lastNumber });
  if (!row) throw new Error(`the ${series} sequence returned no number`);
  return { year, sequence: row.lastNumber };
}

/** The next tax invoice number, given in the transaction that captures a taxed booking's payment. */
export async function nextInvoiceNumber(tx: Database, at: Date): Promise<string> {
  const { year, sequence } = await nextInSeries(tx, 'invoice', at);
  return invoiceNumber(year, sequence);
}

/** The next credit note number, given in the transaction that records the refund of an invoiced booking. */
export async function nextCreditNoteNumber(tx: Database, at: Date): Promise<string> {
  const { year, sequence } = await nextInSeries(tx, 'credit_note', at);
  return creditNoteNumber(year, sequence);
}
