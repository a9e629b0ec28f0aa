import { ScrollingTable } from '../../components/ScrollingTable';
import type { EarningsPayout, EarningsPayoutStatus } from '../../domain/contract';
import { formatIndiaTime } from '../../domain/india-time';
import { formatPaise } from '../../domain/money';
import { PayoutStatusBadge } from '../../entities/payout/PayoutStatusBadge';
import { t } from './words';

const STATUS_WORDS = {
  requested: 'earnings.payoutStatus.requested',
  processing: 'earnings.payoutStatus.processing',
  paid: 'earnings.payoutStatus.paid',
  failed: 'earnings.payoutStatus.failed',
} as const satisfies Record<EarningsPayoutStatus, Parameters<typeof t>[0]>;

/** The owner's payouts: amount, where each stands, the bank's UTR once paid (a Route transfer has none), and why one failed. */
export function PayoutsTable({ payouts, caption }: { payouts: readonly EarningsPayout[]; caption: string }) {
  if (payouts.length === 0) return <p>{t('earnings.payouts.none')}</p>;
  return (
    <ScrollingTable label={caption}>
      <table className="table table-sm align-middle">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('earnings.payouts.number')}</th>
            <th scope="col" className="text-end">
              {t('earnings.payouts.amount')}
            </th>
            <th scope="col">{t('earnings.payouts.status')}</th>
            <th scope="col">{t('earnings.payouts.utr')}</th>
            <th scope="col">{t('earnings.payouts.paidAt')}</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <th scope="row" className="fw-normal">
                {t('earnings.payouts.numberValue', { number: payout.number })}
              </th>
              <td className="text-end price text-nowrap">{formatPaise(payout.amountPaise)}</td>
              <td>
                <PayoutStatusBadge status={payout.status}>{t(STATUS_WORDS[payout.status])}</PayoutStatusBadge>
                {payout.failureReason ? (
                  <div className="small">{t('earnings.payouts.failed', { reason: payout.failureReason })}</div>
                ) : null}
              </td>
              <td className="font-monospace">
                {payout.utr ?? t(payout.way === 'route' ? 'earnings.payouts.byRoute' : 'earnings.payouts.notYet')}
              </td>
              <td className="small">{payout.paidAt ? formatIndiaTime(payout.paidAt) : t('earnings.payouts.notYet')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}
