import { describe, expect, it } from 'vitest';
import { signIn } from '../../src/features/auth/api';
import { getAdminOverview, listAdminAccounts, listAdminActions, setAdminAccountStatus } from '../../src/features/admin/api';
import { AdminAccount, AdminAccountPage, AdminActionPage, AdminOverview } from '../../src/domain/contract';
import { newAccount } from '../../server/tests/helpers';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const admin = newAccount();
const live = startLiveServer({ admin });

describe('the admin console, against the real server', () => {
  it("answers the console's calls in the shapes the app reads", async () => {
    live.browser('owner');
    const owner = await signUpAndIn('owner');
    live.browser('admin');
    await signIn({ email: admin.email, password: admin.password });

    conforms(AdminOverview, await getAdminOverview());
    const found = conforms(AdminAccountPage, await listAdminAccounts({ q: owner.username, role: 'owner', status: 'enabled' }));
    expect(found).toMatchObject({ total: 1, page: 1, pageSize: 50, data: [{ id: owner.id, lastSignInAt: expect.any(String) }] });

    const disabled = conforms(AdminAccount, await setAdminAccountStatus(owner.id, 'disable', { reason: 'Contract test.' }));
    expect(disabled.status).toBe('disabled');
    expect(conforms(AdminAccount, await setAdminAccountStatus(owner.id, 'enable', {})).status).toBe('enabled');

    const log = conforms(AdminActionPage, await listAdminActions({ objectType: 'account', objectId: owner.id }));
    expect(log.data.map(({ action, reason }) => [action, reason])).toEqual([
      ['account.enable', null],
      ['account.disable', 'Contract test.'],
    ]);
  });

  it('refuses to let an admin disable their own account, in the words the dialog shows', async () => {
    live.browser('admin');
    const { user } = await signIn({ email: admin.email, password: admin.password });
    await expect(setAdminAccountStatus(user.id, 'disable', {})).rejects.toMatchObject({
      status: 409,
      message: serverSays.cannotDisableSelf,
    });
  });
});
