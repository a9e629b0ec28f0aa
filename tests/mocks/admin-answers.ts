import type { Account, AdminAccount, AdminAction, AdminOverview } from '../../src/domain/contract';
import { admin, asha, ravi, uuid } from './answers';

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
  adminAccount(ravi, { lastSignInAt: '2026-02-02T14:45:00.000Z' }),
  adminAccount(asha),
];

/** Every count the overview shows, each a different number so a test can tell them apart. */
export const overviewCounts: AdminOverview = {
  accounts: { user: 1204, owner: 37, admin: 2, disabled: 5 },
  cars: { listed: 41, paused: 3, delisted: 6, archived: 8 },
  bookingsThisWeek: {
    // Monday 2 February 2026, 00:00 in India.
    weekStart: '2026-02-01T18:30:00.000Z',
    byStatus: { requested: 11, accepted: 12, declined: 13, cancelled: 14, expired: 15 },
  },
  contactMessagesAwaitingAnswer: 9,
};

/** Meera disabling Ravi's account, with her reason. */
export const raviDisabled: AdminAction = {
  _id: '1',
  id: '1',
  admin: { id: meera.id, username: meera.username },
  action: 'account.disable',
  objectType: 'account',
  objectId: ravi.id,
  reason: 'Listing cars he does not own.',
  before: { status: 'enabled' },
  after: { status: 'disabled' },
  at: '2026-02-04T06:15:00.000Z',
};
