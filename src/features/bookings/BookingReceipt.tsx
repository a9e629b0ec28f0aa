import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { formatPaise, formatRateBps, formatRupees } from '../../domain/money';
import { PageShell } from '../../components/PageShell';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../config/paths';
import { PRODUCT_NAME } from '../../config/product';
import { DRIVER_SURCHARGE_PER_HOUR } from '../../domain/booking-total';
import type { BookingReceipt as Receipt, Contact } from '../../domain/contract';
import { formatIndiaTime } from '../../domain/india-time';
import { BookingIdParams } from '../../domain/schemas/bookings';
import { statusOf } from '../../lib/api-error';
import { useSession } from '../../lib/auth/session';
import { useRetry } from '../../lib/query-client';
import { usePageTitle } from '../../lib/usePageTitle';
import { BookingStatusBadge } from '../../entities/booking/BookingStatusBadge';
import { hoursLabel } from '../../entities/booking/hours-label';
import { paymentInWords } from './payment-words';
import { receiptKey, useBookingReceipt } from './queries';
import { statusNote } from '../../entities/booking/status-note';
import '../../styles/print.css';

/** A receipt reads best as one column of a page's width; on paper it takes the whole sheet. */
const RECEIPT_WIDTH = { maxWidth: '48rem' };

/** A tel: address dials digits and a leading "+" only; the number is shown as the person wrote it. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

function ContactCard({ label, contact }: { label: string; contact: Contact }) {
  return (
    <div className="col">
      <h3 className="h6 mb-1">{label}</h3>
      <p className="mb-0 fw-semibold">{contact.name}</p>
      {contact.phone ? (
        <p className="mb-0">
          Phone: <a href={telHref(contact.phone)}>{contact.phone}</a>
        </p>
      ) : null}
      {contact.email ? (
        <p className="mb-0">
          Email: <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The price lines the server's numbers make: hours × the car's rate, the driver's hours, and the
 * server's total; with GST, that total is the taxable value, followed by each tax line and the
 * amount charged.
 */
function Breakdown({ receipt }: { receipt: Receipt }) {
  const { hours, pricePerHour, driver, total, taxLines, amountPaise } = receipt;
  const taxed = taxLines.length > 0;
  return (
    <table className="table receipt-breakdown mb-0" aria-labelledby="receipt-price">
      <tbody>
        <tr>
          <th scope="row" className="fw-normal">
            {hoursLabel(hours)} × {formatRupees(pricePerHour)}
          </th>
          <td className="text-end price">{formatRupees(hours * pricePerHour)}</td>
        </tr>
        {driver ? (
          <tr>
            <th scope="row" className="fw-normal">
              Driver: {hoursLabel(hours)} × {formatRupees(DRIVER_SURCHARGE_PER_HOUR)}
            </th>
            <td className="text-end price">{formatRupees(hours * DRIVER_SURCHARGE_PER_HOUR)}</td>
          </tr>
        ) : null}
        {taxed ? (
          <>
            <tr>
              <th scope="row">Taxable value</th>
              <td className="text-end price">{formatRupees(total)}</td>
            </tr>
            {taxLines.map((line) => (
              <tr key={line.name}>
                <th scope="row" className="fw-normal">
                  {line.name} {formatRateBps(line.rateBps)}
                </th>
                <td className="text-end price">{formatPaise(line.paise)}</td>
              </tr>
            ))}
          </>
        ) : null}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{taxed ? 'Total including GST' : 'Total'}</th>
          <td className="text-end price fw-bold">{taxed ? formatPaise(amountPaise) : formatRupees(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * What makes a taxed booking's receipt a tax invoice: its number (given when the payment is taken)
 * and the seller's registration.
 */
function TaxInvoiceHeader({ invoiceNumber, seller }: Pick<Receipt, 'invoiceNumber' | 'seller'>) {
  return (
    <section aria-labelledby="receipt-invoice">
      <h2 id="receipt-invoice" className="h5">
        {invoiceNumber ? `Tax invoice ${invoiceNumber}` : 'Receipt'}
      </h2>
      {invoiceNumber ? null : <p className="small text-muted">The tax invoice number is given once the payment is taken.</p>}
      {seller ? (
        <dl className="row mb-0">
          <dt className="col-sm-3">Seller</dt>
          <dd className="col-sm-9">{seller.name}</dd>
          <dt className="col-sm-3">GSTIN</dt>
          <dd className="col-sm-9">{seller.gstin}</dd>
          <dt className="col-sm-3">State</dt>
          <dd className="col-sm-9 mb-0">{seller.state}</dd>
        </dl>
      ) : null}
    </section>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  const { carKeeper, renter } = receipt.contacts;
  const taxed = receipt.taxLines.length > 0;
  const note = statusNote(receipt);
  return (
    <div className="booking-receipt d-grid gap-4" style={RECEIPT_WIDTH}>
      <p className="d-none d-print-block mb-0">
        {PRODUCT_NAME}: {taxed && receipt.invoiceNumber ? 'tax invoice' : 'booking receipt'}
      </p>
      {taxed ? <TaxInvoiceHeader invoiceNumber={receipt.invoiceNumber} seller={receipt.seller} /> : null}
      <dl className="row mb-0">
        <dt className="col-sm-3">Status</dt>
        <dd className="col-sm-9">
          <BookingStatusBadge status={receipt.status} />
          {note ? <span className="ms-2">{note}</span> : null}
        </dd>
        <dt className="col-sm-3">Car</dt>
        <dd className="col-sm-9">
          <Link to={paths.carPage(receipt.car)}>{receipt.car.carName}</Link>
        </dd>
        <dt className="col-sm-3">Period</dt>
        <dd className="col-sm-9">
          {formatIndiaTime(receipt.from)} – {formatIndiaTime(receipt.to)} (India time)
        </dd>
        <dt className="col-sm-3">Renter</dt>
        <dd className="col-sm-9 mb-0">{receipt.renter.username}</dd>
      </dl>

      <section aria-labelledby="receipt-price">
        <h2 id="receipt-price" className="h5">
          Price
        </h2>
        <Breakdown receipt={receipt} />
      </section>

      <section aria-labelledby="receipt-payment">
        <h2 id="receipt-payment" className="h5">
          Payment
        </h2>
        <p className="mb-0">{paymentInWords(receipt.payment)}</p>
        {receipt.payment.ref ? <p className="mb-0 small text-muted">Reference: {receipt.payment.ref}</p> : null}
      </section>

      {carKeeper || renter ? (
        <section aria-labelledby="receipt-contacts">
          <h2 id="receipt-contacts" className="h5">
            Who to call
          </h2>
          <div className="row row-cols-1 row-cols-sm-2 g-3">
            {carKeeper ? (
              <ContactCard label={receipt.car.kind === 'listed' ? 'Car owner' : 'Support'} contact={carKeeper} />
            ) : null}
            {renter ? <ContactCard label="Renter" contact={renter} /> : null}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="receipt-history">
        <h2 id="receipt-history" className="h5">
          Status history
        </h2>
        <ol className="list-unstyled mb-0 d-grid gap-1" aria-labelledby="receipt-history">
          {receipt.history.map(({ status, at }) => (
            <li key={`${status} ${at}`}>
              <BookingStatusBadge status={status} /> <time dateTime={at}>{formatIndiaTime(at)}</time> (India time)
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/**
 * One booking as a receipt a person can keep (and print): its number, car, period, the server's
 * price lines, where the money stands, its history and, once accepted, who to call. The title
 * names the booking, so it is set here, where the booking is known.
 */
export function BookingReceipt({ id }: { id: string }) {
  const { user } = useSession();
  // An address that cannot name a booking is not sent to the server, which would only refuse it.
  const wellFormed = BookingIdParams.safeParse({ id }).success;
  const receipt = useBookingReceipt(id, { enabled: wellFormed });
  const retry = useRetry(receiptKey(id));
  const missing = !wellFormed || statusOf(receipt.error) === 404;
  const title = receipt.data ? `Booking ${receipt.data.number}` : missing ? 'Booking not found' : 'Booking';
  usePageTitle(title);
  const back =
    user?.role === 'user'
      ? { to: paths.myBookings, label: 'My bookings' }
      : { to: paths.rentalRequests, label: 'Rental requests' };

  return (
    <PageShell title={title}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3" style={RECEIPT_WIDTH}>
        <Link to={back.to}>← {back.label}</Link>
        {receipt.data ? (
          <Button variant="outline-primary" onClick={() => window.print()}>
            Print
          </Button>
        ) : null}
      </div>
      {missing ? (
        <p>There is no such booking among yours.</p>
      ) : receipt.isPending ? (
        <PageSpinner />
      ) : receipt.isLoadingError ? (
        <QueryError error={receipt.error} what="The booking could not be loaded." onRetry={retry} />
      ) : (
        <ReceiptBody receipt={receipt.data} />
      )}
    </PageShell>
  );
}
