import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { Booking } from '../../../domain/contract';
import { formatPaise, formatRupees } from '../../../domain/money';
import { formatIndiaTime } from '../../../domain/india-time';
import { hoursLabel } from '../../../entities/booking/hours-label';
import { statusName } from '../../../entities/booking/status-name';
import { paymentInWords } from '../payment-words';
import { t, Words } from '../words';

/** What the server booked: the car, the period, the total and how it was paid, with the way to the renter's bookings. */
export function BookingDone({ booked }: { booked: Booking }) {
  return (
    <Alert variant="success" role="status">
      <h3 className="h5">{t('bookings.done.title', { status: statusName(booked.status) })}</h3>
      <p className="mb-1">
        {t('bookings.done.summary', {
          car: booked.car.carName,
          from: formatIndiaTime(booked.from),
          to: formatIndiaTime(booked.to),
          hours: hoursLabel(booked.hours),
          driver: booked.driver ? 'yes' : 'no',
        })}
      </p>
      <p className="mb-1">
        <Words
          id="bookings.done.total"
          values={{
            amount:
              booked.taxPaise > 0
                ? t('bookings.done.amountWithGst', { amount: formatPaise(booked.amountPaise) })
                : formatRupees(booked.total),
          }}
          components={{ 0: <strong className="price" /> }}
        />
      </p>
      <p className="mb-2">{t('bookings.done.payment', { payment: paymentInWords(booked.payment, 'renter') })}</p>
      <Link to={paths.myBookings}>{t('bookings.done.seeMyBookings')}</Link>
    </Alert>
  );
}
