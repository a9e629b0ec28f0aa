import { z } from 'zod';
import { adminPageParams, search } from './admin';
import { pagedAnswer } from './answers';
import { PaymentProvider } from './bookings';
import { Identified, isoInstant } from './fields';

// The admin's view of the platform's money (`/api/admin/money`): what it earned, what it owes, and
// the check that every rupee taken is in the ledger. Amounts are paise, as the ledger keeps them.

const paise = z.int();
const tally = z.int().min(0);

/** How many months the revenue chart shows, the current India month the last. */
export const REVENUE_MONTHS = 12;

/** The most differences one reconciliation lists; `differenceCount` says how many it found. */
export const DIFFERENCES_LISTED = 200;

/** `GET /api/admin/money`: the owners' balances are paged and searched. */
export const AdminMoneyQuery = z.object({
  ...adminPageParams,
  q: search("Part of an owner's username, in any case."),
});
export type AdminMoneyQuery = z.output<typeof AdminMoneyQuery>;

export const RevenueMonth = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .meta({ description: 'The month on India’s calendar, `YYYY-MM`.' }),
  revenuePaise: paise.meta({ description: "The platform's commission posted that month, less what refunds reversed." }),
});
export type RevenueMonth = z.output<typeof RevenueMonth>;

/** What the platform owes one owner: negative where the owner owes the platform. */
export const AdminOwnerBalance = Identified.extend({
  username: z.string(),
  pendingPaise: paise.meta({ description: 'Shares of trips not yet past the hold after them: theirs, not yet payable.' }),
  availablePaise: paise.meta({
    description:
      'Payable at the next payout; negative while the owner owes the platform (a booking paid at pickup, a refund after a payout).',
  }),
}).meta({ id: 'AdminOwnerBalance' });
export type AdminOwnerBalance = z.output<typeof AdminOwnerBalance>;

export const AdminOwnerBalancePage = pagedAnswer(AdminOwnerBalance);
export type AdminOwnerBalancePage = z.output<typeof AdminOwnerBalancePage>;

export const AdminMoney = z
  .object({
    asOf: isoInstant,
    revenueByMonth: z
      .array(RevenueMonth)
      .length(REVENUE_MONTHS)
      .meta({
        description: `The last ${REVENUE_MONTHS} India months, oldest first, the current one last; a month with nothing posted is 0.`,
      }),
    totals: z
      .object({
        revenuePaise: paise.meta({ description: "The platform's commission since the ledger began, net of reversals." }),
        gstPayablePaise: paise.meta({ description: 'GST the platform owes as the seller.' }),
        tdsPayablePaise: paise.meta({ description: "Tax withheld from owners' shares, owed to the government." }),
        payoutsInTransitPaise: paise.meta({ description: 'Payouts asked for and not yet paid or failed.' }),
        ownersPendingPaise: paise.meta({ description: "Every owner's pending balance, summed." }),
        ownersAvailablePaise: paise.meta({
          description: "Every owner's available balance, summed (what owners owe counts against it).",
        }),
      })
      .meta({ description: 'The balances as they stand, each as what the platform earned, owes or has on its way out.' }),
    owners: AdminOwnerBalancePage.meta({
      description: 'Every owner with a balance, the most owed first (what an owner owes last), searched by `q`.',
    }),
  })
  .meta({ id: 'AdminMoney' });
export type AdminMoney = z.output<typeof AdminMoney>;

/**
 * What a difference is: a provider's payment the ledger lacks or the reverse, amounts that differ, an
 * owner's balance that is not their shares less payouts, the owners' accounts not summing to their
 * balances, or a journal that does not sum to zero.
 */
export const DifferenceKind = z.enum([
  'missingInLedger',
  'missingAtProvider',
  'amountsDiffer',
  'ownerBalance',
  'ownerTotal',
  'unbalancedJournal',
]);
export type DifferenceKind = z.output<typeof DifferenceKind>;

export const Difference = z
  .object({
    kind: DifferenceKind,
    provider: PaymentProvider.optional(),
    bookingNumber: z.string().optional().meta({ description: 'The booking it is about (WOW-01042), when one is.' }),
    ownerUsername: z.string().optional(),
    expectedPaise: paise.meta({
      description:
        "What it should be: the provider's net taken (captured less refunded), an owner's recomputed balance, the owners' balances summed, or 0 for a journal.",
    }),
    ledgerPaise: paise.meta({ description: 'What the ledger holds for it.' }),
    detail: z.string().meta({ description: 'The difference in a sentence, naming the payment, account, payout or journal.' }),
  })
  .meta({ id: 'ReconciliationDifference' });
export type Difference = z.output<typeof Difference>;

/** `checked`: the whole list was read; `partial`: its oldest pages were not reached in time; `unavailable`: not reached at all. */
export const ProviderCheckStatus = z.enum(['checked', 'partial', 'unavailable']);
export type ProviderCheckStatus = z.output<typeof ProviderCheckStatus>;

export const ProviderCheck = z.object({
  provider: PaymentProvider,
  status: ProviderCheckStatus,
  paymentsSeen: tally.meta({ description: 'Payments the provider listed.' }),
  takenPaise: paise.meta({ description: 'What those payments took, captured less refunded.' }),
  ledgerPaise: paise.meta({
    description: "What the ledger received through the provider for bookings (its `received.` account's booking entries).",
  }),
  settledPaise: paise
    .nullable()
    .meta({ description: "What Razorpay's settlements paid into the bank; null for the card provider." }),
  bookingsNotChecked: tally.meta({
    description:
      "Bookings with money in the ledger whose payments the provider's list did not reach (0 unless `partial` or `unavailable`).",
  }),
});
export type ProviderCheck = z.output<typeof ProviderCheck>;

export const Reconciliation = z
  .object({
    ok: z.boolean().meta({ description: 'True when every provider was read whole and nothing differs.' }),
    checkedAt: isoInstant,
    providers: z.array(ProviderCheck).meta({ description: 'Each payment provider that is on.' }),
    owners: z.object({
      owners: tally.meta({ description: 'Owners with a balance or a share to account for.' }),
      balancesPaise: paise.meta({ description: "The owners' balances summed: what the platform owes them." }),
      accountsPaise: paise.meta({ description: 'The `owner.pending` and `owner.available` accounts, as owed.' }),
      expectedPaise: paise.meta({
        description: 'Their shares of bookings taken less reversed and paid out, recomputed from the bookings and payouts.',
      }),
    }),
    journals: z.object({
      checked: tally,
      unbalanced: tally.meta({ description: 'Journals that do not sum to zero: always 0.' }),
    }),
    differences: z.array(Difference).max(DIFFERENCES_LISTED),
    differenceCount: tally.meta({ description: `Every difference found; at most ${DIFFERENCES_LISTED} are listed.` }),
  })
  .meta({ id: 'Reconciliation' });
export type Reconciliation = z.output<typeof Reconciliation>;
