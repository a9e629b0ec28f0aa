import { z } from 'zod';
import { checkText } from '../issue-message';
import { pagedAnswer, pageParamsOf } from './answers';
import { Role } from './accounts';
import { Booking, BookingAction, BookingStatus, PaymentStatus } from './bookings';
import { CarKind } from './cars';
import { city, id, Identified, isoInstant, reason } from './fields';

// The admin console's requests and answers (`/api/admin`): lists of 50 to a page, newest first,
// and the audit log every admin action writes to.

/** The console's tables show more rows than the marketplace's pages. */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_SEARCH_MAX = 100;

/** Every action an admin can take, as the audit log names it; the database refuses any other. */
export const ADMIN_ACTIONS = [
  'account.disable',
  'account.enable',
  'car.delist',
  'car.relist',
  'booking.accept',
  'booking.decline',
  'booking.cancel',
  'booking.read_messages',
  'booking.close_reports',
  'booking.no_show',
  'comment.remove',
  'review.remove',
  'message.answer',
  'payout.run',
  'payout.bank_file',
  'payout.paid',
  'payout.failed',
  'licence.approve',
  'licence.reject',
  'licence.view_photo',
  'booking.rate_renter',
] as const;
export const AdminActionName = z.enum(ADMIN_ACTIONS);
export type AdminActionName = z.output<typeof AdminActionName>;

/** What someone did to their own account that an admin may need to look back on: a change of where its owner is paid. */
export const ACCOUNT_ACTIONS = ['payout_details.change'] as const;
export const AccountActionName = z.enum(ACCOUNT_ACTIONS);
export type AccountActionName = z.output<typeof AccountActionName>;

/** Every action the audit log shows: the admins' own, and the account holders' changes to their accounts. */
export const AuditActionName = z.enum([...ADMIN_ACTIONS, ...ACCOUNT_ACTIONS]);
export type AuditActionName = z.output<typeof AuditActionName>;

/** Who took an action in the audit log: an admin, or the holder of the account acted on. */
export const AuditActor = z.enum(['admin', 'accountHolder']);
export type AuditActor = z.output<typeof AuditActor>;

/** What an admin action can be taken on. */
export const ADMIN_OBJECT_TYPES = [
  'account',
  'car',
  'booking',
  'comment',
  'review',
  'contact_message',
  'payout_run',
  'payout',
  'licence',
] as const;
export const AdminObjectType = z.enum(ADMIN_OBJECT_TYPES);
export type AdminObjectType = z.output<typeof AdminObjectType>;

/** A query parameter left blank (an empty search box, a filter set to "all") means not sent. */
const blankIsUnsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const adminPageParams = pageParamsOf(ADMIN_PAGE_SIZE);

/** The search box of a console list: what it matches is said by each list. */
export const search = (matches: string) =>
  blankIsUnsent(
    z
      .string()
      .trim()
      .max(ADMIN_SEARCH_MAX, checkText('checks.issue.tooLong', { field: { id: 'checks.field.q' }, maximum: ADMIN_SEARCH_MAX })),
  ).meta({
    description: matches,
  });

/** Someone an object belongs to, as the console names them. */
const AccountRef = z.object({ id: z.string(), username: z.string() });

export const AccountStatus = z.enum(['enabled', 'disabled']);
export type AccountStatus = z.output<typeof AccountStatus>;

/** `GET /api/admin/accounts`. */
export const AdminAccountsQuery = z.object({
  ...adminPageParams,
  q: search('Part of a username or email, in any case.'),
  role: blankIsUnsent(Role),
  status: blankIsUnsent(AccountStatus),
});
export type AdminAccountsQuery = z.output<typeof AdminAccountsQuery>;

/** An account as the console shows it: never with a password or its hash. */
export const AdminAccount = Identified.extend({
  role: Role,
  username: z.string(),
  email: z.string(),
  createdAt: isoInstant,
  lastSignInAt: isoInstant.nullable().meta({ description: 'When the account last signed in; null if it never has.' }),
  status: AccountStatus,
  /** For an owner: the accepted bookings of their cars they cancelled (the renter refunded in full), for judging them. */
  ownerCancellations: z.int().optional(),
  /** For an owner: the accepted bookings of their cars whose renters said the owner did not come (`no_show_owner`). */
  ownerNoShows: z.int().optional(),
}).meta({ id: 'AdminAccount' });
export type AdminAccount = z.output<typeof AdminAccount>;

export const AdminAccountPage = pagedAnswer(AdminAccount);
export type AdminAccountPage = z.output<typeof AdminAccountPage>;

export const AdminIdParams = z.object({ id });

export { REASON_MISSING } from './fields';

/** The body of an action the people it touches are told the reason for (delisting, cancelling, removing). */
export const AdminReason = z.object({ reason });
export type AdminReason = z.input<typeof AdminReason>;

/** The body of an action whose reason is kept in the audit log only, if given (disabling, enabling). */
export const AdminOptionalReason = z.object({ reason: reason.optional() });
export type AdminOptionalReason = z.input<typeof AdminOptionalReason>;

/** `GET /api/admin/audit`. */
export const AdminAuditQuery = z.object({
  ...adminPageParams,
  adminId: blankIsUnsent(id),
  objectType: blankIsUnsent(AdminObjectType),
  objectId: blankIsUnsent(z.string().trim().max(ADMIN_SEARCH_MAX)),
});
export type AdminAuditQuery = z.output<typeof AdminAuditQuery>;

const changedFields = z
  .record(z.string(), z.unknown())
  .nullable()
  .meta({ description: "The object's fields the action changed; null when it changed none." });

/** One row of the audit log. */
export const AdminAction = Identified.extend({
  by: AuditActor.meta({
    description:
      '`admin`: an admin took the action, `admin` says who. `accountHolder`: the holder of the account acted on (`objectType` `account`) changed it themselves, as `objectName` says who: `payout_details.change` only, its `before` and `after` masked (last four characters) as the database keeps them.',
  }),
  admin: AccountRef.nullable().meta({ description: "The admin who acted; null for an account holder's own change." }),
  action: AuditActionName,
  objectType: AdminObjectType,
  objectId: z.string(),
  objectName: z.string().nullable().meta({
    description:
      "What the object is called, as the console names it: an account's username, a car's name, a booking's number (WOW-01042), the username of a comment's or a review's author, the name a message was sent under, a payout run's or a payout's number (R-3, P-42); null once the object is gone.",
  }),
  reason: z.string().nullable(),
  before: changedFields,
  after: changedFields,
  at: isoInstant,
}).meta({ id: 'AdminAction' });
export type AdminAction = z.output<typeof AdminAction>;

export const AdminActionPage = pagedAnswer(AdminAction);
export type AdminActionPage = z.output<typeof AdminActionPage>;

const tally = z.int().min(0);

/** What the console's first page counts. */
export const AdminOverview = z
  .object({
    accounts: z.object({ user: tally, owner: tally, admin: tally, disabled: tally }).meta({
      description: 'Accounts by role, disabled ones included; `disabled` counts those of any role.',
    }),
    cars: z.object({ listed: tally, paused: tally, delisted: tally, archived: tally }).meta({
      description:
        "The fleet's and owners' cars, each counted once: archived, else delisted, else paused, else listed. A listed car of a disabled owner counts as listed.",
    }),
    bookingsThisWeek: z.object({ weekStart: isoInstant, byStatus: z.record(BookingStatus, tally) }).meta({
      description: 'Bookings made since Monday 00:00 India time, by their status now (a due request counts as expired).',
    }),
    contactMessagesAwaitingAnswer: tally,
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.output<typeof AdminOverview>;

/**
 * Where a car stands, each car in exactly one: archived (removed by its owner, kept for its bookings'
 * history), else delisted (by an admin), else paused (by its owner), else listed.
 */
export const AdminCarState = z.enum(['listed', 'paused', 'delisted', 'archived']);
export type AdminCarState = z.output<typeof AdminCarState>;

/** `GET /api/admin/cars`. */
export const AdminCarsQuery = z.object({
  ...adminPageParams,
  q: search("Part of the car's name or its owner's username, in any case."),
  kind: blankIsUnsent(CarKind),
  state: blankIsUnsent(AdminCarState),
  city: blankIsUnsent(city),
});
export type AdminCarsQuery = z.output<typeof AdminCarsQuery>;

/** A car as the console lists it: the fleet's and every owner's, newest first after the fleet. */
export const AdminCar = Identified.extend({
  kind: CarKind,
  carName: z.string(),
  /** Null for the fleet's cars, which the platform keeps. */
  owner: AccountRef.extend({ status: AccountStatus }).nullable(),
  city: z.string(),
  pickupArea: z.string(),
  price: z.int(),
  state: AdminCarState,
  /** Why an admin delisted it, as its owner reads it; null unless delisted. */
  delistedReason: z.string().nullable(),
  delistedAt: isoInstant.nullable(),
  createdAt: isoInstant,
}).meta({ id: 'AdminCar' });
export type AdminCar = z.output<typeof AdminCar>;

export const AdminCarPage = pagedAnswer(AdminCar);
export type AdminCarPage = z.output<typeof AdminCarPage>;

/** `GET /api/admin/bookings`. */
export const AdminBookingsQuery = z.object({
  ...adminPageParams,
  q: search("The booking's number, or part of the car's name or the renter's or owner's username, in any case."),
  status: blankIsUnsent(BookingStatus).meta({ description: 'The status as it stands now: a due request counts as expired.' }),
  payment: blankIsUnsent(PaymentStatus),
  kind: blankIsUnsent(CarKind),
});
export type AdminBookingsQuery = z.output<typeof AdminBookingsQuery>;

/** A booking as the console lists it: with who answers for the car and what an admin may do to it now. */
export const AdminBooking = Booking.extend({
  /** The car's owner; null for a fleet car, which admins answer for. */
  owner: AccountRef.nullable(),
  adminActions: z.array(BookingAction).meta({
    description:
      "The steps an admin may take now: accept and decline for a fleet car's open request, cancel for any request or accepted booking whose period has not ended.",
  }),
}).meta({ id: 'AdminBooking' });
export type AdminBooking = z.output<typeof AdminBooking>;

export const AdminBookingPage = pagedAnswer(AdminBooking);
export type AdminBookingPage = z.output<typeof AdminBookingPage>;

/** What the console's Comments and reviews section lists: blog comments, their replies, and cars' reviews. */
export const AdminContentKind = z.enum(['comment', 'reply', 'review']);
export type AdminContentKind = z.output<typeof AdminContentKind>;

/** `shown`; `deleted` by its author; `removed` by an admin. */
export const AdminContentState = z.enum(['shown', 'deleted', 'removed']);
export type AdminContentState = z.output<typeof AdminContentState>;

/** `GET /api/admin/comments`. */
export const AdminContentQuery = z.object({
  ...adminPageParams,
  q: search("Part of the text or the author's name, in any case."),
  kind: blankIsUnsent(AdminContentKind),
  state: blankIsUnsent(AdminContentState),
});
export type AdminContentQuery = z.output<typeof AdminContentQuery>;

/** A comment, a reply or a review, with what it was left on. */
export const AdminContent = Identified.extend({
  kind: AdminContentKind,
  author: z.string(),
  /** As readers see it: "[deleted]" or "[removed by an admin]" once gone; a review may have no text. */
  text: z.string().nullable(),
  /** A review's stars; null for comments and replies. */
  rating: z.int().min(1).max(5).nullable(),
  /** The post a comment or reply is under (a reply's is its parent's), or the car a review is of. */
  on: z.discriminatedUnion('type', [
    z.object({ type: z.literal('post'), title: z.string(), slug: z.string() }),
    z.object({ type: z.literal('car'), id: z.string(), kind: CarKind, carName: z.string() }),
    z.object({ type: z.literal('none') }),
  ]),
  state: AdminContentState,
  createdAt: isoInstant,
}).meta({ id: 'AdminContent' });
export type AdminContent = z.output<typeof AdminContent>;

export const AdminContentPage = pagedAnswer(AdminContent);
export type AdminContentPage = z.output<typeof AdminContentPage>;

export const ContactMessageStatus = z.enum(['awaiting', 'answered']);
export type ContactMessageStatus = z.output<typeof ContactMessageStatus>;

/** `GET /api/admin/messages`. */
export const AdminMessagesQuery = z.object({
  ...adminPageParams,
  q: search("Part of the sender's name, email or message, in any case."),
  status: blankIsUnsent(ContactMessageStatus),
});
export type AdminMessagesQuery = z.output<typeof AdminMessagesQuery>;

/** A message sent from the contact page. */
export const AdminContactMessage = Identified.extend({
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: isoInstant,
  /** When an admin marked it answered; null while it awaits an answer. */
  answeredAt: isoInstant.nullable(),
}).meta({ id: 'AdminContactMessage' });
export type AdminContactMessage = z.output<typeof AdminContactMessage>;

export const AdminContactMessagePage = pagedAnswer(AdminContactMessage);
export type AdminContactMessagePage = z.output<typeof AdminContactMessagePage>;

/** `GET /api/admin/newsletter`. */
export const AdminNewsletterQuery = z.object({
  ...adminPageParams,
  q: search('Part of the email, in any case.'),
});
export type AdminNewsletterQuery = z.output<typeof AdminNewsletterQuery>;

export const AdminNewsletterSignup = Identified.extend({ email: z.string(), createdAt: isoInstant }).meta({
  id: 'AdminNewsletterSignup',
});
export type AdminNewsletterSignup = z.output<typeof AdminNewsletterSignup>;

export const AdminNewsletterPage = pagedAnswer(AdminNewsletterSignup);
export type AdminNewsletterPage = z.output<typeof AdminNewsletterPage>;
