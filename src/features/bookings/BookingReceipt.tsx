import type { ReactNode } from 'react';
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
import { telHref } from '../../lib/tel-href';
import { usePageTitle } from '../../lib/usePageTitle';
import { BookingStatusBadge } from '../../entities/booking/BookingStatusBadge';
import { hoursLabel } from '../../entities/booking/hours-label';
import type { PartySide } from './party-side';
import { paymentInWords } from './payment-words';
import { receiptKey, useBookingReceipt } from './queries';
import { statusNote } from '../../entities/booking/status-note';
import { t, Words } from './words';
import '../../styles/print.css';

/** The ids of the receipt's headings, which name their sections. */
const HEADING = {
  invoice: 'receipt-invoice',
  price: 'receipt-price',
  payment: 'receipt-payment',
  contacts: 'receipt-contacts',
  history: 'receipt-history',
} as const;

/** A receipt reads best as one column of a page's width; on paper it takes the whole sheet. */
const RECEIPT_WIDTH = { maxWidth: '48rem' };

function ContactCard({ label, contact }: { label: string; contact: Contact }) {
  return (
    <div className="col">
      <h3 className="h6 mb-1">{label}</h3>
      <p className="mb-0 fw-semibold">{contact.name}</p>
      {contact.phone ? (
        <p className="mb-0">
          <Words
            id="bookings.receipt.phone"
            values={{ phone: contact.phone }}
            components={{ 0: <a href={telHref(contact.phone)}>{contact.phone}</a> }}
          />
        </p>
      ) : null}
      {contact.email ? (
        <p className="mb-0">
          <Words
            id="bookings.receipt.email"
            values={{ email: contact.email }}
            components={{ 0: <a href={`mailto:${contact.email}`}>{contact.email}</a> }}
          />
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
    <table className="table receipt-breakdown mb-0" aria-labelledby={HEADING.price}>
      <tbody>
        <tr>
          <th scope="row" className="fw-normal">
            {t('bookings.receipt.rateLine', { hours: hoursLabel(hours), price: formatRupees(pricePerHour) })}
          </th>
          <td className="text-end price">{formatRupees(hours * pricePerHour)}</td>
        </tr>
        {driver ? (
          <tr>
            <th scope="row" className="fw-normal">
              {t('bookings.receipt.driverLine', { hours: hoursLabel(hours), price: formatRupees(DRIVER_SURCHARGE_PER_HOUR) })}
            </th>
            <td className="text-end price">{formatRupees(hours * DRIVER_SURCHARGE_PER_HOUR)}</td>
          </tr>
        ) : null}
        {taxed ? (
          <>
            <tr>
              <th scope="row">{t('bookings.price.taxableValue')}</th>
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
          <th scope="row">{taxed ? t('bookings.price.totalWithGst') : t('bookings.receipt.total')}</th>
          <td className="text-end price fw-bold">{taxed ? formatPaise(amountPaise) : formatRupees(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** A cancellation's refund line by line, as the server fixed it: of the price, of its GST, in all, and what was kept. */
function RefundLines({
  refund,
  amountPaise,
  taxed,
}: {
  refund: NonNullable<Receipt['refund']>;
  amountPaise: number;
  taxed: boolean;
}) {
  return (
    <table className="table receipt-refund mb-0" aria-label={t('bookings.receipt.refund')}>
      <tbody>
        <tr>
          <th scope="row" className="fw-normal">
            {t('bookings.receipt.refundBase')}
          </th>
          <td className="text-end price">{formatPaise(refund.basePaise)}</td>
        </tr>
        {taxed ? (
          <tr>
            <th scope="row" className="fw-normal">
              {t('bookings.receipt.refundTax')}
            </th>
            <td className="text-end price">{formatPaise(refund.taxPaise)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row" className="fw-normal">
            {t('bookings.receipt.refundKept')}
          </th>
          <td className="text-end price">{formatPaise(amountPaise - refund.amountPaise)}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('bookings.receipt.refundTotal')}</th>
          <td className="text-end price fw-bold">{formatPaise(refund.amountPaise)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * What makes a taxed booking's receipt a tax invoice: its number (given when the payment is taken)
 * and the seller's registration.
 */
function TaxInvoiceHeader({
  invoiceNumber,
  creditNoteNumber,
  seller,
}: Pick<Receipt, 'invoiceNumber' | 'creditNoteNumber' | 'seller'>) {
  return (
    <section aria-labelledby={HEADING.invoice}>
      <h2 id={HEADING.invoice} className="h5">
        {invoiceNumber ? t('bookings.receipt.taxInvoice', { number: invoiceNumber }) : t('bookings.receipt.receipt')}
      </h2>
      {invoiceNumber ? null : <p className="small text-muted">{t('bookings.receipt.invoiceNumberLater')}</p>}
      {creditNoteNumber ? <p>{t('bookings.receipt.creditNote', { number: creditNoteNumber })}</p> : null}
      {seller ? (
        <dl className="row mb-0">
          <dt className="col-sm-3">{t('bookings.receipt.seller')}</dt>
          <dd className="col-sm-9">{seller.name}</dd>
          <dt className="col-sm-3">{t('bookings.receipt.gstin')}</dt>
          <dd className="col-sm-9">{seller.gstin}</dd>
          <dt className="col-sm-3">{t('bookings.receipt.state')}</dt>
          <dd className="col-sm-9 mb-0">{seller.state}</dd>
        </dl>
      ) : null}
    </section>
  );
}

function ReceiptBody({ receipt, side }: { receipt: Receipt; side: PartySide }) {
  const { carKeeper, renter } = receipt.contacts;
  const taxed = receipt.taxLines.length > 0;
  const note = statusNote(receipt);
  return (
    <div className="booking-receipt d-grid gap-4" style={RECEIPT_WIDTH}>
      <p className="d-none d-print-block mb-0">
        {t('bookings.receipt.printHeading', {
          product: PRODUCT_NAME,
          kind: taxed && receipt.invoiceNumber ? 'invoice' : 'receipt',
        })}
      </p>
      {taxed ? (
        <TaxInvoiceHeader
          invoiceNumber={receipt.invoiceNumber}
          creditNoteNumber={receipt.creditNoteNumber}
          seller={receipt.seller}
        />
      ) : null}
      <dl className="row mb-0">
        <dt className="col-sm-3">{t('bookings.receipt.status')}</dt>
        <dd className="col-sm-9">
          <BookingStatusBadge status={receipt.status} />
          {note ? <span className="ms-2">{note}</span> : null}
        </dd>
        <dt className="col-sm-3">{t('bookings.receipt.car')}</dt>
        <dd className="col-sm-9">
          <Link to={paths.carPage(receipt.car)}>{receipt.car.carName}</Link>
        </dd>
        <dt className="col-sm-3">{t('bookings.receipt.period')}</dt>
        <dd className="col-sm-9">
          {t('bookings.receipt.periodValue', { from: formatIndiaTime(receipt.from), to: formatIndiaTime(receipt.to) })}
        </dd>
        <dt className="col-sm-3">{t('bookings.receipt.renter')}</dt>
        <dd className="col-sm-9 mb-0">{receipt.renter.username}</dd>
      </dl>

      <section aria-labelledby={HEADING.price}>
        <h2 id={HEADING.price} className="h5">
          {t('bookings.receipt.price')}
        </h2>
        <Breakdown receipt={receipt} />
        {receipt.refund ? <RefundLines refund={receipt.refund} amountPaise={receipt.amountPaise} taxed={taxed} /> : null}
      </section>

      <section aria-labelledby={HEADING.payment}>
        <h2 id={HEADING.payment} className="h5">
          {t('bookings.receipt.payment')}
        </h2>
        <p className="mb-0">{paymentInWords(receipt.payment, side, receipt.refund)}</p>
        {receipt.payment.ref ? (
          <p className="mb-0 small text-muted">{t('bookings.receipt.reference', { ref: receipt.payment.ref })}</p>
        ) : null}
      </section>

      {carKeeper || renter ? (
        <section aria-labelledby={HEADING.contacts}>
          <h2 id={HEADING.contacts} className="h5">
            {t('bookings.receipt.whoToCall')}
          </h2>
          <div className="row row-cols-1 row-cols-sm-2 g-3">
            {carKeeper ? (
              <ContactCard
                label={receipt.car.kind === 'listed' ? t('bookings.receipt.carOwner') : t('bookings.receipt.support')}
                contact={carKeeper}
              />
            ) : null}
            {renter ? <ContactCard label={t('bookings.receipt.renter')} contact={renter} /> : null}
          </div>
        </section>
      ) : null}

      <section aria-labelledby={HEADING.history}>
        <h2 id={HEADING.history} className="h5">
          {t('bookings.receipt.history')}
        </h2>
        <ol className="list-unstyled mb-0 d-grid gap-1" aria-labelledby={HEADING.history}>
          {receipt.history.map(({ status, at }) => (
            <li key={`${status} ${at}`}>
              <BookingStatusBadge status={status} />{' '}
              <Words
                id="bookings.receipt.historyAt"
                values={{ at: formatIndiaTime(at) }}
                components={{ 0: <time dateTime={at} /> }}
              />
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
/** `children` follow the receipt once it is loaded: what else the booking's page shows of it, given the receipt. */
export function BookingReceipt({ id, children }: { id: string; children?: (receipt: Receipt) => ReactNode }) {
  const { user } = useSession();
  // An address that cannot name a booking is not sent to the server, which would only refuse it.
  const wellFormed = BookingIdParams.safeParse({ id }).success;
  const receipt = useBookingReceipt(id, { enabled: wellFormed });
  const retry = useRetry(receiptKey(id));
  const missing = !wellFormed || statusOf(receipt.error) === 404;
  const title = receipt.data
    ? t('bookings.receipt.title', { number: receipt.data.number })
    : missing
      ? t('bookings.receipt.notFoundTitle')
      : t('bookings.receipt.loadingTitle');
  usePageTitle(title);
  const back =
    user?.role === 'user'
      ? { to: paths.myBookings, label: t('bookings.myBookings.title') }
      : { to: paths.rentalRequests, label: t('bookings.rentalRequests.title') };

  return (
    <PageShell title={title}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3" style={RECEIPT_WIDTH}>
        <Link to={back.to}>{t('bookings.receipt.back', { label: back.label })}</Link>
        {receipt.data ? (
          <Button variant="outline-primary" onClick={() => window.print()}>
            {t('bookings.receipt.print')}
          </Button>
        ) : null}
      </div>
      {missing ? (
        <p>{t('bookings.receipt.notFound')}</p>
      ) : receipt.isPending ? (
        <PageSpinner />
      ) : receipt.isLoadingError ? (
        <QueryError error={receipt.error} what={t('bookings.receipt.loadFailed')} onRetry={retry} />
      ) : (
        // Whoever is not its renter opened it as the car's owner, or an admin answering for a fleet car.
        <>
          <ReceiptBody receipt={receipt.data} side={receipt.data.renter.id === user?.id ? 'renter' : 'carKeeper'} />
          {children?.(receipt.data)}
        </>
      )}
    </PageShell>
  );
}
