import { useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatIndiaTime } from '../../domain/india-time';
import { formatPaise } from '../../domain/money';
import { payoutNumber } from '../../domain/payout-number';
import type { AdminRoutePayout } from '../../domain/schemas/payouts';
import { usePublicConfig } from '../../lib/public-config';
import { useRetry } from '../../lib/query-client';
import { AdminTable, type AdminColumn } from './AdminTable';
import { pageParam } from './list-params';
import { PayoutStatusBadge } from './PayoutStatusBadge';
import { payoutKeys, useRoutePayouts } from './payouts-queries';
import { t } from './words';

/** The address's page of this list: the runs above it keep `page`. */
const PAGE_PARAM = 'routePage';

/** Where the payout stands: its status, and when it was paid or why it failed. */
function RoutePayoutState({ payout }: { payout: AdminRoutePayout }) {
  return (
    <>
      <PayoutStatusBadge status={payout.status} />
      {payout.paidAt ? (
        <div className="small">{t('admin.payouts.route.paidAt', { when: formatIndiaTime(payout.paidAt) })}</div>
      ) : null}
      {payout.failureReason ? <div className="small admin-text">{payout.failureReason}</div> : null}
    </>
  );
}

const columns = (): readonly AdminColumn<AdminRoutePayout>[] => [
  {
    header: t('admin.payouts.column.payout'),
    cell: (payout) => <span className="fw-semibold text-nowrap">{payoutNumber(payout.number)}</span>,
  },
  { header: t('admin.payouts.column.owner'), cell: (payout) => payout.owner.username },
  {
    header: t('admin.payouts.column.amount'),
    cell: (payout) => <span className="price text-nowrap">{formatPaise(payout.amountPaise)}</span>,
  },
  { header: t('admin.payouts.column.status'), cell: (payout) => <RoutePayoutState payout={payout} /> },
  {
    header: t('admin.payouts.route.column.transfer'),
    cell: (payout) =>
      payout.transferId ? (
        <code className="text-break">{payout.transferId}</code>
      ) : (
        <span className="text-muted">{t('admin.payouts.route.noTransfer')}</span>
      ),
  },
  { header: t('admin.payouts.route.column.made'), cell: (payout) => formatIndiaTime(payout.createdAt) },
];

function RoutePayoutList() {
  const [searchParams] = useSearchParams();
  const query = pageParam(searchParams, PAGE_PARAM);
  const payouts = useRoutePayouts(query);
  const retry = useRetry(payoutKeys.route(query));
  const titleId = useId();
  const top = useRef<HTMLElement>(null);

  return (
    <section ref={top} aria-labelledby={titleId} className="mt-4">
      <h2 id={titleId} className="h4">
        {t('admin.payouts.route.title')}
      </h2>
      <p className="text-muted">{t('admin.payouts.route.intro')}</p>
      <AdminTable
        label={t('admin.payouts.route.title')}
        list={payouts}
        onRetry={retry}
        columns={columns()}
        empty={t('admin.payouts.route.empty')}
        pageParam={PAGE_PARAM}
        top={top}
      />
    </section>
  );
}

/** The payouts Razorpay Route made, newest first: shown only while the server pays owners by Route. */
export function AdminRoutePayouts() {
  const routeOn = usePublicConfig((config) => config.payments.upi?.route === true).data === true;
  return routeOn ? <RoutePayoutList /> : null;
}
