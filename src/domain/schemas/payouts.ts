import { z } from 'zod';
import { checkText } from '../issue-message';
import { ADMIN_PAGE_SIZE } from './admin';
import { pagedAnswer, pageParams, pageParamsOf } from './answers';
import { Identified, isoInstant, reason } from './fields';

// Paying owners what the ledger says they are owed: payout runs, their payouts, the bank file the
// admin sends and the marks that record what the bank did (`/api/admin/payouts`), the payouts
// Razorpay Route makes (`/api/admin/payouts/route`), and an owner's own payouts (`/api/owner/payouts`).

/** A payout's life: asked for by a run, sent in a bank file (`processing`), then paid or failed (its money available again). */
export const PAYOUT_STATUSES = ['requested', 'processing', 'paid', 'failed'] as const;
export const PayoutStatus = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.output<typeof PayoutStatus>;

/** How a payout reaches its owner: a bank file an admin sends and marks, or a Razorpay Route transfer. */
export const PAYOUT_WAYS = ['manual', 'route'] as const;
export const PayoutWay = z.enum(PAYOUT_WAYS).meta({
  description:
    '`manual`: by the bank file, with its UTR once paid; `route`: by a Razorpay Route transfer, which has no UTR of ours.',
});
export type PayoutWay = z.output<typeof PayoutWay>;

/** A payout not yet paid or failed: an owner has at most one, so no money is asked for twice. */
export const OPEN_PAYOUT_STATUSES = ['requested', 'processing'] as const satisfies readonly PayoutStatus[];

/** A UTR (the bank's reference of a transfer): 12 to 22 letters and digits. */
export const UTR_MIN = 12;
export const UTR_MAX = 22;
const UTR_FORMAT = checkText('checks.utr.format', { min: UTR_MIN, max: UTR_MAX });

/** A UTR as typed from the bank's statement: spaces around it dropped, letters in capitals. */
export const utr = z
  .string({ error: UTR_FORMAT })
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9]{${UTR_MIN},${UTR_MAX}}$`), UTR_FORMAT)
  .meta({ description: `The bank's reference of the transfer: ${UTR_MIN} to ${UTR_MAX} letters and digits, kept in capitals.` });

/** `POST /api/admin/payouts/{id}/paid`. */
export const MarkPayoutPaid = z.object({ utr });
export type MarkPayoutPaid = z.input<typeof MarkPayoutPaid>;

/** `POST /api/admin/payouts/{id}/failed`: why, which the owner reads. */
export const MarkPayoutFailed = z.object({ reason });
export type MarkPayoutFailed = z.input<typeof MarkPayoutFailed>;

const tally = z.int().min(0);
const paise = z.int().min(1).meta({ description: 'Paise: 100 to the rupee.' });
const sequence = z.int().min(1);

/** `GET /api/admin/payouts/runs`. */
export const AdminPayoutRunsQuery = z.object(pageParamsOf(ADMIN_PAGE_SIZE));
export type AdminPayoutRunsQuery = z.output<typeof AdminPayoutRunsQuery>;

/** A payout run as the console lists it. */
export const AdminPayoutRun = Identified.extend({
  number: sequence.meta({ description: 'The run\'s running number: run 3 is "R-3".' }),
  createdAt: isoInstant,
  startedBy: z
    .object({ id: z.string(), username: z.string() })
    .nullable()
    .meta({ description: 'The admin who started it; null for the weekly run.' }),
  payoutCount: tally,
  totalPaise: tally.meta({ description: "The sum of its payouts' amounts, in paise." }),
  byStatus: z.record(PayoutStatus, tally).meta({ description: 'How many of its payouts are in each status now.' }),
}).meta({ id: 'AdminPayoutRun' });
export type AdminPayoutRun = z.output<typeof AdminPayoutRun>;

export const AdminPayoutRunPage = pagedAnswer(AdminPayoutRun);
export type AdminPayoutRunPage = z.output<typeof AdminPayoutRunPage>;

/** One payout, as the console shows it in its run. */
export const AdminPayout = Identified.extend({
  number: sequence.meta({ description: 'The payout\'s running number: the bank file\'s narration names it "P-42".' }),
  owner: z.object({ id: z.string(), username: z.string() }),
  accountLast4: z
    .string()
    .nullable()
    .meta({ description: "The last four digits of the bank account it goes to; null when the owner's details are gone." }),
  amountPaise: paise,
  status: PayoutStatus,
  utr: z.string().nullable().meta({ description: "The bank's reference of the transfer, once marked paid." }),
  failureReason: z.string().nullable().meta({ description: 'Why it failed, as the admin wrote it; the owner reads it.' }),
  paidAt: isoInstant.nullable(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
}).meta({ id: 'AdminPayout' });
export type AdminPayout = z.output<typeof AdminPayout>;

/** `GET /api/admin/payouts/runs/{id}`: the run with every payout it made, in order. */
export const AdminPayoutRunDetail = AdminPayoutRun.extend({ payouts: z.array(AdminPayout) }).meta({
  id: 'AdminPayoutRunDetail',
});
export type AdminPayoutRunDetail = z.output<typeof AdminPayoutRunDetail>;

/** `GET /api/admin/payouts/route`. */
export const AdminRoutePayoutsQuery = z.object(pageParamsOf(ADMIN_PAGE_SIZE));
export type AdminRoutePayoutsQuery = z.output<typeof AdminRoutePayoutsQuery>;

/** A payout made by Razorpay Route at a booking's release, as the console lists it: no run, no bank file, no UTR. */
export const AdminRoutePayout = Identified.extend({
  number: sequence.meta({ description: 'The payout\'s running number, shared with the bank-file payouts: "P-42".' }),
  owner: z.object({ id: z.string(), username: z.string() }),
  amountPaise: paise,
  status: PayoutStatus.meta({
    description:
      '`processing` from the release until Razorpay reports the transfer processed (`paid`) or failed (`failed`, its money available again for the bank file). A Route payout is never `requested`.',
  }),
  failureReason: z.string().nullable().meta({ description: 'Why it failed, with what Razorpay said; the owner reads it.' }),
  transferId: z.string().nullable().meta({
    description:
      "The Razorpay transfer that carries it (`trf_…`): one transfer to a payout. Null while Razorpay has not yet answered the transfer's request, which the sweep repeats.",
  }),
  createdAt: isoInstant,
  paidAt: isoInstant.nullable(),
}).meta({ id: 'AdminRoutePayout' });
export type AdminRoutePayout = z.output<typeof AdminRoutePayout>;

export const AdminRoutePayoutPage = pagedAnswer(AdminRoutePayout);
export type AdminRoutePayoutPage = z.output<typeof AdminRoutePayoutPage>;

/** `GET /api/owner/payouts`. */
export const OwnerPayoutsQuery = z.object(pageParams);
export type OwnerPayoutsQuery = z.output<typeof OwnerPayoutsQuery>;

/** One of an owner's own payouts. */
export const OwnerPayout = Identified.extend({
  number: sequence.meta({ description: 'The payout\'s running number: "P-42" on the bank statement\'s narration.' }),
  amountPaise: paise,
  status: PayoutStatus,
  way: PayoutWay,
  utr: z.string().nullable().meta({ description: "The bank's reference of the transfer, once paid." }),
  paidAt: isoInstant.nullable(),
  failureReason: z.string().nullable().meta({ description: 'Why it failed; its amount is in the balance again.' }),
  createdAt: isoInstant,
}).meta({ id: 'OwnerPayout' });
export type OwnerPayout = z.output<typeof OwnerPayout>;

export const OwnerPayoutPage = pagedAnswer(OwnerPayout);
export type OwnerPayoutPage = z.output<typeof OwnerPayoutPage>;
