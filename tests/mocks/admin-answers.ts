import type {
  Account,
  AdminAccount,
  AdminAction,
  AdminBooking,
  AdminCar,
  AdminContactMessage,
  AdminContent,
  AdminMoney,
  AdminNewsletterSignup,
  AdminOverview,
  AdminPayout,
  AdminPayoutRun,
  AdminPayoutRunDetail,
  AdminRoutePayout,
  PublicCar,
  Reconciliation,
} from '../../src/domain/contract';
import { slugify } from '../../src/domain/slug';
import { admin, asha, booking, creta, fleetCar, ravi, swift, uuid } from './answers';

// Typed builders for the admin console's answers, filled with the people the app tests talk about.

/** An account as the console lists it: enabled and never signed in unless the test says otherwise. */
export function adminAccount(
  account: Pick<Account, 'id' | 'role' | 'username' | 'email' | 'createdAt'>,
  fields: Partial<AdminAccount> = {},
): AdminAccount {
  const { id, role, username, email, createdAt } = account;
  return { _id: id, id, role, username, email, createdAt, lastSignInAt: null, status: 'enabled', ...fields };
}

/** A second admin, who did what the audit tests look at. */
export const meera = adminAccount({
  id: uuid(4),
  role: 'admin',
  username: 'meera',
  email: 'meera@example.com',
  createdAt: '2026-01-02T04:00:00.000Z',
});

/** The accounts the tests list, newest first, as the server lists them. */
export const consoleAccounts: AdminAccount[] = [
  meera,
  adminAccount(admin, { lastSignInAt: '2026-02-03T03:30:00.000Z' }),
  adminAccount(ravi, { lastSignInAt: '2026-02-02T14:45:00.000Z', ownerCancellations: 2, ownerNoShows: 1 }),
  adminAccount(asha),
];

/** Every count the overview shows, each a different number so a test can tell them apart. */
export const overviewCounts: AdminOverview = {
  accounts: { user: 1204, owner: 37, admin: 2, disabled: 5 },
  cars: { listed: 41, paused: 3, delisted: 6, archived: 8 },
  bookingsThisWeek: {
    // Monday 2 February 2026, 00:00 in India.
    weekStart: '2026-02-01T18:30:00.000Z',
    byStatus: {
      requested: 11,
      accepting: 10,
      accepted: 12,
      completed: 16,
      declined: 13,
      cancelled: 14,
      expired: 15,
      no_show_renter: 17,
      no_show_owner: 18,
      in_trip: 19,
      returned: 20,
    },
  },
  contactMessagesAwaitingAnswer: 9,
};

/** Meera disabling Ravi's account, with her reason. */
export const raviDisabled: AdminAction = {
  _id: '1',
  id: '1',
  by: 'admin',
  admin: { id: meera.id, username: meera.username },
  action: 'account.disable',
  objectType: 'account',
  objectId: ravi.id,
  objectName: ravi.username,
  reason: 'Listing cars he does not own.',
  before: { status: 'enabled' },
  after: { status: 'disabled' },
  at: '2026-02-04T06:15:00.000Z',
};

/** A car as the console lists it: listed, with ravi as its owner unless it is the fleet's. */
export function adminCar(
  car: Pick<PublicCar, 'id' | 'kind' | 'carName' | 'city' | 'pickupArea' | 'price'>,
  fields: Partial<AdminCar> = {},
): AdminCar {
  const { id, kind, carName, city, pickupArea, price } = car;
  return {
    _id: id,
    id,
    kind,
    carName,
    owner: kind === 'fleet' ? null : { id: ravi.id, username: ravi.username, status: 'enabled' },
    city,
    pickupArea,
    price,
    state: 'listed',
    delistedReason: null,
    delistedAt: null,
    createdAt: '2026-01-03T09:00:00.000Z',
    ...fields,
  };
}

const ownersCar = (car: typeof swift) => ({ ...car, kind: 'listed' as const, carName: car.carname });

/** Ravi's Maruti Swift, in the public list. */
export const swiftInConsole = adminCar(ownersCar(swift));

/** Ravi's Hyundai Creta, delisted by an admin on 4 February 2026, 15:30 India time. */
export const cretaDelisted = adminCar(ownersCar(creta), {
  state: 'delisted',
  delistedReason: 'The photos show another car.',
  delistedAt: '2026-02-04T10:00:00.000Z',
  createdAt: '2026-01-02T09:00:00.000Z',
});

/** The cars the tests list, as the server orders them: the fleet's first, then owners' newest first. */
export const consoleCars: AdminCar[] = [
  adminCar(fleetCar('Maruti Ertiga')),
  swiftInConsole,
  cretaDelisted,
  adminCar(
    { id: uuid(103), kind: 'listed', carName: 'Tata Nexon', city: 'Pune', pickupArea: 'Baner', price: 30 },
    { state: 'archived', createdAt: '2025-12-01T09:00:00.000Z' },
  ),
];

/** A booking as the console lists it: asha's request for ravi's Maruti Swift, which an admin may only cancel. */
export function adminBooking(overrides: Partial<AdminBooking> = {}): AdminBooking {
  return { ...booking(), owner: { id: ravi.id, username: ravi.username }, adminActions: ['cancel'], ...overrides };
}

/** Asha's open request for the fleet's Maruti Ertiga, which admins answer for. */
export const fleetRequest = adminBooking({
  _id: uuid(342),
  id: uuid(342),
  number: 'WOW-00042',
  car: { id: fleetCar('Maruti Ertiga').id, kind: 'fleet', carName: 'Maruti Ertiga' },
  owner: null,
  from: '2030-02-10T09:00:00+05:30',
  to: '2030-02-10T13:00:00+05:30',
  hours: 4,
  driver: false,
  pricePerHour: 65,
  pricePerDay: 65,
  total: 260,
  amountPaise: 26_000,
  payment: { status: 'held', provider: 'razorpay', method: 'upi', amountPaise: 26_000 },
  adminActions: ['accept', 'decline', 'cancel'],
  createdAt: '2026-02-05T04:30:00.000Z',
  updatedAt: '2026-02-05T04:30:00.000Z',
});

/** Asha's request for ravi's Maruti Swift, cancelled by an admin. */
export const swiftCancelled = adminBooking({
  _id: uuid(343),
  id: uuid(343),
  number: 'WOW-00043',
  status: 'cancelled',
  cancelReason: 'The car failed its safety check.',
  adminActions: [],
});

/** The bookings the tests list, newest first. */
export const consoleBookings: AdminBooking[] = [fleetRequest, adminBooking(), swiftCancelled];

const post = (title: string) => ({ type: 'post' as const, title, slug: slugify(title) });

/** A blog comment as the console lists it: asha's on 'If you are renting a car', shown. */
export function adminContent(n: number, fields: Partial<AdminContent> = {}): AdminContent {
  return {
    _id: uuid(n),
    id: uuid(n),
    kind: 'comment',
    author: asha.username,
    text: 'Do I need an international licence?',
    rating: null,
    on: post('If you are renting a car'),
    state: 'shown',
    createdAt: '2026-02-03T05:00:00.000Z',
    ...fields,
  };
}

export const ashaComment = adminContent(401);

/** Asha's four-star review of ravi's Maruti Swift. */
export const ashaReview = adminContent(402, {
  kind: 'review',
  text: 'Clean car, and ravi was on time.',
  rating: 4,
  on: { type: 'car', id: swift.id, kind: 'listed', carName: swift.carname },
  createdAt: '2026-02-04T05:00:00.000Z',
});

/** The comments and reviews the tests list, newest first. */
export const consoleContent: AdminContent[] = [
  ashaReview,
  ashaComment,
  adminContent(403, {
    kind: 'reply',
    author: 'WheelsOnWeb Support',
    text: 'Yes: bring it with your own.',
    createdAt: '2026-02-02T05:00:00.000Z',
  }),
  adminContent(404, {
    author: 'spammer',
    text: '[removed by an admin]',
    state: 'removed',
    createdAt: '2026-02-01T05:00:00.000Z',
  }),
];

export function contactMessage(n: number, fields: Partial<AdminContactMessage> = {}): AdminContactMessage {
  return {
    _id: uuid(n),
    id: uuid(n),
    name: 'Priya',
    email: 'priya@example.com',
    message: 'Do you rent cars in Goa?',
    createdAt: '2026-02-05T06:30:00.000Z',
    answeredAt: null,
    ...fields,
  };
}

/** The contact messages the tests list, newest first: Priya's awaits an answer, Kabir's was answered. */
export const consoleMessages: AdminContactMessage[] = [
  contactMessage(501),
  contactMessage(502, {
    name: 'Kabir',
    email: 'kabir@example.com',
    message: 'Can I pay by UPI?',
    createdAt: '2026-02-01T06:30:00.000Z',
    answeredAt: '2026-02-02T06:30:00.000Z',
  }),
];

export function newsletterSignup(n: number, email: string): AdminNewsletterSignup {
  return { _id: uuid(n), id: uuid(n), email, createdAt: '2026-02-01T04:30:00.000Z' };
}

/** Ravi's payout of ₹552.00 to his account ending 8901, waiting to go in a bank file unless the test says otherwise. */
export function adminPayout(n: number, fields: Partial<AdminPayout> = {}): AdminPayout {
  return {
    _id: uuid(n),
    id: uuid(n),
    number: n,
    owner: { id: ravi.id, username: ravi.username },
    accountLast4: '8901',
    amountPaise: 55_200,
    status: 'requested',
    utr: null,
    failureReason: null,
    paidAt: null,
    createdAt: '2026-02-02T18:40:00.000Z',
    updatedAt: '2026-02-02T18:40:00.000Z',
    ...fields,
  };
}

/** Ravi's share of ₹552.00 paid by Razorpay Route, released and processing unless the test says otherwise. */
export function routePayout(n: number, fields: Partial<AdminRoutePayout> = {}): AdminRoutePayout {
  return {
    _id: uuid(n),
    id: uuid(n),
    number: n,
    owner: { id: ravi.id, username: ravi.username },
    amountPaise: 55_200,
    status: 'processing',
    failureReason: null,
    transferId: `trf_Route${String(n).padStart(9, '0')}`,
    createdAt: '2026-02-02T18:40:00.000Z',
    paidAt: null,
    ...fields,
  };
}

/** A run of `payouts`, counted as the server counts them; the weekly run unless the test names an admin. */
export function payoutRun(n: number, payouts: AdminPayout[], fields: Partial<AdminPayoutRun> = {}): AdminPayoutRunDetail {
  const byStatus = { requested: 0, processing: 0, paid: 0, failed: 0 };
  for (const { status } of payouts) byStatus[status] += 1;
  return {
    _id: uuid(n),
    id: uuid(n),
    number: n - 900,
    createdAt: '2026-02-02T18:40:00.000Z',
    startedBy: null,
    payoutCount: payouts.length,
    totalPaise: payouts.reduce((sum, { amountPaise }) => sum + amountPaise, 0),
    byStatus,
    payouts,
    ...fields,
  };
}

/** The runs the tests list, newest first: Ravi's and Kiran's payouts of run R-3 to send, and an earlier run all paid. */
export const consoleRuns: AdminPayoutRunDetail[] = [
  payoutRun(903, [
    adminPayout(12),
    adminPayout(13, { owner: { id: uuid(5), username: 'kiran' }, accountLast4: '4321', amountPaise: 1_23_456 }),
  ]),
  payoutRun(902, [adminPayout(7, { status: 'paid', utr: 'HDFCR52026012600001', paidAt: '2026-01-27T06:00:00.000Z' })], {
    startedBy: { id: admin.id, username: admin.username },
    createdAt: '2026-01-26T09:00:00.000Z',
  }),
];

/** The last 12 India months up to November 2026, oldest first, with commission earned in October and November. */
export const revenueMonths: AdminMoney['revenueByMonth'] = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
].map((month) => ({ month, revenuePaise: month === '2026-10' ? 27_600 : month === '2026-11' ? 13_800 : 0 }));

/** The platform's money as the console shows it: ravi owed for a trip, asha's owner account owing a share collected at pickup. */
export function platformMoney(fields: Partial<AdminMoney> = {}): AdminMoney {
  return {
    asOf: '2026-11-25T04:00:00.000Z',
    revenueByMonth: revenueMonths,
    totals: {
      revenuePaise: 41_400,
      gstPayablePaise: 7_452,
      tdsPayablePaise: 552,
      payoutsInTransitPaise: 55_200,
      ownersPendingPaise: 55_200,
      ownersAvailablePaise: -13_800,
    },
    owners: {
      data: [
        { _id: ravi.id, id: ravi.id, username: ravi.username, pendingPaise: 55_200, availablePaise: 0 },
        { _id: uuid(5), id: uuid(5), username: 'kiran', pendingPaise: 0, availablePaise: -13_800 },
      ],
      page: 1,
      pageSize: 50,
      total: 2,
    },
    ...fields,
  };
}

/** A check of the books where everything agrees: both providers read whole. */
export const booksBalance: Reconciliation = {
  ok: true,
  checkedAt: '2026-11-25T04:05:00.000Z',
  providers: [
    {
      provider: 'razorpay',
      status: 'checked',
      paymentsSeen: 3,
      takenPaise: 207_000,
      ledgerPaise: 207_000,
      settledPaise: 150_000,
      bookingsNotChecked: 0,
    },
    {
      provider: 'stripe',
      status: 'checked',
      paymentsSeen: 1,
      takenPaise: 69_000,
      ledgerPaise: 69_000,
      settledPaise: null,
      bookingsNotChecked: 0,
    },
  ],
  owners: { owners: 2, balancesPaise: 41_400, accountsPaise: 41_400, expectedPaise: 41_400 },
  journals: { checked: 12, unbalanced: 0 },
  differences: [],
  differenceCount: 0,
};
