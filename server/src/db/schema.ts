import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BODY_TYPES,
  type BodyType,
  CAR_DEFAULTS,
  CAR_YEAR_MIN,
  CITIES,
  type City,
  FUELS,
  type Fuel,
  DEPOSIT_CEILING_PAISE,
  KM_PER_DAY_LIMIT_MAX,
  PICKUP_AREA_MAX,
  SEATS_MAX,
  SEATS_MIN,
  TRANSMISSIONS,
  TRIP_PRICE_DEFAULTS,
  TRIP_UNIT_PRICE_MAX_PAISE,
  type Transmission,
} from '#domain/car-attributes';
import {
  ADMIN_REASON_MAX,
  BOOKING_MAX_HOURS,
  BOOKING_MESSAGE_MAX,
  CARNAME_MAX,
  COMMENT_MAX,
  DESCRIPTION_MAX,
  PRICE_MAX,
  PRICE_MIN,
  REVIEW_COMMENT_MAX,
  REVIEW_REPLY_MAX,
  USERNAME_MAX,
} from '#domain/limits';
import {
  ACCOUNT_ACTIONS,
  ADMIN_ACTIONS,
  ADMIN_OBJECT_TYPES,
  type AccountActionName,
  type AdminActionName,
  type AdminObjectType,
} from '#domain/schemas/admin';
import { LEGAL_NAME_MAX, ROUTE_ACCOUNT_STATES, type RouteAccountState } from '#domain/schemas/payout-details';
import { PAYOUT_STATUSES, PAYOUT_WAYS, type PayoutStatus, type PayoutWay } from '#domain/schemas/payouts';
import type { ConversationSide } from '#domain/schemas/conversations';
import { LICENCE_STATUSES, type LicenceStatus } from '#domain/schemas/licences';
import type { BookingStatus, CarKind, PaymentProvider, PaymentStatus, Role, TaxLine } from '#domain/contract';
import { type BookingActor, TRIP_KINDS, type TripKind } from '#domain/booking-states';
import { TRIP_PHOTO_SLOTS, type TripPhotoSlot, type TripSide } from '#domain/schemas/trips';

/** queued until delivered (sent) or given up on after the last attempt (failed). */
export type MailStatus = 'queued' | 'sent' | 'failed';

/**
 * A limit of the contract (src/domain/limits) written into a CHECK as a literal: the database refuses
 * exactly what the schemas refuse, and a changed limit changes the schema, so the migration test asks
 * for a new migration instead of the database answering a value the API accepted with a 500.
 */
const limit = (value: number) => sql.raw(String(value));

/** A list of the contract's allowed values written into a CHECK as literals, as `limit` does for numbers. */
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));

/**
 * The tables, their checks and their indexes: the source `drizzle-kit generate` writes the
 * migrations in ./migrations from (`npm run db:generate`). The bookings' exclusion constraint is
 * the one thing Drizzle cannot declare; it lives in a custom migration.
 *
 * Constraints carry the names PostgreSQL gave them when the first schema was hand-written SQL
 * (`<table>_<column>_check`, `<table>_<column>_key`, `<table>_<column>_fkey`), so databases made then
 * and databases made from these migrations are the same, and a later migration can name either.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Stored in lower case, so the unique index compares emails in lower case. */
    email: text('email').notNull().unique('accounts_email_key'),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    phoneNumber: text('phone_number'),
    /** When the account proved it receives texts at `phoneNumber` (accounts/phone.ts); a changed number clears it. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    country: text('country'),
    disabled: boolean('disabled').notNull().default(false),
    /** When the renter last opened their bookings: a booking whose status changed since counts in their notification badge. */
    bookingsSeenAt: timestamp('bookings_seen_at', { withTimezone: true, mode: 'date' }),
    /** When the account last signed in: the admin console shows it beside the account. Null until the first sign-in. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /** When the owner was last mailed that someone is guessing the password: at most once a day. */
    signInWarningSentAt: timestamp('sign_in_warning_sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('accounts_username_check', sql`length(${table.username}) BETWEEN 1 AND ${limit(USERNAME_MAX)}`),
    check('accounts_email_check', sql`${table.email} = lower(${table.email})`),
    check('accounts_role_check', sql`${table.role} IN ('user', 'owner', 'admin')`),
    uniqueIndex('accounts_username_lower_idx').on(sql`lower(${table.username})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'sessions_account_id_fkey', columns: [table.accountId], foreignColumns: [accounts.id] }).onDelete(
      'cascade',
    ),
    index('sessions_account_idx').on(table.accountId),
  ],
);

/** One row per failed sign-in, kept for the rate-limit window so every API instance counts the same failures. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `login:<the login as typed, trimmed and in lower case>`, whether or not it names an account. */
    subject: text('subject').notNull(),
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('sign_in_failures_subject_idx').on(table.subject, table.failedAt),
    index('sign_in_failures_address_idx').on(table.address, table.failedAt),
  ],
);

/**
 * One row per registration attempt that reached the password hash, kept for the hour the
 * per-address limit looks back, so every API instance counts the same attempts. `address` is the
 * client's address, an IPv6 one as its /64.
 */
export const registrationAttempts = pgTable(
  'registration_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    address: text('address').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('registration_attempts_address_idx').on(table.address, table.attemptedAt)],
);

/** The platform's fleet (seeded from the catalogue) and every owner's listed cars, in one table so bookings refer to either. */
export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<CarKind>().notNull(),
    ownerId: uuid('owner_id'),
    /** The catalogue's id for fleet cars, so seeding finds them again. */
    catalogueId: text('catalogue_id').unique('cars_catalogue_id_key'),
    carName: text('car_name').notNull(),
    imgUrl: text('img_url').notNull(),
    price: integer('price').notNull(),
    description: text('description').notNull(),
    brand: text('brand'),
    model: text('model'),
    speed: text('speed'),
    gps: text('gps'),
    seatType: text('seat_type'),
    automatic: text('automatic'),
    city: text('city').$type<City>().notNull().default(CAR_DEFAULTS.city),
    pickupArea: text('pickup_area').notNull().default(CAR_DEFAULTS.pickupArea),
    ac: boolean('ac').notNull().default(CAR_DEFAULTS.ac),
    bodyType: text('body_type').$type<BodyType>().notNull().default(CAR_DEFAULTS.bodyType),
    seats: integer('seats').notNull().default(CAR_DEFAULTS.seats),
    transmission: text('transmission').$type<Transmission>().notNull().default(CAR_DEFAULTS.transmission),
    fuel: text('fuel').$type<Fuel>().notNull().default(CAR_DEFAULTS.fuel),
    /** The model year; null when the owner did not say. Its upper bound moves with the calendar, so only the API checks it. */
    year: integer('year'),
    /** Kilometres a day included in the price; null for no limit. */
    kmPerDayLimit: integer('km_per_day_limit'),
    // Trip prices in paise. A car inserted without them is taken as the default body type's; the
    // app fills in its own body type's (TRIP_PRICE_DEFAULTS) when adding one.
    /** The refundable security deposit, paid at handover and never part of the rental. */
    depositPaise: integer('deposit_paise').notNull().default(TRIP_PRICE_DEFAULTS[CAR_DEFAULTS.bodyType].depositPaise),
    /** Per km beyond the daily limit; set whenever a limit is. */
    extraKmPrice: integer('extra_km_price'),
    /** Per eighth of a tank returned below the handover level (cars burning fuel). */
    fuelEighthPrice: integer('fuel_eighth_price').notNull().default(TRIP_PRICE_DEFAULTS[CAR_DEFAULTS.bodyType].fuelEighthPrice),
    /** Per tenth of the battery returned below the handover level (electric cars). */
    batteryTenthPrice: integer('battery_tenth_price')
      .notNull()
      .default(TRIP_PRICE_DEFAULTS[CAR_DEFAULTS.bodyType].batteryTenthPrice),
    /** The owner lets renters ask without paying and pay at pickup, even where the server takes payments. */
    payAtPickup: boolean('pay_at_pickup').notNull().default(false),
    /** A paid request is accepted as soon as the money is held; only with online payment, so never with pay at pickup. */
    instantBooking: boolean('instant_booking').notNull().default(false),
    delisted: boolean('delisted').notNull().default(false),
    /** What the admin who delisted the car gave as the reason, shown to its owner; null while listed. */
    delistedReason: text('delisted_reason'),
    delistedAt: timestamp('delisted_at', { withTimezone: true, mode: 'date' }),
    /** When its owner paused it: hidden from the public list and not bookable until resumed; null when listed. */
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    /**
     * When its owner deleted a car that has bookings: gone from every list, but kept so its bookings'
     * receipts still show it. Null for a car in use.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({ name: 'cars_owner_id_fkey', columns: [table.ownerId], foreignColumns: [accounts.id] }),
    check('cars_kind_check', sql`${table.kind} IN ('fleet', 'listed')`),
    check('cars_car_name_check', sql`length(${table.carName}) BETWEEN 1 AND ${limit(CARNAME_MAX)}`),
    check('cars_price_check', sql`${table.price} BETWEEN ${limit(PRICE_MIN)} AND ${limit(PRICE_MAX)}`),
    check('cars_description_check', sql`length(${table.description}) <= ${limit(DESCRIPTION_MAX)}`),
    /** The fleet has no owner; every listed car has one. */
    check(
      'cars_check',
      sql`(${table.kind} = 'fleet' AND ${table.ownerId} IS NULL) OR (${table.kind} = 'listed' AND ${table.ownerId} IS NOT NULL)`,
    ),
    check('cars_city_check', sql`${table.city} IN (${oneOf(CITIES)})`),
    check('cars_pickup_area_check', sql`length(${table.pickupArea}) <= ${limit(PICKUP_AREA_MAX)}`),
    check('cars_body_type_check', sql`${table.bodyType} IN (${oneOf(BODY_TYPES)})`),
    check('cars_seats_check', sql`${table.seats} BETWEEN ${limit(SEATS_MIN)} AND ${limit(SEATS_MAX)}`),
    check('cars_transmission_check', sql`${table.transmission} IN (${oneOf(TRANSMISSIONS)})`),
    check('cars_fuel_check', sql`${table.fuel} IN (${oneOf(FUELS)})`),
    check('cars_year_check', sql`${table.year} >= ${limit(CAR_YEAR_MIN)}`),
    check('cars_instant_booking_check', sql`NOT (${table.instantBooking} AND ${table.payAtPickup})`),
    check('cars_km_per_day_limit_check', sql`${table.kmPerDayLimit} BETWEEN 1 AND ${limit(KM_PER_DAY_LIMIT_MAX)}`),
    check('cars_deposit_paise_check', sql`${table.depositPaise} BETWEEN 0 AND ${limit(DEPOSIT_CEILING_PAISE)}`),
    check('cars_extra_km_price_check', sql`${table.extraKmPrice} BETWEEN 0 AND ${limit(TRIP_UNIT_PRICE_MAX_PAISE)}`),
    check('cars_fuel_eighth_price_check', sql`${table.fuelEighthPrice} BETWEEN 0 AND ${limit(TRIP_UNIT_PRICE_MAX_PAISE)}`),
    check('cars_battery_tenth_price_check', sql`${table.batteryTenthPrice} BETWEEN 0 AND ${limit(TRIP_UNIT_PRICE_MAX_PAISE)}`),
    /** Kilometres beyond a limit are charged, so a car with a limit says at what price. */
    check('cars_extra_km_price_needed_check', sql`${table.kmPerDayLimit} IS NULL OR ${table.extraKmPrice} IS NOT NULL`),
    // The owner's cars, newest first, the id breaking ties: read in order off the index.
    index('cars_owner_idx').on(table.ownerId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The public list's filters, with the price each is usually bounded or sorted by.
    index('cars_city_idx').on(table.city, table.price),
    index('cars_body_type_idx').on(table.bodyType, table.price),
    index('cars_name_lower_idx').on(sql`lower(${table.carName})`),
    index('cars_price_idx').on(table.price),
    // The public list's default order (see public-cars), over the cars it may show: a page is read
    // off the index instead of sorting every car.
    index('cars_public_order_idx')
      .on(table.kind, table.catalogueId, table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`not ${table.delisted} and ${table.pausedAt} is null and ${table.archivedAt} is null`),
  ],
);

const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id').notNull(),
    renterId: uuid('renter_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** `[starts_at, ends_at)`: the exclusion constraint refuses two accepted bookings of one car whose periods overlap. */
    period: tstzrange('period').generatedAlwaysAs(sql`tstzrange(starts_at, ends_at, '[)')`),
    hours: integer('hours').notNull(),
    driver: boolean('driver').notNull(),
    /** Short and in order, for people: shown as the booking number (see #domain/booking-number). */
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity().unique('bookings_number_key'),
    /** The car's price per hour when the request was made: the rate the total was computed at. */
    pricePerHour: integer('price_per_hour').notNull(),
    total: integer('total').notNull(),
    /** GST on the total, in paise; its lines as the receipt prints them. */
    taxPaise: integer('tax_paise').notNull().default(0),
    taxLines: jsonb('tax_lines').$type<TaxLine[]>().notNull().default([]),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('requested'),
    /** When a request still unanswered expires: its start, or sooner when money is held for it (see expiresAt in booking-states). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('none'),
    /** Who holds the money; null when none was held. */
    paymentProvider: text('payment_provider').$type<PaymentProvider>(),
    /** The provider's reference for the money held (a Stripe PaymentIntent's or a Razorpay payment's id); null when none was. */
    paymentRef: text('payment_ref'),
    /** How the renter paid, as the provider says (upi, card, netbanking, ...). */
    paymentMethod: text('payment_method'),
    /** The tax invoice's number, given in the transaction that captures the payment. */
    invoiceNumber: text('invoice_number').unique('bookings_invoice_number_key'),
    /** Why the booking was declined, when the server declined it for the renter to read; null otherwise. */
    declineReason: text('decline_reason'),
    /** Why an admin cancelled the booking, for its renter and owner to read; null otherwise. */
    cancelReason: text('cancel_reason'),
    /**
     * Who took the step a booking in a pending status (`accepting`) is waiting on: the provider is
     * called after that step commits, and whoever stores the outcome (the step itself, or the sweep
     * after a crash) audits it as theirs. Null when no step is pending.
     */
    pendingBy: uuid('pending_by'),
    /** The reason an admin gave for the pending step, for its audit row. */
    pendingReason: text('pending_reason'),
    /**
     * The platform's share and the tax withheld from the owner's, in basis points, as they stood when
     * the booking's money was taken (or, paid at pickup, when it was accepted): a later change of
     * the rates never re-splits it. Null while nothing was posted to the ledger for it.
     */
    commissionBps: integer('commission_bps'),
    tdsBps: integer('tds_bps'),
    /**
     * When the booking completes, if accepted by then: its end plus the claim window in force when it was
     * requested (see COMPLETION in booking-states). Null only for rows written outside a request.
     */
    completesAt: timestamp('completes_at', { withTimezone: true, mode: 'date' }),
    /** When the owner's share became theirs to be paid (the process's release, at or after completion); null until then. */
    earningsReleasedAt: timestamp('earnings_released_at', { withTimezone: true, mode: 'date' }),
    /** The GST credit note's number, given in the transaction that records the refund of a taxed, invoiced booking. */
    creditNoteNumber: text('credit_note_number').unique('bookings_credit_note_number_key'),
    /**
     * The cancellation policy (#domain/cancellation) in force when the booking was requested, so a later
     * change never applies to it; null for a booking requested before there was one, promised a full refund.
     */
    freeCancelHours: integer('free_cancel_hours'),
    lateCancelRefundBps: integer('late_cancel_refund_bps'),
    /** Who cancelled the booking (`renter`, `carKeeper` or `admin`), so an owner's cancellations can be counted; null while it stands. */
    cancelledBy: text('cancelled_by').$type<Exclude<BookingActor, 'system'>>(),
    /**
     * What a cancellation gives back of money taken, fixed by the cancel step under the policy: of the
     * pre-tax price and of its tax, in paise. Null where nothing taken was given back by a policy (the whole is).
     */
    refundBasePaise: bigint('refund_base_paise', { mode: 'number' }),
    refundTaxPaise: integer('refund_tax_paise'),
    /** When the day-before reminder was queued, so each accepted booking is reminded of once, by whichever instance gets there first. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({ name: 'bookings_car_id_fkey', columns: [table.carId], foreignColumns: [cars.id] }),
    foreignKey({ name: 'bookings_renter_id_fkey', columns: [table.renterId], foreignColumns: [accounts.id] }),
    check('bookings_hours_check', sql`${table.hours} BETWEEN 1 AND ${limit(BOOKING_MAX_HOURS)}`),
    check('bookings_price_per_hour_check', sql`${table.pricePerHour} BETWEEN ${limit(PRICE_MIN)} AND ${limit(PRICE_MAX)}`),
    check('bookings_total_check', sql`${table.total} >= 0`),
    // PostgreSQL named the checks over two columns after the table alone, in the order the first schema listed them.
    check('bookings_check', sql`${table.amountPaise} = ${table.total}::bigint * 100 + ${table.taxPaise}`),
    check('bookings_tax_paise_check', sql`${table.taxPaise} >= 0`),
    check('bookings_cancel_reason_check', sql`length(${table.cancelReason}) BETWEEN 1 AND ${limit(ADMIN_REASON_MAX)}`),
    check(
      'bookings_payment_provider_check',
      sql`${table.paymentProvider} IS NULL OR ${table.paymentProvider} IN ('stripe', 'razorpay')`,
    ),
    check(
      'bookings_status_check',
      sql`${table.status} IN ('requested', 'accepting', 'accepted', 'completed', 'declined', 'cancelled', 'expired', 'no_show_renter', 'no_show_owner', 'in_trip', 'returned')`,
    ),
    check('bookings_check1', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'bookings_payment_status_check',
      sql`${table.paymentStatus} IN ('none', 'held', 'captured', 'released', 'refunded', 'failed')`,
    ),
    // A renter's bookings newest first, the id breaking ties, as GET /api/bookings pages them.
    index('bookings_renter_idx').on(table.renterId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('bookings_car_idx').on(table.carId, table.createdAt.desc().nullsFirst()),
    check('bookings_commission_bps_check', sql`${table.commissionBps} BETWEEN 0 AND 10000`),
    check('bookings_tds_bps_check', sql`${table.tdsBps} BETWEEN 0 AND 10000`),
    check('bookings_free_cancel_hours_check', sql`${table.freeCancelHours} >= 0`),
    check('bookings_late_cancel_refund_bps_check', sql`${table.lateCancelRefundBps} BETWEEN 0 AND 10000`),
    check('bookings_cancelled_by_check', sql`${table.cancelledBy} IN ('renter', 'carKeeper', 'admin')`),
    // A refund never gives back more than was paid, of the price or of its tax.
    check(
      'bookings_refund_check',
      sql`${table.refundBasePaise} BETWEEN 0 AND ${table.total}::bigint * 100 AND ${table.refundTaxPaise} BETWEEN 0 AND ${table.taxPaise}`,
    ),
    // The sweep asks each minute for the accepted bookings due to complete, and for the completed ones
    // whose owners' shares are still pending (none while PAYOUT_HOLD_HOURS is 0: completion releases them).
    index('bookings_completion_due_idx').on(table.completesAt).where(sql`${table.status} IN ('accepted', 'returned')`),
    index('bookings_earnings_due_idx')
      .on(table.completesAt)
      .where(sql`${table.status} = 'completed' and ${table.paymentStatus} = 'captured' and ${table.earningsReleasedAt} is null`),
    // Every instance's reminder round asks for this each minute; only the few trips not yet reminded of are in it.
    index('bookings_reminder_due_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'accepted' and ${table.reminderSentAt} is null`),
  ],
);

/** Every status a booking has had, with when: the receipt's history. Written in the transaction that changes the status. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id').notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'booking_events_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }).onDelete(
      'cascade',
    ),
    index('booking_events_booking_idx').on(table.bookingId, table.at),
  ],
);

/**
 * The conversation of a booking between its renter and whoever answers for its car. The text is kept
 * as sent: contact details in it are masked when the parties read it until the booking is accepted,
 * and admins reading a reported conversation see what was really sent.
 */
export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    /** Which side sent it: for a fleet car any admin writes as the car's side. */
    side: text('side').$type<ConversationSide>().notNull(),
    senderId: uuid('sender_id').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the other side first read it; null while unread (the badge and the mails count these). */
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
    /** When a party first reported it to the admins; null when nobody has. */
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }),
    reportedBy: uuid('reported_by'),
    /** When an admin closed its report, having dealt with it (the reason is in the audit log); null while it waits in the console. */
    reportClosedAt: timestamp('report_closed_at', { withTimezone: true, mode: 'date' }),
    reportClosedBy: uuid('report_closed_by'),
  },
  (table) => [
    foreignKey({ name: 'booking_messages_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'booking_messages_sender_id_fkey', columns: [table.senderId], foreignColumns: [accounts.id] }),
    foreignKey({ name: 'booking_messages_reported_by_fkey', columns: [table.reportedBy], foreignColumns: [accounts.id] }),
    foreignKey({
      name: 'booking_messages_report_closed_by_fkey',
      columns: [table.reportClosedBy],
      foreignColumns: [accounts.id],
    }),
    check('booking_messages_report_closed_check', sql`${table.reportClosedAt} IS NULL OR ${table.reportedAt} IS NOT NULL`),
    check('booking_messages_side_check', sql`${table.side} IN ('renter', 'carKeeper')`),
    check('booking_messages_body_check', sql`length(${table.body}) BETWEEN 1 AND ${limit(BOOKING_MESSAGE_MAX)}`),
    // A conversation oldest first, the id breaking ties.
    index('booking_messages_booking_idx').on(table.bookingId, table.sentAt, table.id),
    // The sender's rate limit counts their recent messages.
    index('booking_messages_sender_idx').on(table.senderId, table.sentAt),
    // The console's list of reports still open, and the mail round's unread messages: each few of all.
    index('booking_messages_reported_idx')
      .on(table.reportedAt)
      .where(sql`${table.reportedAt} is not null and ${table.reportClosedAt} is null`),
    index('booking_messages_unseen_idx').on(table.bookingId).where(sql`${table.seenAt} is null`),
  ],
);

/**
 * When a side of a booking was last mailed about messages waiting for it: at most one mail a
 * quarter of an hour per side while messages stay unread.
 */
export const bookingMessageMails = pgTable(
  'booking_message_mails',
  {
    bookingId: uuid('booking_id').notNull(),
    side: text('side').$type<ConversationSide>().notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'booking_message_mails_pkey', columns: [table.bookingId, table.side] }),
    foreignKey({
      name: 'booking_message_mails_booking_id_fkey',
      columns: [table.bookingId],
      foreignColumns: [bookings.id],
    }).onDelete('cascade'),
    check('booking_message_mails_side_check', sql`${table.side} IN ('renter', 'carKeeper')`),
  ],
);

/** A car's uploaded photos, in the order its owner chose: the first is the cover. */
export const carPhotos = pgTable(
  'car_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id').notNull(),
    position: integer('position').notNull(),
    /** The random name its files are stored under (see #domain/photo-urls). */
    fileKey: text('file_key').notNull().unique('car_photos_file_key_key'),
    /** Of the largest version stored. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'car_photos_car_id_fkey', columns: [table.carId], foreignColumns: [cars.id] }).onDelete('cascade'),
    index('car_photos_car_idx').on(table.carId, table.position),
  ],
);

/**
 * One row per photo upload an owner (or an admin) started, stored or not, kept for the hour the
 * per-account limit looks back: each costs the server seconds of image work, a refused one too.
 */
export const photoUploads = pgTable(
  'photo_uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'photo_uploads_account_id_fkey', columns: [table.accountId], foreignColumns: [accounts.id] }).onDelete(
      'cascade',
    ),
    index('photo_uploads_account_idx').on(table.accountId, table.uploadedAt),
  ],
);

/** A renter's rating of a car after an accepted booking's period ended: one per booking, with the owner's one reply. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().unique('reviews_booking_id_key'),
    carId: uuid('car_id').notNull(),
    renterId: uuid('renter_id').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    /** When an admin removed the review: its text and reply are gone and its rating no longer counts. */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /**
     * From when anyone but its writer sees the review: the trip's deadline for both reviews, brought
     * forward to when the other side reviews too, so neither reads the other's before writing.
     */
    visibleFrom: timestamp('visible_from', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'reviews_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }),
    foreignKey({ name: 'reviews_car_id_fkey', columns: [table.carId], foreignColumns: [cars.id] }),
    foreignKey({ name: 'reviews_renter_id_fkey', columns: [table.renterId], foreignColumns: [accounts.id] }),
    check('reviews_rating_check', sql`${table.rating} BETWEEN 1 AND 5`),
    check('reviews_comment_check', sql`length(${table.comment}) BETWEEN 1 AND ${limit(REVIEW_COMMENT_MAX)}`),
    check('reviews_reply_check', sql`length(${table.reply}) BETWEEN 1 AND ${limit(REVIEW_REPLY_MAX)}`),
    index('reviews_car_idx').on(table.carId, table.createdAt.desc().nullsFirst()),
    // The next review to show, when kept car answers go stale by the clock alone.
    index('reviews_visible_from_idx').on(table.visibleFrom),
  ],
);

/**
 * The car keeper's rating of the renter after a completed trip: one per booking, shown as the
 * renter's reviews are, once both sides have written or the trip's deadline has passed.
 */
export const renterReviews = pgTable(
  'renter_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().unique('renter_reviews_booking_id_key'),
    renterId: uuid('renter_id').notNull(),
    /** The owner, or the admin who rated the renter of a fleet car. */
    authorId: uuid('author_id').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    visibleFrom: timestamp('visible_from', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'renter_reviews_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }),
    foreignKey({ name: 'renter_reviews_renter_id_fkey', columns: [table.renterId], foreignColumns: [accounts.id] }),
    foreignKey({ name: 'renter_reviews_author_id_fkey', columns: [table.authorId], foreignColumns: [accounts.id] }),
    check('renter_reviews_rating_check', sql`${table.rating} BETWEEN 1 AND 5`),
    check('renter_reviews_comment_check', sql`length(${table.comment}) BETWEEN 1 AND ${limit(REVIEW_COMMENT_MAX)}`),
    index('renter_reviews_renter_idx').on(table.renterId, table.visibleFrom),
  ],
);

export const blogPosts = pgTable('blog_posts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The sample data's id, so seeding finds a post again even if its title changes. */
  catalogueId: text('catalogue_id').notNull().unique('blog_posts_catalogue_id_key'),
  slug: text('slug').notNull().unique('blog_posts_slug_key'),
  title: text('title').notNull(),
  author: text('author').notNull(),
  /** Display text as the sample data writes it ("12 Dec, 2022"), not an instant. */
  date: text('date').notNull(),
  time: text('time').notNull(),
  imgUrl: text('img_url').notNull(),
  description: text('description').notNull(),
  quote: text('quote').notNull(),
  /** The post's place in the sample data, so lists keep the app's order. */
  position: integer('position').notNull(),
});

/** Comments and their replies: a reply has a parent and no post of its own. */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id'),
    parentId: uuid('parent_id'),
    accountId: uuid('account_id'),
    author: text('author').notNull(),
    content: text('content').notNull(),
    /** When its author deleted it (or an admin removed it): its text is no longer shown, its replies stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** When an admin removed it (deleted_at is set too): it reads "[removed by an admin]" rather than "[deleted]". */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'comments_post_id_fkey', columns: [table.postId], foreignColumns: [blogPosts.id] }),
    foreignKey({ name: 'comments_parent_id_fkey', columns: [table.parentId], foreignColumns: [table.id] }).onDelete('cascade'),
    foreignKey({ name: 'comments_account_id_fkey', columns: [table.accountId], foreignColumns: [accounts.id] }),
    check('comments_author_check', sql`length(${table.author}) BETWEEN 1 AND ${limit(USERNAME_MAX)}`),
    check('comments_content_check', sql`length(${table.content}) BETWEEN 1 AND ${limit(COMMENT_MAX)}`),
    check('comments_check', sql`${table.parentId} IS NULL OR ${table.postId} IS NULL`),
    // A post's comments newest first and a comment's replies oldest first, the id breaking ties in both.
    index('comments_post_idx').on(table.postId, table.createdAt, table.id),
    index('comments_parent_idx').on(table.parentId, table.createdAt, table.id),
    // The per-account quota counts an account's recent comments.
    index('comments_account_idx').on(table.accountId, table.createdAt),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    address: text('address').notNull(),
    /** When an admin marked the message answered; null while it awaits an answer. */
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_address_idx').on(table.address, table.createdAt)],
);

export const newsletterSignups = pgTable('newsletter_signups', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique('newsletter_signups_email_key'),
  createdAt: createdAt(),
});

/**
 * A Razorpay order made for a booking about to be asked for: what the renter chose and the amount the
 * server priced it at, so the checkout's answer (or the webhook, if the browser closed first) can be
 * matched to it, and one order makes at most one booking.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    orderId: text('order_id').primaryKey(),
    renterId: uuid('renter_id').notNull(),
    carId: uuid('car_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    driver: boolean('driver').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    bookingId: uuid('booking_id').unique('payment_orders_booking_id_key'),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'payment_orders_renter_id_fkey', columns: [table.renterId], foreignColumns: [accounts.id] }),
    // An order for a car its owner deleted can no longer become a booking.
    foreignKey({ name: 'payment_orders_car_id_fkey', columns: [table.carId], foreignColumns: [cars.id] }).onDelete('cascade'),
    foreignKey({ name: 'payment_orders_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }),
  ],
);

/** The numbered GST documents: tax invoices, and the credit notes that refunds issue. */
export type TaxDocumentSeries = 'invoice' | 'credit_note';

/** The last number given in each series of GST documents in each financial year (the year it began: 2026 for 2026-27). */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    series: text('series').$type<TaxDocumentSeries>().notNull().default('invoice'),
    financialYear: integer('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [
    primaryKey({ name: 'invoice_sequences_pkey', columns: [table.series, table.financialYear] }),
    check('invoice_sequences_series_check', sql`${table.series} IN ('invoice', 'credit_note')`),
  ],
);

/**
 * Mail waiting to go out, and what became of it: written in the transaction of the change it tells
 * of, so a rolled-back change sends nothing and a committed one is never forgotten, even across a
 * restart; a worker delivers it (see server/src/mail).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('mail_outbox_status_check', sql`${table.status} IN ('queued', 'sent', 'failed')`),
    check('mail_outbox_attempts_check', sql`${table.attempts} >= 0`),
    // The worker's question: what is due now.
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
  ],
);

/**
 * A code texted to prove a phone number: kept by a salted SHA-256 (the code itself is only in the
 * text), for the number it was sent to. Rows are also the send limit's count, per account and per number.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    /** E.164, as +91 and ten digits. */
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'phone_codes_account_id_fkey', columns: [table.accountId], foreignColumns: [accounts.id] }).onDelete(
      'cascade',
    ),
    check('phone_codes_attempts_check', sql`${table.attempts} >= 0`),
    index('phone_codes_account_idx').on(table.accountId, table.createdAt),
    index('phone_codes_number_idx').on(table.phoneNumber, table.createdAt),
  ],
);

/**
 * A renter's driving licence, one per account: a new one replaces the one before. Its photos are
 * kept apart from the public car photos (DATA_DIR/licences), named by their keys here.
 */
export const licences = pgTable(
  'licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    /** Upper case, without spaces and hyphens. */
    number: text('number').notNull(),
    /** "YYYY-MM-DD" both. */
    dateOfBirth: text('date_of_birth').notNull(),
    expiresOn: text('expires_on').notNull(),
    /** Not of today's form (state, RTO, year, serial): an admin looks twice. */
    olderFormat: boolean('older_format').notNull(),
    status: text('status').$type<LicenceStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    frontKey: text('front_key').notNull(),
    backKey: text('back_key').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: uuid('reviewed_by'),
    /** Approved by the server itself when submitted (demo mode), with no admin's review. */
    approvedAtOnce: boolean('approved_at_once').notNull().default(false),
  },
  (table) => [
    foreignKey({ name: 'licences_account_id_fkey', columns: [table.accountId], foreignColumns: [accounts.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'licences_reviewed_by_fkey', columns: [table.reviewedBy], foreignColumns: [accounts.id] }).onDelete(
      'set null',
    ),
    uniqueIndex('licences_account_idx').on(table.accountId),
    check('licences_status_check', sql`${table.status} IN (${oneOf(LICENCE_STATUSES)})`),
    check('licences_reason_check', sql`(${table.status} = 'rejected') = (${table.rejectionReason} IS NOT NULL)`),
    index('licences_queue_idx').on(table.status, table.submittedAt),
  ],
);

export type LicenceRow = typeof licences.$inferSelect;

/**
 * The car's state recorded at a trip's handover and at its return, one record of each per booking:
 * filled in by one side, confirmed (or corrected, kept beside what was sent) by the other, whose
 * confirmation takes the trip's step. Fuel is in eighths, or an electric car's battery in percent.
 */
export const tripRecords = pgTable(
  'trip_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    kind: text('kind').$type<TripKind>().notNull(),
    enteredBy: uuid('entered_by').notNull(),
    enteredSide: text('entered_side').$type<TripSide>().notNull(),
    odometerKm: integer('odometer_km').notNull(),
    fuelEighths: integer('fuel_eighths'),
    batteryPercent: integer('battery_percent'),
    confirmedBy: uuid('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    correctedOdometerKm: integer('corrected_odometer_km'),
    correctedFuelEighths: integer('corrected_fuel_eighths'),
    correctedBatteryPercent: integer('corrected_battery_percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({ name: 'trip_records_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'trip_records_entered_by_fkey', columns: [table.enteredBy], foreignColumns: [accounts.id] }),
    foreignKey({ name: 'trip_records_confirmed_by_fkey', columns: [table.confirmedBy], foreignColumns: [accounts.id] }),
    // One record of each kind per booking: two phones confirming at once still leave one.
    uniqueIndex('trip_records_booking_kind_idx').on(table.bookingId, table.kind),
    check('trip_records_kind_check', sql`${table.kind} IN (${oneOf(TRIP_KINDS)})`),
    check('trip_records_entered_side_check', sql`${table.enteredSide} IN ('renter', 'carKeeper')`),
    check('trip_records_odometer_check', sql`${table.odometerKm} >= 0 AND ${table.correctedOdometerKm} >= 0`),
    check(
      'trip_records_fuel_check',
      sql`num_nonnulls(${table.fuelEighths}, ${table.batteryPercent}) = 1 AND ${table.fuelEighths} BETWEEN 0 AND 8 AND ${table.batteryPercent} BETWEEN 0 AND 100 AND ${table.correctedFuelEighths} BETWEEN 0 AND 8 AND ${table.correctedBatteryPercent} BETWEEN 0 AND 100`,
    ),
  ],
);

export type TripRecordRow = typeof tripRecords.$inferSelect;

/** A trip record's photos, each with when it was uploaded; kept private (DATA_DIR/trip-photos), named by their keys. */
export const tripPhotos = pgTable(
  'trip_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id').notNull(),
    slot: text('slot').$type<TripPhotoSlot>().notNull(),
    key: text('key').notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'trip_photos_record_id_fkey', columns: [table.recordId], foreignColumns: [tripRecords.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'trip_photos_uploaded_by_fkey', columns: [table.uploadedBy], foreignColumns: [accounts.id] }),
    index('trip_photos_record_idx').on(table.recordId, table.uploadedAt),
    check('trip_photos_slot_check', sql`${table.slot} IN (${oneOf(TRIP_PHOTO_SLOTS)})`),
  ],
);

export type TripPhotoRow = typeof tripPhotos.$inferSelect;

/** Texts waiting for the SMS worker (plugins/sms.ts), sent and retried as mail_outbox's mails are. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toNumber: text('to_number').notNull(),
    /**
     * The DLT template the text was registered as (operators drop a text whose words differ from
     * it); null where no SMS provider is set, as the outbox folder needs none.
     */
    templateId: text('template_id'),
    body: text('body').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('sms_outbox_status_check', sql`${table.status} IN ('queued', 'sent', 'failed')`),
    check('sms_outbox_attempts_check', sql`${table.attempts} >= 0`),
    index('sms_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
  ],
);

/** A password reset link's token, by its SHA-256 (the token itself is only ever in the mail): valid once, until it expires. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({
      name: 'password_reset_tokens_account_id_fkey',
      columns: [table.accountId],
      foreignColumns: [accounts.id],
    }).onDelete('cascade'),
    index('password_reset_tokens_account_idx').on(table.accountId, table.createdAt),
  ],
);

/**
 * One row per password reset asked for, for an account or not, kept for the rate limit's window:
 * counted per client address and per email, so every instance counts the same and an unknown email
 * is limited exactly like a known one (which would otherwise tell them apart).
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** As typed, trimmed and in lower case. */
    email: text('email').notNull(),
    address: text('address').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * When a background round made its link and queued its mail (for an account), after the request
     * was answered: the answer never waits on that work, so it takes as long for any email.
     */
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('password_reset_requests_email_idx').on(table.email, table.requestedAt),
    index('password_reset_requests_address_idx').on(table.address, table.requestedAt),
    index('password_reset_requests_pending_idx').on(table.id).where(sql`${table.handledAt} is null`),
  ],
);

/**
 * The Idempotency-Key of a write and the answer it got, for 24 hours: a retry with the same key
 * gets that answer again instead of doing the write twice. Keyed per account (or per client
 * address, signed out), so two accounts' keys never meet. `status` is null while the first request
 * runs: the row is claimed before the work, which is how one of two requests sent at once wins.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `account:<id>` or `address:<client address key>`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** The method, the path and a hash of the body: a key sent again with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    /** The answer's headers worth sending again (its content type, a Location), never a cookie. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    /** The account the answer signed in (a registration): a replay signs it in with a new session. */
    signedInAccountId: uuid('signed_in_account_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [table.scope, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * Every admin action, as it happened: written in the action's own transaction (recordAdminAction),
 * so an action that rolls back leaves no row and one that commits always has its row. A trigger of
 * migration 0012 refuses to update or delete a row, so not even a bug of ours can rewrite the record.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: uuid('admin_id').notNull(),
    action: text('action').$type<AdminActionName>().notNull(),
    objectType: text('object_type').$type<AdminObjectType>().notNull(),
    /** Text, since the objects' ids differ in kind (uuids; a booking's number would fit too). */
    objectId: text('object_id').notNull(),
    reason: text('reason'),
    /** The object's fields the action changed, as they were and as they became; null where nothing was changed. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'admin_actions_admin_id_fkey', columns: [table.adminId], foreignColumns: [accounts.id] }),
    check('admin_actions_action_check', sql`${table.action} IN (${oneOf(ADMIN_ACTIONS)})`),
    check('admin_actions_object_type_check', sql`${table.objectType} IN (${oneOf(ADMIN_OBJECT_TYPES)})`),
    check('admin_actions_reason_check', sql`length(${table.reason}) BETWEEN 1 AND ${limit(ADMIN_REASON_MAX)}`),
    // The log's three questions: everything newest first, one admin's actions, one object's history.
    index('admin_actions_at_idx').on(table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('admin_actions_admin_idx').on(table.adminId, table.at.desc().nullsFirst()),
    index('admin_actions_object_idx').on(table.objectType, table.objectId, table.at.desc().nullsFirst()),
  ],
);

/** What moved money: a booking's capture, pickup share or release; a payment's refund; a payout; an admin's adjustment. */
export const JOURNAL_CAUSES = ['booking', 'payment', 'refund', 'payout', 'adjustment'] as const;
export type JournalCause = (typeof JOURNAL_CAUSES)[number];

/** The ledger's accounts (server/src/ledger/accounts.ts says what each holds); the owner's two carry the owner's id. */
export const LEDGER_ACCOUNTS = [
  'received.stripe',
  'received.razorpay',
  'bank',
  'gst.payable',
  'platform.revenue',
  'tds.payable',
  'owner.pending',
  'owner.available',
  'payouts.in_transit',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * A payout run: one payout to each owner with enough available and their details on file. Its key is
 * unique, so the weekly run is made once however many instances reach its day (`weekly:2026-11-30`),
 * and an admin's run once however often its request is sent.
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short and in order, for people. */
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity().unique('payout_runs_number_key'),
    key: text('key').notNull().unique('payout_runs_key_key'),
    /** The admin who started it; null for the weekly run. */
    startedBy: uuid('started_by'),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'payout_runs_started_by_fkey', columns: [table.startedBy], foreignColumns: [accounts.id] }),
    index('payout_runs_created_idx').on(table.createdAt.desc().nullsFirst()),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short and in order: the narration the bank shows the owner names it. */
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity().unique('payouts_number_key'),
    runId: uuid('run_id'),
    ownerId: uuid('owner_id').notNull(),
    way: text('way').$type<PayoutWay>().notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('requested'),
    /** The bank's reference for a transfer made (a UTR), unique across payouts. */
    utr: text('utr').unique('payouts_utr_key'),
    /** The provider's reference: a Route transfer's id. */
    providerRef: text('provider_ref').unique('payouts_provider_ref_key'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({ name: 'payouts_run_id_fkey', columns: [table.runId], foreignColumns: [payoutRuns.id] }),
    foreignKey({ name: 'payouts_owner_id_fkey', columns: [table.ownerId], foreignColumns: [accounts.id] }),
    check('payouts_way_check', sql`${table.way} IN (${oneOf(PAYOUT_WAYS)})`),
    check('payouts_status_check', sql`${table.status} IN (${oneOf(PAYOUT_STATUSES)})`),
    check('payouts_amount_paise_check', sql`${table.amountPaise} > 0`),
    check('payouts_utr_check', sql`${table.utr} ~ '^[A-Z0-9]{12,22}$'`),
    check('payouts_paid_check', sql`(${table.status} = 'paid') = (${table.paidAt} IS NOT NULL)`),
    // One payout per owner in a run, however many instances make it.
    uniqueIndex('payouts_run_owner_idx').on(table.runId, table.ownerId),
    index('payouts_owner_idx').on(table.ownerId, table.createdAt.desc().nullsFirst()),
    index('payouts_open_idx').on(table.status).where(sql`${table.status} IN ('requested', 'processing')`),
  ],
);

/**
 * One movement of money: two or more entries that sum to zero (migration 0025's constraint trigger
 * refuses a commit where one does not). Written in the transaction of the change that moves the
 * money, once: its key is unique, so a retried step or a second instance posts nothing twice.
 * Journals and entries are never changed; a correction is a new journal.
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique('ledger_journals_key_key'),
    cause: text('cause').$type<JournalCause>().notNull(),
    bookingId: uuid('booking_id'),
    payoutId: uuid('payout_id'),
    /** What the journal is, in a few words, for the admin's and owner's statements. */
    memo: text('memo').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'ledger_journals_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }),
    foreignKey({ name: 'ledger_journals_payout_id_fkey', columns: [table.payoutId], foreignColumns: [payouts.id] }),
    check('ledger_journals_cause_check', sql`${table.cause} IN (${oneOf(JOURNAL_CAUSES)})`),
    index('ledger_journals_booking_idx').on(table.bookingId),
    index('ledger_journals_payout_idx').on(table.payoutId),
    index('ledger_journals_posted_idx').on(table.postedAt),
  ],
);

/** One side of a journal: paise into (positive, a debit) or out of (negative, a credit) an account. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: bigint('journal_id', { mode: 'number' }).notNull(),
    account: text('account').$type<LedgerAccount>().notNull(),
    /** Whose balance an owner's account is; null for the platform's accounts. */
    ownerId: uuid('owner_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'ledger_entries_journal_id_fkey', columns: [table.journalId], foreignColumns: [ledgerJournals.id] }),
    foreignKey({ name: 'ledger_entries_owner_id_fkey', columns: [table.ownerId], foreignColumns: [accounts.id] }),
    check('ledger_entries_account_check', sql`${table.account} IN (${oneOf(LEDGER_ACCOUNTS)})`),
    check('ledger_entries_amount_paise_check', sql`${table.amountPaise} <> 0`),
    check('ledger_entries_owner_check', sql`(${table.account} LIKE 'owner.%') = (${table.ownerId} IS NOT NULL)`),
    index('ledger_entries_journal_idx').on(table.journalId),
    index('ledger_entries_owner_idx').on(table.ownerId, table.account),
    index('ledger_entries_account_idx').on(table.account),
  ],
);

/**
 * Where an owner is paid, one row per owner. The account number, IFSC, UPI ID and PAN are sealed
 * (server/src/payouts/details-crypto.ts: AES-256-GCM with PAYOUT_DETAILS_KEY, bound to the owner and
 * the field), so a copy of the database or a backup does not give them away; the last four
 * characters of each are kept apart for the owner's masked view. Payouts wait until
 * `payouts_held_until`, set 48 hours ahead at every save.
 */
export const payoutDetails = pgTable(
  'payout_details',
  {
    ownerId: uuid('owner_id').primaryKey(),
    legalName: text('legal_name').notNull(),
    accountNumberSealed: text('account_number_sealed'),
    accountLast4: text('account_last4'),
    ifscSealed: text('ifsc_sealed'),
    ifscLast4: text('ifsc_last4'),
    upiIdSealed: text('upi_id_sealed'),
    upiLast4: text('upi_last4'),
    panSealed: text('pan_sealed').notNull(),
    panLast4: text('pan_last4').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    payoutsHeldUntil: timestamp('payouts_held_until', { withTimezone: true, mode: 'date' }).notNull(),
    /** The `updatedAt` of the details Razorpay Route last answered for (the linked account completed, or refused): different, the sweep still owes Route them. */
    routeLinkedFor: timestamp('route_linked_for', { withTimezone: true, mode: 'date' }),
    /** When an instance last began making the linked account from these details: the sweep leaves it to that instance for a while. */
    routeLinkTriedAt: timestamp('route_link_tried_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    foreignKey({ name: 'payout_details_owner_id_fkey', columns: [table.ownerId], foreignColumns: [accounts.id] }).onDelete(
      'cascade',
    ),
    check('payout_details_legal_name_check', sql`length(${table.legalName}) BETWEEN 1 AND ${limit(LEGAL_NAME_MAX)}`),
    // A bank account is paid to with its branch's IFSC; the bank file cannot use one without the other.
    check('payout_details_bank_check', sql`(${table.accountNumberSealed} IS NULL) = (${table.ifscSealed} IS NULL)`),
    check('payout_details_destination_check', sql`${table.accountNumberSealed} IS NOT NULL OR ${table.upiIdSealed} IS NOT NULL`),
    check(
      'payout_details_last4_check',
      sql`(${table.accountLast4} IS NULL) = (${table.accountNumberSealed} IS NULL) AND (${table.ifscLast4} IS NULL) = (${table.ifscSealed} IS NULL) AND (${table.upiLast4} IS NULL) = (${table.upiIdSealed} IS NULL)`,
    ),
  ],
);

/**
 * An owner's Razorpay Route linked account: the ids Razorpay gave each part of it (the account, its
 * stakeholder, its Route product), filled in as each is made so a save that stopped half-way goes on
 * from there, and the state its webhooks last reported.
 */
export const routeAccounts = pgTable(
  'route_accounts',
  {
    ownerId: uuid('owner_id').primaryKey(),
    accountId: text('account_id').notNull().unique('route_accounts_account_id_key'),
    stakeholderId: text('stakeholder_id'),
    productId: text('product_id'),
    state: text('state').$type<RouteAccountState>().notNull().default('created'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({ name: 'route_accounts_owner_id_fkey', columns: [table.ownerId], foreignColumns: [accounts.id] }),
    check('route_accounts_state_check', sql`${table.state} IN (${oneOf(ROUTE_ACCOUNT_STATES)})`),
  ],
);

/**
 * A booking's owner share sent by Route: claimed (a row) before Razorpay is asked, so the release and
 * the sweep agree on whether the share goes by Route or by bank file; the transfer's id once Razorpay
 * made it (on hold), the Route payout once the earnings were released, and what a refund took back.
 */
export const routeTransfers = pgTable(
  'route_transfers',
  {
    bookingId: uuid('booking_id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    paymentId: text('payment_id').notNull(),
    accountId: text('account_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    transferId: text('transfer_id').unique('route_transfers_transfer_id_key'),
    /** Whether Razorpay still holds the transfer's settlement: released (false) once the Route payout is made. */
    onHold: boolean('on_hold').notNull().default(true),
    /** When Razorpay reported the transfer processed (in the linked account); its payout is paid once it is also let go. */
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    /** When Razorpay reported the transfer failed: its share, not yet released, goes to the bank file instead. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    payoutId: uuid('payout_id').unique('route_transfers_payout_id_key'),
    reversedPaise: bigint('reversed_paise', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    foreignKey({ name: 'route_transfers_booking_id_fkey', columns: [table.bookingId], foreignColumns: [bookings.id] }),
    foreignKey({ name: 'route_transfers_owner_id_fkey', columns: [table.ownerId], foreignColumns: [accounts.id] }),
    foreignKey({ name: 'route_transfers_payout_id_fkey', columns: [table.payoutId], foreignColumns: [payouts.id] }),
    check('route_transfers_amount_paise_check', sql`${table.amountPaise} > 0`),
    check(
      'route_transfers_reversed_paise_check',
      sql`${table.reversedPaise} >= 0 AND ${table.reversedPaise} <= ${table.amountPaise}`,
    ),
    index('route_transfers_open_idx')
      .on(table.bookingId)
      .where(sql`${table.failedAt} IS NULL AND (${table.transferId} IS NULL OR ${table.onHold})`),
  ],
);

/**
 * Changes people make to their own accounts that matter after the fact, as admin_actions records
 * the admins' own: written in the change's transaction, and append-only (triggers of migration
 * 0027 refuse an update or delete). `before` and `after` hold masked values only.
 */
export const accountActions = pgTable(
  'account_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id').notNull(),
    action: text('action').$type<AccountActionName>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'account_actions_account_id_fkey', columns: [table.accountId], foreignColumns: [accounts.id] }),
    check('account_actions_action_check', sql`${table.action} IN (${oneOf(ACCOUNT_ACTIONS)})`),
    index('account_actions_account_idx').on(table.accountId, table.at.desc().nullsFirst()),
  ],
);

export const schema = {
  accounts,
  sessions,
  signInFailures,
  registrationAttempts,
  cars,
  carPhotos,
  photoUploads,
  bookings,
  bookingEvents,
  bookingMessages,
  bookingMessageMails,
  reviews,
  renterReviews,
  paymentOrders,
  invoiceSequences,
  blogPosts,
  comments,
  contactMessages,
  newsletterSignups,
  mailOutbox,
  passwordResetTokens,
  passwordResetRequests,
  idempotencyKeys,
  adminActions,
  payoutRuns,
  payouts,
  ledgerJournals,
  ledgerEntries,
  payoutDetails,
  accountActions,
  routeAccounts,
  routeTransfers,
};

/** A row as queries return it: what the routes turn into the contract's shapes. */
export type AccountRow = typeof accounts.$inferSelect;
export type CarRow = typeof cars.$inferSelect;
export type CarPhotoRow = typeof carPhotos.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type RenterReviewRow = typeof renterReviews.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type BookingEventRow = typeof bookingEvents.$inferSelect;
export type BookingMessageRow = typeof bookingMessages.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type MailRow = typeof mailOutbox.$inferSelect;
export type AdminActionRow = typeof adminActions.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutRunRow = typeof payoutRuns.$inferSelect;
export type RouteAccountRow = typeof routeAccounts.$inferSelect;
export type RouteTransferRow = typeof routeTransfers.$inferSelect;
export type PayoutDetailsRow = typeof payoutDetails.$inferSelect;
