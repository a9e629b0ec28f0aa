import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings, type BookingRow } from '../db/schema';
import { postRefund } from './booking-postings';
import { nextCreditNoteNumber } from './tax-documents';

/**
 * A refund made: the ledger's reversal of the booking's money and, where the capture was invoiced
 * with GST, a credit note of its own series. Run in the transaction that stores the refund.
 */
export async function recordRefund(tx: Database, booking: BookingRow, at: Date): Promise<void> {
  await postRefund(tx, booking, at);
  if (booking.invoiceNumber && booking.taxPaise > 0 && !booking.creditNoteNumber) {
    await tx
      .update(bookings)
      .set({ creditNoteNumber: await nextCreditNoteNumber(tx, at) })
      .where(eq(bookings.id, booking.id));
  }
}
