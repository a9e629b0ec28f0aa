import { toIndiaIso } from '#domain/india-time';
import type { OwnerStatement, StatementLineKind } from '#domain/schemas/earnings';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { csvField } from '../http/csv';
import { type MessageId, t } from '../i18n';
import { addMonths, indiaMonthOf, monthStart, statementNumber } from './calendar';
import { SNAPSHOT } from './earnings';
import { ownerBalancesBefore, ownerJournals } from './owner-ledger';
import { payoutsWithin } from './payouts';

export interface StatementOwner {
  id: string;
  username: string;
  email: string;
  createdAt: Date;
}

/**
 * An owner's statement of one India month: every journal that moved their balances in it (by when
 * it was posted, as the earnings' months count), the balances before and after, and their payouts
 * of the month. A month after the current one, or before the owner's account existed, has none: 400.
 */
export async function ownerStatement(db: Database, owner: StatementOwner, month: string, now: Date): Promise<OwnerStatement> {
  if (month > indiaMonthOf(now)) throw new HttpError(400, t('server.earnings.futureMonth', { month }));
  const firstMonth = indiaMonthOf(owner.createdAt);
  if (month < firstMonth) throw new HttpError(400, t('server.earnings.beforeAccount', { month, first: firstMonth }));
  const from = monthStart(month);
  const to = monthStart(addMonths(month, 1));
  // One snapshot, so the opening balances and the lines add up to the closing ones.
  const { opening, journals, payouts } = await db.transaction(
    async (tx) => ({
      opening: await ownerBalancesBefore(tx, owner.id, from),
      journals: await ownerJournals(tx, owner.id, from, to),
      payouts: await payoutsWithin(tx, owner.id, from, to),
    }),
    SNAPSHOT,
  );

  let availableBalancePaise = opening.availablePaise;
  const lines = journals.map(({ at, ...journal }) => {
    availableBalancePaise += journal.availablePaise;
    return { ...journal, at: toIndiaIso(at), availableBalancePaise };
  });
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const totals = {
    earnedPaise: sum((line) => line.earnedPaise),
    pendingPaise: sum((line) => line.pendingPaise),
    availablePaise: sum((line) => line.availablePaise),
    paidOutPaise: payouts
      .filter(({ paidAt }) => paidAt !== null && new Date(paidAt) >= from && new Date(paidAt) < to)
      .reduce((total, { amountPaise }) => total + amountPaise, 0),
  };
  return {
    number: statementNumber(owner.id, month),
    month,
    from: toIndiaIso(from),
    to: toIndiaIso(to),
    complete: to <= now,
    owner: { username: owner.username, email: owner.email },
    openingPendingPaise: opening.pendingPaise,
    openingAvailablePaise: opening.availablePaise,
    closingPendingPaise: opening.pendingPaise + totals.pendingPaise,
    closingAvailablePaise: opening.availablePaise + totals.availablePaise,
    lines,
    payouts,
    totals,
  };
}

/** Each line's words in the CSV, by its kind. */
const LINE_WORDS: Record<StatementLineKind, MessageId> = {
  capture: 'server.earnings.line.capture',
  release: 'server.earnings.line.release',
  refund: 'server.earnings.line.refund',
  pickupShare: 'server.earnings.line.pickupShare',
  pickupShareReversed: 'server.earnings.line.pickupShareReversed',
  payoutRequested: 'server.earnings.line.payoutRequested',
  payoutFailed: 'server.earnings.line.payoutFailed',
  other: 'server.earnings.line.other',
};

/** Paise as rupees with two decimals and no grouping, which a spreadsheet reads as a number. */
const rupees = (paise: number) =>
  `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

/**
 * One record: text fields through `csvField` (a car's name is its owner's words, and one starting
 * like a formula is written as text), amounts as plain numbers so a spreadsheet can add them up.
 */
const record = (fields: readonly (string | { paise: number } | null)[]) =>
  `${fields.map((field) => (field === null ? '' : typeof field === 'string' ? csvField(field) : rupees(field.paise))).join(',')}\r\n`;

/** The file name of a statement's CSV: its number, with the characters a file name cannot hold replaced. */
export const statementCsvName = (statement: OwnerStatement) => `${statement.number.replaceAll('/', '-')}.csv`;

/**
 * The statement as CSV (RFC 4180, CRLF): a header, the opening balances, a record per line with the
 * available balance after it (a payout's with its UTR once paid), the closing balances, and the
 * month's totals. Times are India time, with its offset.
 */
export function statementCsv(statement: OwnerStatement): string {
  const header = [
    'server.earnings.csv.date',
    'server.earnings.csv.description',
    'server.earnings.csv.booking',
    'server.earnings.csv.car',
    'server.earnings.csv.payout',
    'server.earnings.csv.utr',
    'server.earnings.csv.earned',
    'server.earnings.csv.pending',
    'server.earnings.csv.available',
    'server.earnings.csv.balance',
  ] as const satisfies readonly MessageId[];
  const utrOf = new Map(statement.payouts.map(({ number, utr }) => [number, utr]));
  const balances = (label: MessageId, at: string | null, pendingPaise: number, availablePaise: number) =>
    record([at, t(label), null, null, null, null, null, { paise: pendingPaise }, null, { paise: availablePaise }]);
  return [
    record(header.map((id) => t(id))),
    balances('server.earnings.csv.opening', statement.from, statement.openingPendingPaise, statement.openingAvailablePaise),
    ...statement.lines.map((line) =>
      record([
        line.at,
        t(LINE_WORDS[line.kind], { memo: line.memo }),
        line.booking?.number ?? null,
        line.booking?.carName ?? null,
        line.payoutNumber === null ? null : String(line.payoutNumber),
        line.payoutNumber === null ? null : (utrOf.get(line.payoutNumber) ?? null),
        { paise: line.earnedPaise },
        { paise: line.pendingPaise },
        { paise: line.availablePaise },
        { paise: line.availableBalancePaise },
      ]),
    ),
    balances('server.earnings.csv.closing', statement.to, statement.closingPendingPaise, statement.closingAvailablePaise),
    record([
      null,
      t('server.earnings.csv.totals'),
      null,
      null,
      null,
      null,
      { paise: statement.totals.earnedPaise },
      { paise: statement.totals.pendingPaise },
      { paise: statement.totals.availablePaise },
      null,
    ]),
  ].join('');
}
