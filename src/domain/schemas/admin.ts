import { z } from 'zod';
import { ADMIN_REASON_MAX } from '../limits';
import { pagedAnswer, pageParamsOf } from './answers';
import { Role } from './accounts';
import { BookingStatus } from './bookings';
import { id, Identified, isoInstant } from './fields';

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
  'comment.remove',
  'review.remove',
  'message.answer',
] as const;
export const AdminActionName = z.enum(ADMIN_ACTIONS);
export type AdminActionName = z.output<typeof AdminActionName>;

/** What an admin action can be taken on. */
export const ADMIN_OBJECT_TYPES = ['account', 'car', 'booking', 'comment', 'review', 'contact_message'] as const;
export const AdminObjectType = z.enum(ADMIN_OBJECT_TYPES);
export type AdminObjectType = z.output<typeof AdminObjectType>;

/** A query parameter left blank (an empty search box, a filter set to "all") means not sent. */
const blankIsUnsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const adminPageParams = pageParamsOf(ADMIN_PAGE_SIZE);

export const AccountStatus = z.enum(['enabled', 'disabled']);
export type AccountStatus = z.output<typeof AccountStatus>;

/** `GET /api/admin/accounts`. */
export const AdminAccountsQuery = z.object({
  ...adminPageParams,
  q: blankIsUnsent(z.string().trim().max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters.`)).meta({
    description: 'Part of a username or email, in any case.',
  }),
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
}).meta({ id: 'AdminAccount' });
export type AdminAccount = z.output<typeof AdminAccount>;

export const AdminAccountPage = pagedAnswer(AdminAccount);
export type AdminAccountPage = z.output<typeof AdminAccountPage>;

export const AdminIdParams = z.object({ id });

export const REASON_REQUIRED = `Reason is required: say why, in 1 to ${ADMIN_REASON_MAX} characters.`;
const REASON_LENGTH = `Reason must be 1 to ${ADMIN_REASON_MAX} characters.`;
const reason = z
  .string({ error: (issue) => (issue.input === undefined ? REASON_REQUIRED : REASON_LENGTH) })
  .trim()
  .min(1, REASON_REQUIRED)
  .max(ADMIN_REASON_MAX, REASON_LENGTH);

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
  admin: z.object({ id: z.string(), username: z.string() }),
  action: AdminActionName,
  objectType: AdminObjectType,
  objectId: z.string(),
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
