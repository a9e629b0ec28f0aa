import { ScrollingTable } from '../../components/ScrollingTable';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import type { EarningsBooking, EarningsBookingState, EarningsMonth, OwnerEarnings } from '../../domain/contract';
import { formatIndiaTime } from '../../domain/india-time';
import { formatPaise } from '../../domain/money';
import { monthLong } from '../../domain/month-names';
import { t } from './words';

const STATE_WORDS = {
  pending: 'earnings.state.pending',
  available: 'earnings.state.available',
  payingOut: 'earnings.state.payingOut',
  paidOut: 'earnings.state.paidOut',
  refunded: 'earnings.state.refunded',
  owedAtPickup: 'earnings.state.owedAtPickup',
  cancelled: 'earnings.state.cancelled',
} as const satisfies Record<EarningsBookingState, Parameters<typeof t>[0]>;

const STATE_VARIANT: Record<EarningsBookingState, string> = {
  pending: 'warning',
  available: 'success',
  payingOut: 'info',
  paidOut: 'primary',
  refunded: 'secondary',
  owedAtPickup: 'danger',
  cancelled: 'secondary',
};

/** Where a booking's money stands, as a badge; dark text where the colour would not carry white. */
export function EarningsStateBadge({ state }: { state: EarningsBookingState }) {
  return (
    <Badge bg={STATE_VARIANT[state]} text={state === 'pending' || state === 'payingOut' ? 'dark' : undefined}>
      {t(STATE_WORDS[state])}
    </Badge>
  );
}

function BookingRow({ booking }: { booking: EarningsBooking }) {
  const money = (paise: number) => <td className="text-end price text-nowrap">{formatPaise(paise)}</td>;
  return (
    <tr>
      <th scope="row">
        <Link to={booking.receiptPath} aria-label={t('earnings.bookings.receipt', { number: booking.number })}>
          {booking.number}
        </Link>
      </th>
      <td>{booking.car.carName}</td>
      <td className="small">
        {t('earnings.bookings.periodValue', { from: formatIndiaTime(booking.from), to: formatIndiaTime(booking.to) })}
      </td>
      {money(booking.grossPaise)}
      {money(booking.platformPaise)}
      {money(booking.tdsPaise)}
      {money(booking.netPaise)}
      <td>
        <EarningsStateBadge state={booking.state} />
        {booking.partlyRefunded ? <div className="small text-muted">{t('earnings.bookings.partlyRefunded')}</div> : null}
      </td>
    </tr>
  );
}

interface BookingsSectionProps {
  bookings: OwnerEarnings['bookings'];
  months: readonly EarningsMonth[];
  /** Shows the bookings of a month (`YYYY-MM`), or the latest for undefined. */
  onMonth: (month: string | undefined) => void;
}

/** The bookings behind the figures, each with its split and where its money stands, filtered by month. */
export function BookingsSection({ bookings, months, onMonth }: BookingsSectionProps) {
  const { items, total, month } = bookings;
  return (
    <section aria-labelledby="earnings-bookings" className="mb-4">
      <h2 id="earnings-bookings" className="h4">
        {t('earnings.bookings.title')}
      </h2>
      <Form.Group controlId="earnings-month" className="mb-3" style={{ maxWidth: '20rem' }}>
        <Form.Label>{t('earnings.bookings.filter')}</Form.Label>
        <Form.Select value={month ?? ''} onChange={(event) => onMonth(event.target.value || undefined)}>
          <option value="">{t('earnings.bookings.latest')}</option>
          {[...months].reverse().map(({ month: option }) => (
            <option key={option} value={option}>
              {t('earnings.bookings.ofMonth', { month: monthLong(option) })}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {items.length === 0 ? (
        <p>{t('earnings.bookings.none')}</p>
      ) : (
        <>
          {total > items.length ? <p className="small">{t('earnings.bookings.shown', { shown: items.length, total })}</p> : null}
          <ScrollingTable label={t('earnings.bookings.caption')}>
            <table className="table table-sm align-middle">
              <caption className="visually-hidden">{t('earnings.bookings.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('earnings.bookings.number')}</th>
                  <th scope="col">{t('earnings.bookings.car')}</th>
                  <th scope="col">{t('earnings.bookings.period')}</th>
                  <th scope="col" className="text-end">
                    {t('earnings.bookings.gross')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('earnings.bookings.platform')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('earnings.bookings.tds')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('earnings.bookings.net')}
                  </th>
                  <th scope="col">{t('earnings.bookings.state')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((booking) => (
                  <BookingRow key={booking.id} booking={booking} />
                ))}
              </tbody>
            </table>
          </ScrollingTable>
        </>
      )}
    </section>
  );
}
