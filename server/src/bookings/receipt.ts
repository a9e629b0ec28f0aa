import { and, eq } from 'drizzle-orm';
import { toIndiaIso } from '#domain/india-time';
import { isTrip, type BookingReceipt, type Contact } from '#domain/schemas/bookings';
import type { GstConfig, SupportContact } from '../config';
import { toBooking } from '../contract-shapes';
import type { Database } from '../db/client';
import { tripReviewsOf, withTripReviews } from '../reviews/views';
import { accounts, bookingEvents, bookings, type AccountRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import { asOf } from './status';
import { actorFor, bookingViews, onCarsSide, showsPaymentRef, type BookingView, visibleTo } from './views';
import { NO_SUCH_BOOKING_ID } from './words';

/** Who issues the tax invoice: the platform's name, the same in every language. */
const SELLER_NAME = 'WheelsOnWeb';
/** Who a renter of a fleet car reaches: the platform, at SUPPORT_PHONE and SUPPORT_EMAIL. */
const supportName = () => t('mail.receipt.supportName', { brand: SELLER_NAME });

/**
 * Who to call about an accepted booking: the renter sees who answers for the car (its owner, or the
 * platform's support for a fleet car), whoever answers for the car sees the renter, an admin both.
 */
async function contactsFor(db: Database, view: BookingView, account: AccountRow, support: SupportContact) {
  const who = actorFor(account, view);
  const seesKeeper = who === 'renter' || account.role === 'admin';
  const seesRenter = onCarsSide(account, view);
  const accountContact = async (accountId: string, withEmail: boolean): Promise<Contact | undefined> => {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!row) return undefined;
    return {
      name: row.username,
      ...(row.phoneNumber ? { phone: row.phoneNumber } : {}),
      ...(withEmail ? { email: row.email } : {}),
    };
  };
  const carKeeper = !seesKeeper
    ? undefined
    : view.car.ownerId
      ? await accountContact(view.car.ownerId, false)
      : { name: supportName(), ...support };
  const renter = seesRenter ? await accountContact(view.booking.renterId, true) : undefined;
  return { ...(carKeeper ? { carKeeper } : {}), ...(renter ? { renter } : {}) };
}

/**
 * A booking's receipt for `account`: the booking as it stands at `now`, its status history and, once
 * accepted, who to call; the seller's GST registration where the booking was taxed.
 */
export async function bookingReceipt(
  db: Database,
  account: AccountRow,
  bookingId: string,
  { now, support, gst }: { now: Date; support: SupportContact; gst: GstConfig | undefined },
): Promise<BookingReceipt> {
  const [view] = await bookingViews(db).where(and(eq(bookings.id, bookingId), visibleTo(db, account)));
  if (!view) throw new HttpError(404, t(NO_SUCH_BOOKING_ID));
  const booking = asOf(view.booking, now);
  const events = await db
    .select({ status: bookingEvents.status, at: bookingEvents.at })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, booking.id))
    .orderBy(bookingEvents.at, bookingEvents.id);
  // An expiry the sweep has not stored yet is shown as it will be stored.
  if (booking.status !== view.booking.status) events.push({ status: booking.status, at: booking.expiresAt });
  const reviewsOf = await tripReviewsOf(db, [booking.id], now);
  const side = actorFor(account, view) === 'renter' ? 'renter' : 'carKeeper';
  return {
    ...withTripReviews(toBooking(booking, view, showsPaymentRef(account)), reviewsOf.get(booking.id), side),
    history: events.map(({ status, at }) => ({ status, at: toIndiaIso(at) })),
    contacts: isTrip(booking.status) ? await contactsFor(db, view, account, support) : {},
    ...(gst && booking.taxLines.length > 0 ? { seller: { name: SELLER_NAME, gstin: gst.gstin, state: gst.state } } : {}),
  };
}
