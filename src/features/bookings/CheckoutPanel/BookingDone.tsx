import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { Booking } from '../../../domain/contract';
import { formatPaise, formatRupees } from '../../../domain/money';
import { formatIndiaTime } from '../../../domain/india-time';
import { hoursLabel } from '../../../entities/booking/hours-label';
import { paymentInWords } from '../payment-words';

/** What the server booked: the car, the period, the total and how it was paid, with the way to the renter's bookings. */
export function BookingDone({ booked }: { booked: Booking }) {
  return (
    <Alert variant="success" role="status">
      <h3 className="h5">Booking {booked.status}</h3>
      <p className="mb-1">
        {booked.car.carName}, {formatIndiaTime(booked.from)} to {formatIndiaTime(booked.to)} ({hoursLabel(booked.hours)}
        {booked.driver ? ', with a driver' : ''}).
      </p>
      <p className="mb-1">
        Total:{' '}
        <strong className="price">
          {booked.taxPaise > 0 ? `${formatPaise(booked.amountPaise)} including GST` : formatRupees(booked.total)}
        </strong>
      </p>
      <p className="mb-2">{paymentInWords(booked.payment)}.</p>
      <Link to={paths.myBookings}>See my bookings</Link>
    </Alert>
  );
}
