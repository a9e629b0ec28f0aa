import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { formatIndiaTime } from '../../domain/india-time';
import { indiaMonth } from '../../domain/schemas/earnings';
import { useRetry } from '../../lib/query-client';
import { BookingsSection } from './BookingsSection';
import { FigureCards } from './FigureCards';
import { MonthsSection } from './MonthsSection';
import { OccupancySection } from './OccupancySection';
import { PayoutsTable } from './PayoutsTable';
import { earningsKeys, useOwnerEarnings } from './queries';
import { t } from './words';

/** The month the address asks the bookings of (`?month=2026-11`), if it names one. */
function monthAsked(params: URLSearchParams): string | undefined {
  const parsed = indiaMonth.safeParse(params.get('month') ?? '');
  return parsed.success ? parsed.data : undefined;
}

/**
 * An owner's earnings at a glance: the four figures, net earnings by month with each month's
 * statement, each car's occupancy, the bookings behind the figures (by month, in the address) and
 * the payouts. Every figure is the server's, from the ledger.
 */
export function EarningsDashboard() {
  const [params, setParams] = useSearchParams();
  const month = monthAsked(params);
  const earnings = useOwnerEarnings(month);
  const retry = useRetry(earningsKeys.figures(month));

  if (earnings.isPending) return <PageSpinner />;
  if (earnings.isLoadingError) return <QueryError error={earnings.error} what={t('earnings.loadFailed')} onRetry={retry} />;
  const figures = earnings.data;
  const nothingYet = figures.months.every(({ netPaise }) => netPaise === 0) && figures.bookings.total === 0 && !month;
  return (
    <>
      <p className="small text-muted">{t('earnings.asOf', { at: formatIndiaTime(figures.asOf) })}</p>
      {nothingYet ? <p className="lead">{t('earnings.empty')}</p> : null}
      <FigureCards earnings={figures} />
      <MonthsSection months={figures.months} />
      <OccupancySection cars={figures.occupancy} />
      <BookingsSection
        bookings={figures.bookings}
        months={figures.months.filter(({ hasStatement }) => hasStatement)}
        onMonth={(chosen) => setParams(chosen ? { month: chosen } : {}, { replace: true })}
      />
      <section aria-labelledby="earnings-payouts" className="mb-4">
        <h2 id="earnings-payouts" className="h4">
          {t('earnings.payouts.title')}
        </h2>
        <PayoutsTable payouts={figures.payouts} caption={t('earnings.payouts.caption')} />
      </section>
    </>
  );
}
