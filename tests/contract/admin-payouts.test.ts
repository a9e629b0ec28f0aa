import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../src/features/auth/api';
import {
  getPayoutRun,
  listPayoutRuns,
  listRoutePayouts,
  markPayoutFailed,
  markPayoutPaid,
  startPayoutRun,
  takeBankFile,
} from '../../src/features/admin/payouts-api';
import {
  AdminPayout,
  AdminPayoutRun,
  AdminPayoutRunDetail,
  AdminPayoutRunPage,
  AdminRoutePayoutPage,
} from '../../src/domain/contract';
import { payoutDetails } from '../../server/src/db/schema';
import { postJournal } from '../../server/src/ledger/journal';
import { newAccount } from '../../server/tests/helpers';
import { person } from '../../server/tests/admin-helpers';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';

const admin = newAccount();
const live = startLiveServer({ admin });

/**
 * An owner with ₹552.00 available and a bank account on file past its hold: their details saved as
 * the owner saves them, the balance and the hold's end set straight in the database (the server's
 * own tests earn and wait it out).
 */
async function ownerToPay(): Promise<string> {
  const owner = await person(live.app, 'owner');
  const saved = await live.app.inject({
    method: 'PUT',
    url: '/api/owner/payout-details',
    headers: { cookie: owner.cookie },
    payload: {
      legalName: 'Ravi Kumar',
      accountNumber: '012345678901',
      confirmAccountNumber: '012345678901',
      ifsc: 'HDFC0001234',
      pan: 'ABCDE1234F',
      currentPassword: owner.password,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await live.app.db.transaction((tx) =>
    postJournal(tx, {
      key: `contract-test:${owner.id}`,
      cause: 'adjustment',
      memo: 'Earnings for a contract test',
      postedAt: new Date(),
      entries: [
        { account: 'platform.revenue', amountPaise: 55_200 },
        { account: 'owner.available', ownerId: owner.id, amountPaise: -55_200 },
      ],
    }),
  );
  return owner.id;
}

describe("the console's Payouts section, against the real server", () => {
  it('starts a run, lists it, gives its bank file and marks its payouts, in the shapes and words the app reads', async () => {
    const owners = [await ownerToPay(), await ownerToPay()];
    await live.app.db
      .update(payoutDetails)
      .set({ payoutsHeldUntil: new Date(Date.now() - 60_000) })
      .where(inArray(payoutDetails.ownerId, owners));
    live.browser('admin');
    await signIn({ email: admin.email, password: admin.password });

    const run = conforms(AdminPayoutRun, await startPayoutRun());
    expect(run).toMatchObject({ payoutCount: 2, totalPaise: 110_400, startedBy: { username: admin.username } });
    expect(conforms(AdminPayoutRunPage, await listPayoutRuns({})).data.map(({ id }) => id)).toContain(run.id);
    // The run's payouts go by bank file: none is Route's.
    expect(conforms(AdminRoutePayoutPage, await listRoutePayouts({}))).toEqual({ data: [], total: 0, page: 1, pageSize: 50 });
    const detail = conforms(AdminPayoutRunDetail, await getPayoutRun(run.id));
    const [first, second] = [...detail.payouts].sort((one, other) => one.number - other.number);
    if (!first || !second) throw new Error('the run made no payouts');
    expect(first).toMatchObject({ number: 1, status: 'requested', accountLast4: '8901', amountPaise: 55_200 });

    const csv = await takeBankFile(run.id);
    expect(csv.split('\r\n')).toEqual([
      'beneficiary_name,account_number,ifsc,amount,narration',
      'Ravi Kumar,012345678901,HDFC0001234,552.00,WheelsOnWeb payout P-1',
      'Ravi Kumar,012345678901,HDFC0001234,552.00,WheelsOnWeb payout P-2',
      '',
    ]);

    const paid = conforms(AdminPayout, await markPayoutPaid(first.id, { utr: 'hdfcr52026112800001' }));
    expect(paid).toMatchObject({ status: 'paid', utr: 'HDFCR52026112800001' });
    await expect(markPayoutPaid(second.id, { utr: 'HDFCR52026112800001' })).rejects.toMatchObject({
      status: 409,
      message: serverSays.utrUsedOnP1,
    });
    await expect(markPayoutPaid(first.id, { utr: 'HDFCR52026112800002' })).rejects.toMatchObject({
      status: 409,
      message: serverSays.p1AlreadyPaid,
    });
    const failed = conforms(AdminPayout, await markPayoutFailed(second.id, { reason: 'Contract test.' }));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Contract test.' });
    await expect(takeBankFile(run.id)).rejects.toMatchObject({ status: 409, message: serverSays.nothingToSend });
  });
});
