import { and, asc, eq, inArray } from 'drizzle-orm';
import { bankFileName, payoutNumber } from '#domain/payout-number';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { payoutRuns, payouts } from '../db/schema';
import { csvLine } from '../http/csv';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import { MAIL_SENDER_NAME } from '../mail/transport';
import type { PayoutDetailsKey } from './details-crypto';
import { bankDestinations } from './destinations';
import { NO_BANK_DETAILS, NO_SUCH_RUN, NOTHING_TO_SEND } from './words';

/**
 * The bank file: a run's payouts still to be sent, as a CSV an admin uploads to the bank's bulk
 * transfer. Taking it moves them to `processing` (the admin is sending them) and is audited, every
 * time; a payout already `processing` is listed again, so a lost file can be taken again.
 */

export const BANK_FILE_COLUMNS = ['beneficiary_name', 'account_number', 'ifsc', 'amount', 'narration'] as const;

/** Paise as the bank file writes rupees: 123456 → "1234.56". */
export function rupeesWithPaise(paise: number): string {
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** What the bank shows the owner beside the transfer: "WheelsOnWeb payout P-42". */
export function payoutNarration(number: number): string {
  return t('server.payouts.narration', { brand: MAIL_SENDER_NAME, number: payoutNumber(number) });
}

export interface BankFile {
  filename: string;
  csv: string;
}

export async function takeBankFile(
  db: Database,
  key: PayoutDetailsKey,
  { runId, adminId, now }: { runId: string; adminId: string; now: Date },
): Promise<BankFile> {
  return db.transaction(async (tx) => {
    const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
    if (!run) throw new HttpError(404, t(NO_SUCH_RUN));
    // Locked, so a payout marked paid or failed meanwhile is not moved back to processing.
    const open = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.runId, runId), eq(payouts.way, 'manual'), inArray(payouts.status, ['requested', 'processing'])))
      .orderBy(asc(payouts.number))
      .for('update');
    if (open.length === 0) throw new HttpError(409, t(NOTHING_TO_SEND));
    const destinations = await bankDestinations(
      tx,
      key,
      open.map(({ ownerId }) => ownerId),
      now,
    );
    // A payout whose owner's bank details are gone or on hold stays requested: sent later, or marked failed.
    const listed = open.flatMap((payout) => {
      const destination = destinations.get(payout.ownerId);
      return destination ? [{ payout, destination }] : [];
    });
    if (listed.length === 0) throw new HttpError(409, t(NO_BANK_DETAILS));
    const moved = listed.filter(({ payout }) => payout.status === 'requested').map(({ payout }) => payout.id);
    if (moved.length > 0) {
      await tx.update(payouts).set({ status: 'processing', updatedAt: now }).where(inArray(payouts.id, moved));
    }
    await recordAdminAction(tx, {
      adminId,
      action: 'payout.bank_file',
      objectType: 'payout_run',
      objectId: runId,
      after: {
        listed: listed.map(({ payout }) => payoutNumber(payout.number)),
        totalPaise: listed.reduce((sum, { payout }) => sum + payout.amountPaise, 0),
      },
      at: now,
    });
    const lines = listed.map(({ payout, destination }) =>
      csvLine([
        destination.beneficiaryName,
        destination.accountNumber,
        destination.ifsc,
        rupeesWithPaise(payout.amountPaise),
        payoutNarration(payout.number),
      ]),
    );
    return { filename: bankFileName(run.number), csv: [csvLine(BANK_FILE_COLUMNS), ...lines].join('') };
  });
}
