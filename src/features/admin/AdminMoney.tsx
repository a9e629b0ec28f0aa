import { lazy, Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatIndiaTime } from '../../domain/india-time';
import { formatPaise } from '../../domain/money';
import { monthLong } from '../../domain/month-names';
import { ADMIN_SEARCH_MAX } from '../../domain/schemas/admin';
import {
  type AdminMoney as Money,
  AdminMoneyQuery,
  type AdminOwnerBalance,
  type Difference,
  type DifferenceKind,
  type ProviderCheck,
  type ProviderCheckStatus,
  type Reconciliation,
} from '../../domain/schemas/admin-money';
import type { PaymentProvider } from '../../domain/schemas/bookings';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { TitledSection } from '../../components/TitledSection';
import { useRetry } from '../../lib/query-client';
import { AdminFilters } from './AdminFilters';
import { AdminFrame } from './AdminFrame';
import { AdminRows, AdminTable, type AdminColumn } from './AdminTable';
import { formatCount } from './format';
import { pageParam } from './list-params';
import { moneyKeys, useAdminMoney, useOwnerBalances, useReconciliation } from './money-queries';
import { type AdminWordId, t } from './words';

/** Chart.js comes with the chart alone, after the figures: the table beside it says the same meanwhile. */
const MonthlyBarChart = lazy(() => import('../../components/MonthlyBarChart'));

const REVENUE_TABLE_ID = 'revenue-by-month';

/** An amount as the money pages write it, red when it is owed the other way. */
function Amount({ paise }: { paise: number }) {
  return <span className={`price text-nowrap${paise < 0 ? ' text-danger' : ''}`}>{formatPaise(paise)}</span>;
}

/** The platform's commission of the last 12 months: bars, and a table with the same figures, newest first. */
function RevenueSection({ months }: { months: Money['revenueByMonth'] }) {
  return (
    <TitledSection id="money-revenue" title={t('admin.money.revenue.title')}>
      <Suspense fallback={null}>
        <MonthlyBarChart
          months={months.map(({ month }) => month)}
          values={months.map(({ revenuePaise }) => revenuePaise)}
          label={t('admin.money.revenue.chartLabel')}
          describedBy={REVENUE_TABLE_ID}
        />
      </Suspense>
      <p className="small text-muted">{t('admin.money.revenue.note')}</p>
      <Table size="sm" responsive className="align-middle" id={REVENUE_TABLE_ID}>
        <caption className="visually-hidden">{t('admin.money.revenue.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.money.revenue.month')}</th>
            <th scope="col" className="text-end">
              {t('admin.money.revenue.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...months].reverse().map(({ month, revenuePaise }) => (
            <tr key={month}>
              <th scope="row" className="fw-normal">
                {monthLong(month)}
              </th>
              <td className="text-end">
                <Amount paise={revenuePaise} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TitledSection>
  );
}

/** What the platform earned in all and each thing it owes, with their sum. */
function TotalsSection({ totals }: { totals: Money['totals'] }) {
  const owed: readonly [AdminWordId, number][] = [
    ['admin.money.totals.gst', totals.gstPayablePaise],
    ['admin.money.totals.tds', totals.tdsPayablePaise],
    ['admin.money.totals.inTransit', totals.payoutsInTransitPaise],
    ['admin.money.totals.ownersPending', totals.ownersPendingPaise],
    ['admin.money.totals.ownersAvailable', totals.ownersAvailablePaise],
  ];
  const owedInAll = owed.reduce((sum, [, paise]) => sum + paise, 0);
  return (
    <TitledSection id="money-totals" title={t('admin.money.totals.title')}>
      <Table size="sm" className="align-middle">
        <caption className="visually-hidden">{t('admin.money.totals.title')}</caption>
        <tbody>
          <tr>
            <th scope="row" className="fw-normal">
              {t('admin.money.totals.revenue')}
            </th>
            <td className="text-end">
              <Amount paise={totals.revenuePaise} />
            </td>
          </tr>
          {owed.map(([label, paise]) => (
            <tr key={label}>
              <th scope="row" className="fw-normal">
                {t(label)}
              </th>
              <td className="text-end">
                <Amount paise={paise} />
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('admin.money.totals.owedInAll')}</th>
            <td className="text-end fw-semibold">
              <Amount paise={owedInAll} />
            </td>
          </tr>
        </tbody>
      </Table>
      <p>
        <Link to={paths.adminPayouts}>{t('admin.money.totals.runsLink')}</Link>
      </p>
    </TitledSection>
  );
}

const ownerColumns = (): readonly AdminColumn<AdminOwnerBalance>[] => [
  {
    header: t('admin.money.owners.column.owner'),
    cell: (owner) => (
      <Link to={`${paths.adminAccounts}?${new URLSearchParams({ q: owner.username })}`} className="text-break-anywhere">
        {owner.username}
      </Link>
    ),
  },
  { header: t('admin.money.owners.column.pending'), cell: (owner) => <Amount paise={owner.pendingPaise} /> },
  { header: t('admin.money.owners.column.available'), cell: (owner) => <Amount paise={owner.availablePaise} /> },
];

function moneyQueryIn(params: URLSearchParams): Partial<AdminMoneyQuery> {
  return { q: params.get('q')?.trim() || undefined, ...pageParam(params) };
}

/** Each owner's balances, the most owed first, searched by username and paged in the address. */
function OwnersSection({ query }: { query: Partial<AdminMoneyQuery> }) {
  const owners = useOwnerBalances(query);
  const retry = useRetry(moneyKeys.money(query));
  return (
    <TitledSection id="money-owners" title={t('admin.money.owners.title')}>
      <AdminFilters
        label={t('admin.money.owners.filtersLabel')}
        filters={[{ kind: 'search', name: 'q', label: t('admin.money.owners.search'), maxLength: ADMIN_SEARCH_MAX }]}
        query={AdminMoneyQuery}
      />
      <AdminTable
        label={t('admin.money.owners.tableLabel')}
        list={owners}
        onRetry={retry}
        columns={ownerColumns()}
        empty={query.q ? t('admin.money.owners.noMatch') : t('admin.money.owners.empty')}
      />
    </TitledSection>
  );
}

const PROVIDER_NAMES: Record<PaymentProvider, AdminWordId> = {
  stripe: 'admin.money.provider.stripe',
  razorpay: 'admin.money.provider.razorpay',
};

const CHECK_STATUS: Record<ProviderCheckStatus, { label: AdminWordId; bg: string }> = {
  checked: { label: 'admin.money.check.status.checked', bg: 'success' },
  partial: { label: 'admin.money.check.status.partial', bg: 'warning' },
  unavailable: { label: 'admin.money.check.status.unavailable', bg: 'danger' },
};

const DIFFERENCE_KINDS: Record<DifferenceKind, AdminWordId> = {
  missingInLedger: 'admin.money.check.kind.missingInLedger',
  missingAtProvider: 'admin.money.check.kind.missingAtProvider',
  amountsDiffer: 'admin.money.check.kind.amountsDiffer',
  ownerBalance: 'admin.money.check.kind.ownerBalance',
  ownerTotal: 'admin.money.check.kind.ownerTotal',
  unbalancedJournal: 'admin.money.check.kind.unbalancedJournal',
};

type ProviderRow = ProviderCheck & { id: string };

/** Whether what the provider took is what the ledger received: known only from a list read whole. */
function matchWord({ status, takenPaise, ledgerPaise }: ProviderCheck): AdminWordId {
  if (status !== 'checked') return 'admin.money.check.matchUnknown';
  return takenPaise === ledgerPaise ? 'admin.money.check.matchYes' : 'admin.money.check.matchNo';
}

const providerColumns = (): readonly AdminColumn<ProviderRow>[] => [
  { header: t('admin.money.check.column.provider'), cell: (check) => t(PROVIDER_NAMES[check.provider]) },
  {
    header: t('admin.money.check.column.status'),
    cell: ({ status }) => (
      <Badge bg={CHECK_STATUS[status].bg} text={status === 'partial' ? 'dark' : undefined}>
        {t(CHECK_STATUS[status].label)}
      </Badge>
    ),
  },
  { header: t('admin.money.check.column.payments'), cell: (check) => formatCount(check.paymentsSeen) },
  { header: t('admin.money.check.column.taken'), cell: (check) => <Amount paise={check.takenPaise} /> },
  { header: t('admin.money.check.column.ledger'), cell: (check) => <Amount paise={check.ledgerPaise} /> },
  { header: t('admin.money.check.column.matches'), cell: (check) => t(matchWord(check)) },
  {
    header: t('admin.money.check.column.settled'),
    cell: (check) =>
      check.settledPaise === null ? (
        <span className="text-muted">{t('admin.money.check.noSettlements')}</span>
      ) : (
        <Amount paise={check.settledPaise} />
      ),
  },
  { header: t('admin.money.check.column.notChecked'), cell: (check) => formatCount(check.bookingsNotChecked) },
];

type DifferenceRow = Difference & { id: string };

const differenceColumns = (): readonly AdminColumn<DifferenceRow>[] => [
  { header: t('admin.money.check.column.kind'), cell: (difference) => t(DIFFERENCE_KINDS[difference.kind]) },
  {
    header: t('admin.money.check.column.booking'),
    cell: ({ bookingNumber }) =>
      bookingNumber ? (
        <Link to={`${paths.adminBookings}?${new URLSearchParams({ q: bookingNumber })}`} className="text-nowrap">
          {bookingNumber}
        </Link>
      ) : (
        <span className="text-muted">{t('admin.money.check.noBooking')}</span>
      ),
  },
  { header: t('admin.money.check.column.expected'), cell: (difference) => <Amount paise={difference.expectedPaise} /> },
  { header: t('admin.money.check.column.ledgerHolds'), cell: (difference) => <Amount paise={difference.ledgerPaise} /> },
  {
    header: t('admin.money.check.column.detail'),
    cell: (difference) => <span className="admin-text">{difference.detail}</span>,
  },
];

/** What the check found: the verdict, each provider's side, the owners' side, and every difference listed. */
function CheckResult({ result }: { result: Reconciliation }) {
  const { owners, journals, differences, differenceCount } = result;
  const ownersBalance = owners.balancesPaise === owners.accountsPaise;
  return (
    <>
      <Alert variant={result.ok ? 'success' : 'warning'} className="mt-3">
        {result.ok
          ? t('admin.money.check.ok', { when: formatIndiaTime(result.checkedAt) })
          : t('admin.money.check.notOk', { when: formatIndiaTime(result.checkedAt), count: differenceCount })}
      </Alert>
      <h3 className="h5">{t('admin.money.check.providersTitle')}</h3>
      {result.providers.length === 0 ? (
        <p className="text-muted">{t('admin.money.check.noProviders')}</p>
      ) : (
        <AdminRows
          label={t('admin.money.check.providersTitle')}
          rows={result.providers.map((check) => ({ ...check, id: check.provider }))}
          columns={providerColumns()}
        />
      )}
      <h3 className="h5">{t('admin.money.check.ownersTitle')}</h3>
      <p>
        {t(ownersBalance ? 'admin.money.check.ownersEqual' : 'admin.money.check.ownersDiffer', {
          count: owners.owners,
          balances: formatPaise(owners.balancesPaise),
          accounts: formatPaise(owners.accountsPaise),
        })}{' '}
        {t('admin.money.check.ownersExpected', { expected: formatPaise(owners.expectedPaise) })}{' '}
        {t('admin.money.check.journals', { checked: journals.checked, unbalanced: journals.unbalanced })}
      </p>
      {differences.length > 0 ? (
        <>
          <h3 className="h5">{t('admin.money.check.differencesTitle')}</h3>
          {differenceCount > differences.length ? (
            <p className="small text-muted">
              {t('admin.money.check.differencesListed', { listed: differences.length, count: differenceCount })}
            </p>
          ) : null}
          <AdminRows
            label={t('admin.money.check.differencesTitle')}
            rows={differences.map((difference, index) => ({ ...difference, id: String(index) }))}
            columns={differenceColumns()}
          />
        </>
      ) : null}
    </>
  );
}

/** "Check the books": the ledger against what each provider reports and the owners' balances against their accounts, when asked. */
function ReconciliationSection() {
  const [asked, setAsked] = useState(false);
  const check = useReconciliation(asked);
  const retry = useRetry(moneyKeys.reconciliation);
  const run = () => {
    if (asked) void check.refetch();
    else setAsked(true);
  };
  return (
    <TitledSection id="money-check" title={t('admin.money.check.title')}>
      <p className="text-muted">{t('admin.money.check.intro')}</p>
      <Button variant="primary" onClick={run} disabled={check.isFetching}>
        {check.isFetching ? (
          <>
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('admin.money.check.checking')}
          </>
        ) : (
          t('admin.money.check.button')
        )}
      </Button>
      {check.isError && !check.isFetching ? (
        <div className="mt-3">
          <QueryError error={check.error} what={t('admin.money.check.failed')} onRetry={retry} />
        </div>
      ) : null}
      {check.data && !check.isFetching && !check.isError ? <CheckResult result={check.data} /> : null}
    </TitledSection>
  );
}

/**
 * The console's Money section: the platform's commission by month, what it owes, each owner's
 * balance, and the check of the books against the payment providers.
 */
export function AdminMoney() {
  const [searchParams] = useSearchParams();
  const query = moneyQueryIn(searchParams);
  const money = useAdminMoney(query);
  const retry = useRetry(moneyKeys.money(query));
  return (
    <AdminFrame title={t('admin.money.title')}>
      {money.isPending ? <PageSpinner /> : null}
      {money.isLoadingError ? <QueryError error={money.error} what={t('admin.money.loadFailed')} onRetry={retry} /> : null}
      {money.data ? (
        <>
          <p className="text-muted">{t('admin.money.asOf', { when: formatIndiaTime(money.data.asOf) })}</p>
          <RevenueSection months={money.data.revenueByMonth} />
          <TotalsSection totals={money.data.totals} />
          <OwnersSection query={query} />
        </>
      ) : null}
      <ReconciliationSection />
    </AdminFrame>
  );
}
