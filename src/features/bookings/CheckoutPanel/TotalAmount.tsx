import { Fragment } from 'react';
import { type bookingTotal, DRIVER_SURCHARGE_PER_HOUR } from '../../../domain/booking-total';
import { formatPaise, formatRateBps, formatRupees } from '../../../domain/money';
import { hoursLabel } from '../../../entities/booking/hours-label';
import { t } from '../words';

/** The id of the total's heading, which names the fieldset. */
const TOTAL_HEADING = 'total-amount';

interface TotalAmountProps {
  /** The period's total as bookingTotal works it out. */
  bill: ReturnType<typeof bookingTotal>;
  /** The car's price per hour. */
  price: number;
  driver: boolean;
}

/** The amount to pay: with GST in paise when it is charged, else the whole rupees. */
export function billTotalText({ total, taxLines, amountPaise }: ReturnType<typeof bookingTotal>): string {
  return taxLines.length > 0 ? formatPaise(amountPaise) : formatRupees(total);
}

/** The total, worked out as the server will: hours times the price (and the driver's), then GST line by line when it is charged. */
export function TotalAmount({ bill, price, driver }: TotalAmountProps) {
  const { hours, total, taxLines, amountPaise } = bill;
  return (
    <fieldset className="my-3 p-3 band-light rounded" aria-labelledby={TOTAL_HEADING} aria-live="polite">
      <p id={TOTAL_HEADING} className="mb-1 fw-semibold text-navy">
        {t('bookings.total.title')}
      </p>
      <p className="fs-3 fw-bold mb-0 price">{billTotalText(bill)}</p>
      <p className="small text-muted mb-0 price">
        {t('bookings.total.breakdown', {
          hours: hoursLabel(hours),
          price: formatRupees(price),
          driver: driver ? 'yes' : 'no',
          driverPrice: formatRupees(DRIVER_SURCHARGE_PER_HOUR),
        })}
      </p>
      {taxLines.length > 0 ? (
        <dl className="row small mb-0 mt-1 price" aria-label={t('bookings.total.gstLabel')}>
          <dt className="col-7 fw-normal text-muted">{t('bookings.price.taxableValue')}</dt>
          <dd className="col-5 mb-0 text-end">{formatRupees(total)}</dd>
          {taxLines.map((line) => (
            <Fragment key={line.name}>
              <dt className="col-7 fw-normal text-muted">
                {line.name} {formatRateBps(line.rateBps)}
              </dt>
              <dd className="col-5 mb-0 text-end">{formatPaise(line.paise)}</dd>
            </Fragment>
          ))}
          <dt className="col-7">{t('bookings.price.totalWithGst')}</dt>
          <dd className="col-5 mb-0 text-end fw-semibold">{formatPaise(amountPaise)}</dd>
        </dl>
      ) : null}
    </fieldset>
  );
}
