import { ScrollingTable } from '../../components/ScrollingTable';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { PageShell } from '../../components/PageShell';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../config/paths';
import { PRODUCT_NAME } from '../../config/product';
import type { OwnerStatement, StatementLine, StatementLineKind } from '../../domain/contract';
import { formatIndiaDate, formatIndiaTime } from '../../domain/india-time';
import { formatPaise } from '../../domain/money';
import { StatementMonthParams } from '../../domain/schemas/earnings';
import { usePageTitle } from '../../lib/usePageTitle';
import { useRetry } from '../../lib/query-client';
import { statementCsvUrl } from './api';
import { monthLong } from '../../domain/month-names';
import { PayoutsTable } from './PayoutsTable';
import { earningsKeys, useOwnerStatement } from './queries';
import { t } from './words';
import '../../styles/print.css';

const LINE_WORDS = {
  capture: 'earnings.line.capture',
  release: 'earnings.line.release',
  refund: 'earnings.line.refund',
  pickupShare: 'earnings.line.pickupShare',
  pickupShareReversed: 'earnings.line.pickupShareReversed',
  payoutRequested: 'earnings.line.payoutRequested',
  payoutFailed: 'earnings.line.payoutFailed',
  other: 'earnings.line.other',
} as const satisfies Record<StatementLineKind, Parameters<typeof t>[0]>;

/** A statement reads best as one column of a page's width; on paper it takes the whole sheet. */
const STATEMENT_WIDTH = { maxWidth: '60rem' };

const money = (paise: number) => <td className="text-end price text-nowrap">{formatPaise(paise)}</td>;

function LineRow({ line }: { line: StatementLine }) {
  return (
    <tr>
      <td className="small text-nowrap">
        <time dateTime={line.at}>{formatIndiaTime(line.at)}</time>
      </td>
      <td>
        {t(LINE_WORDS[line.kind], { memo: line.memo })}
        {line.booking ? (
          <div className="small">
            <Link to={line.booking.receiptPath}>{line.booking.number}</Link> {line.booking.carName}
          </div>
        ) : null}
        {line.payoutNumber === null ? null : (
          <div className="small">{t('earnings.statement.payoutLine', { number: line.payoutNumber })}</div>
        )}
      </td>
      {money(line.earnedPaise)}
      {money(line.pendingPaise)}
      {money(line.availablePaise)}
      {money(line.availableBalancePaise)}
    </tr>
  );
}

function StatementBody({ statement }: { statement: OwnerStatement }) {
  return (
    <div className="owner-statement d-grid gap-4" style={STATEMENT_WIDTH}>
      <p className="d-none d-print-block mb-0">{t('earnings.statement.printHeading', { product: PRODUCT_NAME })}</p>
      <dl className="row mb-0">
        <dt className="col-sm-3">{t('earnings.statement.number')}</dt>
        <dd className="col-sm-9 font-monospace">{statement.number}</dd>
        <dt className="col-sm-3">{t('earnings.statement.owner')}</dt>
        <dd className="col-sm-9">
          {statement.owner.username} ({statement.owner.email})
        </dd>
        <dt className="col-sm-3">{t('earnings.statement.period')}</dt>
        <dd className="col-sm-9 mb-0">
          {t('earnings.statement.periodValue', {
            from: formatIndiaDate(statement.from),
            to: formatIndiaDate(new Date(new Date(statement.to).getTime() - 1)),
          })}
          {statement.complete ? null : <div className="small text-muted">{t('earnings.statement.soFar')}</div>}
        </dd>
      </dl>

      <section aria-labelledby="statement-balances">
        <h2 id="statement-balances" className="h5">
          {t('earnings.statement.balances')}
        </h2>
        <table className="table table-sm mb-0" aria-labelledby="statement-balances">
          <thead>
            <tr>
              <th scope="col">{t('earnings.statement.balance')}</th>
              <th scope="col" className="text-end">
                {t('earnings.statement.pending')}
              </th>
              <th scope="col" className="text-end">
                {t('earnings.statement.available')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className="fw-normal">
                {t('earnings.statement.opening')}
              </th>
              {money(statement.openingPendingPaise)}
              {money(statement.openingAvailablePaise)}
            </tr>
            <tr>
              <th scope="row">{t('earnings.statement.closing')}</th>
              {money(statement.closingPendingPaise)}
              {money(statement.closingAvailablePaise)}
            </tr>
          </tbody>
        </table>
      </section>

      <section aria-labelledby="statement-lines">
        <h2 id="statement-lines" className="h5">
          {t('earnings.statement.lines')}
        </h2>
        {statement.lines.length === 0 ? (
          <p className="mb-0">{t('earnings.statement.noLines')}</p>
        ) : (
          <ScrollingTable label={t('earnings.statement.lines')}>
            <table className="table table-sm align-middle mb-0" aria-labelledby="statement-lines">
              <thead>
                <tr>
                  <th scope="col">{t('earnings.statement.date')}</th>
                  <th scope="col">{t('earnings.statement.description')}</th>
                  <th scope="col" className="text-end">
                    {t('earnings.statement.earned')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('earnings.statement.pendingChange')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('earnings.statement.availableChange')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('earnings.statement.availableAfter')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {statement.lines.map((line) => (
                  <LineRow key={line.journalId} line={line} />
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    {t('earnings.statement.totals')}
                  </th>
                  {money(statement.totals.earnedPaise)}
                  {money(statement.totals.pendingPaise)}
                  {money(statement.totals.availablePaise)}
                  {money(statement.closingAvailablePaise)}
                </tr>
              </tfoot>
            </table>
          </ScrollingTable>
        )}
      </section>

      <section aria-labelledby="statement-payouts">
        <h2 id="statement-payouts" className="h5">
          {t('earnings.statement.payouts')}
        </h2>
        <p>{t('earnings.statement.paidOut', { amount: formatPaise(statement.totals.paidOutPaise) })}</p>
        <PayoutsTable payouts={statement.payouts} caption={t('earnings.statement.payouts')} />
      </section>
    </div>
  );
}

/**
 * An owner's statement of one India month, to read, print or download as CSV: its number, the
 * balances at either end, every line that moved them, the totals and the month's payouts.
 */
export function Statement({ month }: { month: string }) {
  // An address that names no month is not sent to the server, which would only refuse it.
  const wellFormed = StatementMonthParams.safeParse({ month }).success;
  const statement = useOwnerStatement(month, { enabled: wellFormed });
  const retry = useRetry(earningsKeys.statement(month));
  const title = !wellFormed
    ? t('earnings.statement.badMonthTitle')
    : statement.data
      ? t('earnings.statement.title', { month: monthLong(month) })
      : t('earnings.statement.loadingTitle');
  usePageTitle(title);

  return (
    <PageShell title={title}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3" style={STATEMENT_WIDTH}>
        <Link to={paths.ownerEarnings}>{t('earnings.statement.back')}</Link>
        {statement.data ? (
          <div className="d-flex gap-2">
            {/* A link, not a button, since it leads to a file the server writes. */}
            <a className="btn btn-outline-primary" href={statementCsvUrl(month)} download>
              {t('earnings.statement.csv')}
            </a>
            <Button variant="outline-primary" onClick={() => window.print()}>
              {t('earnings.statement.print')}
            </Button>
          </div>
        ) : null}
      </div>
      {!wellFormed ? (
        <p>{t('earnings.statement.badMonth')}</p>
      ) : statement.isPending ? (
        <PageSpinner />
      ) : statement.isLoadingError ? (
        <QueryError error={statement.error} what={t('earnings.statement.loadFailed')} onRetry={retry} />
      ) : (
        <StatementBody statement={statement.data} />
      )}
    </PageShell>
  );
}
