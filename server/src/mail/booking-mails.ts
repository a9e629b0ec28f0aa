import { bookingNumber } from '#domain/booking-number';
import { formatIndiaTime } from '#domain/india-time';
import { formatPaise } from '#domain/money';
import type { AccountRow, BookingRow } from '../db/schema';
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
  `from ${formatIndiaTime(booking.startsAt)} to ${formatIndiaTime(booking.endsAt)} India time`;

const hoursAndDriver = ({ hours, driver }: BookingFacts) =>
  `${hours} ${hours === 1 ? 'hour' : 'hours'}${driver ? ', with a driver' : ''}`;

/** Why the car's side hears of it: an owner lists the car, an admin answers for the platform's fleet. */
const keeperFootnote = (keeper: Recipient, booking: BookingFacts) =>
  keeper.role === 'admin'
    ? `You get this mail because you answer for the ${MAIL_SENDER_NAME} fleet.`
    : `You get this mail because you listed ${booking.carName} on ${MAIL_SENDER_NAME}.`;

const RENTER_FOOTNOTE = `You get this mail because you asked to rent this car on ${MAIL_SENDER_NAME}.`;

/** No money is taken for a request that was never accepted; a hold on it goes back. */
const NOTHING_CHARGED = 'You are not charged for it: any amount held for it is released.';

/** To the car's owner (every admin for a fleet car): a renter asks for it; answer before it expires. */
export function bookingRequestedMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: `New rental request: ${booking.carName}, ${formatIndiaTime(booking.startsAt)}`,
    paragraphs: [
      `${booking.renterName} asks to rent ${booking.carName} ${period(booking)} (${hoursAndDriver(booking)}), for ${formatPaise(booking.amountPaise)}.`,
      `Accept or decline it before ${formatIndiaTime(booking.expiresAt)} India time; a request still unanswered then expires.`,
    ],
    action: { label: 'Answer the request', url: requestsUrl(links) },
    footnote: keeperFootnote(keeper, booking),
  });
}

/** To the renter: their request is a booking now. */
export function bookingAcceptedMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: `Booking accepted: ${booking.carName}, ${formatIndiaTime(booking.startsAt)}`,
    paragraphs: [
      `Good news: your request to rent ${booking.carName} ${period(booking)} is accepted. It is booking ${bookingNumber(booking.number)} (${hoursAndDriver(booking)}), for ${formatPaise(booking.amountPaise)}.`,
      'Your receipt names who to call about the car.',
    ],
    action: { label: 'See your booking', url: receiptUrl(links, booking) },
    footnote: RENTER_FOOTNOTE,
  });
}

/** To the renter: their request was declined, with the reason the server gave when it declined it itself. */
export function bookingDeclinedMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: `Request declined: ${booking.carName}, ${formatIndiaTime(booking.startsAt)}`,
    paragraphs: [
      `Sorry: your request to rent ${booking.carName} ${period(booking)} was declined.`,
      ...(booking.declineReason ? [`The reason: ${booking.declineReason}`] : []),
      `${NOTHING_CHARGED} Other cars may be free for the same time.`,
    ],
    action: { label: 'See your request', url: receiptUrl(links, booking) },
    footnote: RENTER_FOOTNOTE,
  });
}

/** To the renter: nobody answered their request before it was due. */
export function bookingExpiredMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: `Request expired: ${booking.carName}, ${formatIndiaTime(booking.startsAt)}`,
    paragraphs: [
      `Your request to rent ${booking.carName} ${period(booking)} was not answered in time, so it expired on ${formatIndiaTime(booking.expiresAt)} India time.`,
      `${NOTHING_CHARGED} You are welcome to ask again, for this car or another.`,
    ],
    action: { label: 'See your request', url: receiptUrl(links, booking) },
    footnote: RENTER_FOOTNOTE,
  });
}

/** To the car's owner (every admin for a fleet car): the renter called it off, so the period is free again. */
export function bookingCancelledMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: `Booking cancelled: ${booking.carName}, ${formatIndiaTime(booking.startsAt)}`,
    paragraphs: [
      `${booking.renterName} cancelled booking ${bookingNumber(booking.number)} of ${booking.carName} ${period(booking)}.`,
      'The car is free again for that time, and other renters can ask for it.',
    ],
    action: { label: 'See the booking', url: receiptUrl(links, booking) },
    footnote: keeperFootnote(keeper, booking),
  });
}

/** An admin's cancellation with its reason, in the words the app shows it in. */
const byAdmin = (booking: BookingFacts) => `Cancelled by ${MAIL_SENDER_NAME}: ${booking.cancelReason ?? ''}`;

/**
 * What becomes of the renter's money, told as the mail is queued, before the provider is asked: a
 * hold is let go and money taken is given back in full, whoever cancels.
 */
function moneyOnCancel(booking: BookingFacts): string[] {
  if (booking.paymentStatus === 'captured') return [`The ${formatPaise(booking.amountPaise)} you paid is refunded in full.`];
  if (booking.paymentStatus === 'held') return ['You are not charged for it: the amount held for it is released.'];
  return [];
}

/** To the renter: an admin called their booking off, with the reason. */
export function renterCancelledByAdminMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: `Booking cancelled by ${MAIL_SENDER_NAME}: ${booking.carName}, ${formatIndiaTime(booking.startsAt)}`,
    paragraphs: [
      `Sorry: ${MAIL_SENDER_NAME} cancelled your booking ${bookingNumber(booking.number)} of ${booking.carName} ${period(booking)}.`,
      byAdmin(booking),
      ...moneyOnCancel(booking),
      'Other cars may be free for the same time.',
    ],
    action: { label: 'See your booking', url: receiptUrl(links, booking) },
    footnote: RENTER_FOOTNOTE,
  });
}

/** To the car's owner (every admin for a fleet car): an admin called the booking off, with the reason. */
export function keeperCancelledByAdminMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: `Booking cancelled by ${MAIL_SENDER_NAME}: ${booking.carName}, ${formatIndiaTime(booking.startsAt)}`,
    paragraphs: [
      `${MAIL_SENDER_NAME} cancelled ${booking.renterName}'s booking ${bookingNumber(booking.number)} of ${booking.carName} ${period(booking)}.`,
      byAdmin(booking),
      'The car is free again for that time, and other renters can ask for it.',
    ],
    action: { label: 'See the booking', url: receiptUrl(links, booking) },
    footnote: keeperFootnote(keeper, booking),
  });
}

/** To the renter, the day before their trip begins. */
export function renterReminderMail(renter: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: renter.email,
    name: renter.username,
    subject: `Reminder: your trip in ${booking.carName} begins ${formatIndiaTime(booking.startsAt)}`,
    paragraphs: [
      `Your booking ${bookingNumber(booking.number)} of ${booking.carName} runs ${period(booking)} (${hoursAndDriver(booking)}), for ${formatPaise(booking.amountPaise)}.`,
      'Your receipt names who to call about the car.',
    ],
    action: { label: 'See your booking', url: receiptUrl(links, booking) },
    footnote: RENTER_FOOTNOTE,
  });
}

/** To the car's owner (every admin for a fleet car), the day before the renter's trip begins. */
export function keeperReminderMail(keeper: Recipient, booking: BookingFacts, links: BookingLinks): Mail {
  return composeMail({
    to: keeper.email,
    name: keeper.username,
    subject: `Reminder: ${booking.carName} is booked from ${formatIndiaTime(booking.startsAt)}`,
    paragraphs: [
      `${booking.renterName} rents ${booking.carName} ${period(booking)} (${hoursAndDriver(booking)}): booking ${bookingNumber(booking.number)}.`,
      "Have the car ready. The receipt has the renter's contact.",
    ],
    action: { label: 'See the booking', url: receiptUrl(links, booking) },
    footnote: keeperFootnote(keeper, booking),
  });
}
