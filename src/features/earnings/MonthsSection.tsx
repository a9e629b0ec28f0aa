import { ScrollingTable } from '../../components/ScrollingTable';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { EarningsMonth } from '../../domain/contract';
import { formatPaise } from '../../domain/money';
import { monthLong } from '../../domain/month-names';
import { t } from './words';

/** Chart.js comes with the chart alone, after the figures: the table below says the same meanwhile. */
const MonthlyBarChart = lazy(() => import('../../components/MonthlyBarChart'));

const TABLE_ID = 'earnings-by-month';

/** Net earnings of the last 12 months: a bar chart, and a table with the same figures and each month's statement. */
export function MonthsSection({ months }: { months: readonly EarningsMonth[] }) {
  return (
    <section aria-labelledby="earnings-months" className="mb-4">
      <h2 id="earnings-months" className="h4">
        {t('earnings.months.title')}
      </h2>
      <Suspense fallback={null}>
        <MonthlyBarChart
          months={months.map(({ month }) => month)}
          values={months.map(({ netPaise }) => netPaise)}
          label={t('earnings.months.chartLabel')}
          describedBy={TABLE_ID}
        />
      </Suspense>
      <p className="small text-muted">{t('earnings.months.note')}</p>
      <ScrollingTable label={t('earnings.months.caption')}>
        <table className="table table-sm align-middle" id={TABLE_ID}>
          <caption className="visually-hidden">{t('earnings.months.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('earnings.months.month')}</th>
              <th scope="col" className="text-end">
                {t('earnings.months.net')}
              </th>
              <th scope="col">{t('earnings.months.statement')}</th>
            </tr>
          </thead>
          <tbody>
            {[...months].reverse().map(({ month, netPaise, hasStatement }) => (
              <tr key={month}>
                <th scope="row" className="fw-normal">
                  {monthLong(month)}
                </th>
                <td className={`text-end price${netPaise < 0 ? ' text-danger' : ''}`}>{formatPaise(netPaise)}</td>
                <td>
                  {hasStatement ? (
                    <Link to={paths.ownerStatement(month)}>
                      {t('earnings.months.openStatement', { month: monthLong(month) })}
                    </Link>
                  ) : (
                    <span className="text-muted">{t('earnings.months.noStatement')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
    </section>
  );
}
