import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatIndiaTime } from '../../domain/india-time';
import { formatPaise } from '../../domain/money';
import { payoutRunNumber } from '../../domain/payout-number';
import { AdminIdParams } from '../../domain/schemas/admin';
import { type AdminPayoutRun, PAYOUT_STATUSES, type AdminPayoutRunsQuery } from '../../domain/schemas/payouts';
import { useRetry } from '../../lib/query-client';
import { ActionNotice } from '../../components/ActionNotice';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AdminFrame } from './AdminFrame';
import { AdminPayoutRunSection } from './AdminPayoutRun';
import { AdminRoutePayouts } from './AdminRoutePayouts';
import { AdminTable, type AdminColumn } from './AdminTable';
import { formatCount } from './format';
import { pageParam, paramInUrl } from './list-params';
import { PAYOUT_STATUS_LABELS, PayoutStatusBadge } from './PayoutStatusBadge';
import { payoutKeys, usePayoutRuns, useStartPayoutRun } from './payouts-queries';
import { t } from './words';

/** The address of the section with run `id` open above the list. */
export const runAddress = (id: string) => `${paths.adminPayouts}?${new URLSearchParams({ run: id })}`;

/** "Paid 2", "Failed 1": each status some of the run's payouts are in. */
function RunStates({ run }: { run: AdminPayoutRun }) {
  const present = PAYOUT_STATUSES.filter((status) => run.byStatus[status] > 0);
  if (present.length === 0) return <span className="text-muted">{t('admin.payouts.noPayouts')}</span>;
  return (
    <div className="d-flex flex-wrap gap-1">
      {present.map((status) => (
        <PayoutStatusBadge key={status} status={status}>
          {t('admin.payouts.statusCount', { status: t(PAYOUT_STATUS_LABELS[status]), count: formatCount(run.byStatus[status]) })}
        </PayoutStatusBadge>
      ))}
    </div>
  );
}

const columns = (): readonly AdminColumn<AdminPayoutRun>[] => [
  {
    header: t('admin.payouts.column.run'),
    cell: (run) => (
      <Link
        to={runAddress(run.id)}
        className="fw-semibold text-nowrap"
        aria-label={t('admin.payouts.openRun', { run: payoutRunNumber(run.number) })}
      >
        {payoutRunNumber(run.number)}
      </Link>
    ),
  },
  { header: t('admin.payouts.column.started'), cell: (run) => formatIndiaTime(run.createdAt) },
  {
    header: t('admin.payouts.column.startedBy'),
    cell: (run) => run.startedBy?.username ?? <span className="text-muted">{t('admin.payouts.weekly')}</span>,
  },
  { header: t('admin.payouts.column.payouts'), cell: (run) => formatCount(run.payoutCount) },
  {
    header: t('admin.payouts.column.total'),
    cell: (run) => <span className="price text-nowrap">{formatPaise(run.totalPaise)}</span>,
  },
  { header: t('admin.payouts.column.states'), cell: (run) => <RunStates run={run} /> },
];

/** What a run just started made, in the words of its notice. */
function startedNotice(run: AdminPayoutRun): string {
  const number = payoutRunNumber(run.number);
  return run.payoutCount === 0
    ? t('admin.payouts.start.noneDone', { run: number })
    : t('admin.payouts.start.done', { run: number, count: run.payoutCount, total: formatPaise(run.totalPaise) });
}

/** "Pay owners now": asked first, then a run of its own, opened above the list. */
function PayOwnersNow() {
  const [, setSearchParams] = useSearchParams();
  const start = useStartPayoutRun();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const close = () => {
    setAsking(false);
    start.reset();
  };
  const confirm = async () => {
    try {
      const run = await start.mutateAsync(undefined);
      setAsking(false);
      setNotice(startedNotice(run));
      setSearchParams({ run: run.id });
    } catch {
      // The refusal shows in the dialog.
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <Button
          variant="primary"
          onClick={() => {
            start.reset();
            setAsking(true);
          }}
        >
          {t('admin.payouts.start.button')}
        </Button>
        <p className="mb-0 text-muted small">{t('admin.payouts.start.weekly')}</p>
      </div>
      <ActionNotice message={notice} onDismiss={() => setNotice(null)} />
      <ConfirmDialog
        show={asking}
        title={t('admin.payouts.start.title')}
        confirmLabel={t('admin.payouts.start.confirm')}
        confirmVariant="primary"
        pending={start.isPending}
        error={start.error?.message}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <p>{t('admin.payouts.start.consequences')}</p>
      </ConfirmDialog>
    </>
  );
}

function runsQueryIn(params: URLSearchParams): Partial<AdminPayoutRunsQuery> {
  return pageParam(params);
}

/** The console's Payouts section: pay owners now, every run newest first, the run opened from the list, and what Razorpay Route paid. */
export function AdminPayouts() {
  const [searchParams] = useSearchParams();
  const query = runsQueryIn(searchParams);
  const runs = usePayoutRuns(query);
  const retry = useRetry(payoutKeys.runs(query));
  const openRun = paramInUrl(searchParams, 'run', AdminIdParams.shape.id);

  return (
    <AdminFrame title={t('admin.payouts.title')} count={runs.data?.total}>
      <PayOwnersNow />
      {openRun ? <AdminPayoutRunSection key={openRun} id={openRun} /> : null}
      <h2 className="h4 mt-4">{t('admin.payouts.runsTitle')}</h2>
      <AdminTable
        label={t('admin.payouts.runsTitle')}
        list={runs}
        onRetry={retry}
        columns={columns()}
        empty={t('admin.payouts.empty')}
      />
      <AdminRoutePayouts />
    </AdminFrame>
  );
}
