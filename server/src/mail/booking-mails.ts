import { refundParts } from '../ledger/booking-postings';
import { bookingNumber } from '#domain/booking-number';
import { formatIndiaTime } from '#domain/india-time';
import { formatPaise } from '#domain/money';
import type { AccountRow, BookingRow } from '../db/schema';
import { t } from '../i18n';
import { composeMail } from './compose';
import type { Mail } from './outbox';
import { MAIL_SENDER_NAME } from './transport';

type Recipient = Pick<AccountRow, 'email' | 'username' | 'role'>;

/** What every booking mail tells of: the booking, its car and who asked for it. */
export interface BookingFacts
  extends Pick<
    BookingRow,
    | 'id'
    | 'number'
    | 'startsAt'
    | 'endsAt'
    | 'hours'
    | 'driver'
    | 'amountPaise'
    | 'expiresAt'
    | 'declineReason'
    | 'cancelReason'
    | 'paymentStatus'
    | 'paymentProvider'
    | 'paymentMethod'
    | 'total'
    | 'taxPaise'
    | 'refundBasePaise'
    | 'refundTaxPaise'
  > {
  carName: string;
  renterName: string;
}

/** Where the links of booking mails lead: the app's address as its users reach it (PUBLIC_URL). */
export interface BookingLinks {
  publicUrl: string;
}

/** The app's receipt page of the booking, which each party may open signed in. */
const receiptUrl = ({ publicUrl }: BookingLinks, booking: BookingFacts) =>
  `${publicUrl}/bookings/${encodeURIComponent(booking.id)}`;
/** The page where owners and admins answer requests. */
const requestsUrl = ({ publicUrl }: BookingLinks) => `${publicUrl}/get/requests`;

const period = (booking: BookingFacts) =>
  t('mail.booking.period', { startsAt: formatIndiaTime(booking.startsAt), endsAt: formatIndiaTime(booking.endsAt) });

const hoursAndDriver = ({ hours, driver }: BookingFacts) =>
  t('mail.booking.hoursAndDriver', { hours, driver: driver ? 'yes' : 'no' });

/** What most booking sentences name: the car, its period, and what was asked and paid for it. */
const facts = (booking: BookingFacts) => ({
  car: booking.carName,
  renter: booking.renterName,
  number: bookingNumber(booking.number),
  period: period(booking),
  hoursAndDriver: hoursAndDriver(booking),
  amount: formatPaise(booking.amountPaise),
});

/** A booking mail's subject names the car and when the trip begins. */
const subjectFacts = (booking: BookingFacts) => ({
  brand: MAIL_SENDER_NAME,
  car: booking.carName,
  startsAt: formatIndiaTime(booking.startsAt),
});

/** Why the car's side hears of it: an owner lists the car, an admin answers for the platform's fleet. */
const keeperFootnote = (keeper: Recipient, booking: BookingFacts) =>
  t('mail.booking.keeperFootnote', { role: keeper.role, brand: MAIL_SENDER_NAME, car: booking.carName });

const renterFootnote = () => t('mail.booking.renterFootnote', { brand: MAIL_SENDER_NAME });

/** To the car's owner (every admin for a fleet car): a renter asks for it; answer before it expires. */
export function bookingRequestedMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: t('mail.bookingRequested.subject', subjectFacts(booking)),
    paragraphs: [
      t('mail.bookingRequested.asks', facts(booking)),
      t('mail.bookingRequested.answerBefore', { expiresAt: formatIndiaTime(booking.expiresAt) }),
    ],
    action: { label: t('mail.booking.answerRequest'), url: requestsUrl(links) },
    footnote: keeperFootnote(keeper, booking),
  });
}

/** To the car's owner (every admin for a fleet car): instant booking accepted a paid request for them. */
export function bookingConfirmedInstantlyMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: t('mail.bookingInstant.subject', subjectFacts(booking)),
    paragraphs: [t('mail.bookingInstant.confirmed', facts(booking)), t('mail.bookingInstant.nothingToAnswer')],
    action: { label: t('mail.bookingInstant.seeBookings'), url: requestsUrl(links) },
    footnote: keeperFootnote(keeper, booking),
  });
}

/** To the renter: their request is a booking now. */
export function bookingAcceptedMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: t('mail.bookingAccepted.subject', subjectFacts(booking)),
    paragraphs: [t('mail.bookingAccepted.accepted', facts(booking)), t('mail.booking.receiptNamesContact')],
    action: { label: t('mail.booking.seeYourBooking'), url: receiptUrl(links, booking) },
    footnote: renterFootnote(),
  });
}

/**
 * To the renter: their request was declined, with the reason the server gave when it declined it
 * itself. No money is taken for a request that was never accepted; a hold on it goes back.
 */
export function bookingDeclinedMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: t('mail.bookingDeclined.subject', subjectFacts(booking)),
    paragraphs: [
      t('mail.bookingDeclined.declined', facts(booking)),
      ...(booking.declineReason ? [t('mail.bookingDeclined.reason', { reason: booking.declineReason })] : []),
      ...(paidAlready(booking)
        ? [...moneyBack(booking), t('mail.booking.otherCarsFree')]
        : [t('mail.bookingDeclined.nothingCharged')]),
    ],
    action: { label: t('mail.booking.seeYourRequest'), url: receiptUrl(links, booking) },
    footnote: renterFootnote(),
  });
}

/** To the renter: nobody answered their request before it was due; nothing is charged for it either. */
export function bookingExpiredMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: t('mail.bookingExpired.subject', subjectFacts(booking)),
    paragraphs: [
      t('mail.bookingExpired.expired', { ...facts(booking), expiresAt: formatIndiaTime(booking.expiresAt) }),
      ...(paidAlready(booking) ? moneyBack(booking) : [t('mail.bookingExpired.nothingCharged')]),
    ],
    action: { label: t('mail.booking.seeYourRequest'), url: receiptUrl(links, booking) },
    footnote: renterFootnote(),
  });
}

/** To the car's owner (every admin for a fleet car): the renter called it off, so the period is free again. */
export function bookingCancelledMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: t('mail.bookingCancelled.subject', subjectFacts(booking)),
    paragraphs: [t('mail.bookingCancelled.cancelled', facts(booking)), t('mail.booking.carFreeAgain')],
    action: { label: t('mail.booking.seeTheBooking'), url: receiptUrl(links, booking) },
    footnote: keeperFootnote(keeper, booking),
  });
}

/** An admin's cancellation with its reason, in the words the app shows it in. */
const byAdmin = (booking: BookingFacts) =>
  t('mail.booking.cancelledByBrand', { brand: MAIL_SENDER_NAME, reason: booking.cancelReason ?? '' });

/** The Razorpay methods whose held payment has already left the renter's account: anything but a card. */
const paidAlready = (booking: BookingFacts) =>
  booking.paymentProvider === 'razorpay' &&
  booking.paymentMethod !== 'card' &&
  (booking.paymentStatus === 'held' || booking.paymentStatus === 'released');

/** The methods the refund's words name; any other is "the account you paid from". */
const NAMED_METHODS: ReadonlySet<string> = new Set(['upi', 'netbanking', 'wallet']);

/**
 * What becomes of the renter's money, told as the mail is queued, before the provider is asked: a
 * card hold is let go, money taken is given back as the cancellation fixed (in full, or a late one's share), and a UPI, netbanking or wallet payment,
 * which left the renter's account when they paid, comes back as a refund that takes working days.
 */
function moneyBack(booking: BookingFacts): string[] {
  const amount = formatPaise(booking.amountPaise);
  if (booking.paymentStatus === 'captured') {
    const refund = refundParts(booking);
    if (refund.whole) return [t('mail.booking.refunded', { amount })];
    return [t('mail.booking.refundedPart', { refunded: formatPaise(refund.amountPaise), amount })];
  }
  if (paidAlready(booking)) {
    const method = booking.paymentMethod && NAMED_METHODS.has(booking.paymentMethod) ? booking.paymentMethod : 'other';
    return [t('mail.booking.paidComesBack', { amount, method })];
  }
  if (booking.paymentStatus === 'held') return [t('mail.booking.holdReleased')];
  return [];
}

/** To the renter: an admin called their booking off, with the reason. */
export function renterCancelledByAdminMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: t('mail.cancelledByAdmin.subject', subjectFacts(booking)),
    paragraphs: [
      t('mail.cancelledByAdmin.toRenter', { ...facts(booking), brand: MAIL_SENDER_NAME }),
      byAdmin(booking),
      ...moneyBack(booking),
      t('mail.booking.otherCarsFree'),
    ],
    action: { label: t('mail.booking.seeYourBooking'), url: receiptUrl(links, booking) },
    footnote: renterFootnote(),
  });
}

/** To the car's owner (every admin for a fleet car): an admin called the booking off, with the reason. */
export function keeperCancelledByAdminMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: t('mail.cancelledByAdmin.subject', subjectFacts(booking)),
    paragraphs: [
      t('mail.cancelledByAdmin.toKeeper', { ...facts(booking), brand: MAIL_SENDER_NAME }),
      byAdmin(booking),
      t('mail.booking.carFreeAgain'),
    ],
    action: { label: t('mail.booking.seeTheBooking'), url: receiptUrl(links, booking) },
    footnote: keeperFootnote(keeper, booking),
  });
}

/** To the renter: the car's side said they did not come, and what the policy keeps of their money. */
export function renterNoShowMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  const refund = refundParts(booking);
  // A part kept is said in the policy's words for a no-show; the rest as any cancellation's money.
  const money =
    booking.paymentStatus === 'captured' && !refund.whole
      ? [
          t('mail.renterNoShow.kept', {
            amount: formatPaise(booking.amountPaise),
            refunded: refund.amountPaise === 0 ? 'none' : formatPaise(refund.amountPaise),
          }),
        ]
      : moneyBack(booking);
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: t('mail.renterNoShow.subject', subjectFacts(booking)),
    paragraphs: [t('mail.renterNoShow.ended', facts(booking)), ...money],
    action: { label: t('mail.booking.seeYourBooking'), url: receiptUrl(links, booking) },
    footnote: renterFootnote(),
  });
}

/** To the car's owner (every admin for a fleet car): the renter said nobody came, so they are refunded in full. */
export function ownerNoShowMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: t('mail.ownerNoShow.subject', subjectFacts(booking)),
    paragraphs: [t('mail.ownerNoShow.ended', facts(booking)), t('mail.ownerNoShow.refunded', facts(booking))],
    action: { label: t('mail.booking.seeTheBooking'), url: receiptUrl(links, booking) },
    footnote: keeperFootnote(keeper, booking),
  });
}

/** To the renter, the day before their trip begins. */
export function renterReminderMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: t('mail.renterReminder.subject', subjectFacts(booking)),
    paragraphs: [t('mail.renterReminder.runs', facts(booking)), t('mail.booking.receiptNamesContact')],
    action: { label: t('mail.booking.seeYourBooking'), url: receiptUrl(links, booking) },
    footnote: renterFootnote(),
  });
}

/** To the car's owner (every admin for a fleet car), the day before the renter's trip begins. */
export function keeperReminderMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: t('mail.keeperReminder.subject', subjectFacts(booking)),
    paragraphs: [t('mail.keeperReminder.rents', facts(booking)), t('mail.keeperReminder.haveCarReady')],
    action: { label: t('mail.booking.seeTheBooking'), url: receiptUrl(links, booking) },
    footnote: keeperFootnote(keeper, booking),
  });
}

/**
 * To one side of a booking (the renter, or the car's owner or every admin for a fleet car): messages
 * wait for them on the booking's page. Their text stays on the page, where contact details are
 * masked until the booking is accepted.
 */
export function messagesWaitingMail(
  to: Recipient,
  side: 'renter' | 'keeper',
  booking: BookingFacts,
  count: number,
  links: BookingLinks,
): Mail {
  return composeMail({
    to: to.email,
    name: to.username,
    subject: t('mail.bookingMessages.subject', { number: bookingNumber(booking.number), car: booking.carName }),
    paragraphs: [t('mail.bookingMessages.waiting', { ...facts(booking), count }), t('mail.bookingMessages.readOnPage')],
    action: { label: t('mail.bookingMessages.read'), url: receiptUrl(links, booking) },
    footnote: side === 'renter' ? renterFootnote() : keeperFootnote(to, booking),
  });
}
