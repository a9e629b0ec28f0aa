import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAccount, AdminAccountPage, AdminActionPage, AdminOverview, PagedAnswer, PublicCar } from '#domain/contract';
import { indiaWeekStart } from '#domain/india-time';
import { getOk, listBoundsTests, person, type Person } from './admin-helpers';
import { buildTestApp, closeTestApp, newAccount, register, sessionUser, signIn } from './helpers';
import { indiaTime, listCar, requestBooking, send } from './marketplace-helpers';

const REASON_REQUIRED = 'Reason is required: say why, in 1 to 500 characters.';

const admin = { email: 'console@wheelsonweb.in', username: 'console', password: 'admin-password-1' };
const DISABLED = 'This account has been disabled. Please contact us for help.';

let app: FastifyInstance;
let adminCookie: string;
let adminId: string;

const get = <T>(url: string, cookie = adminCookie) => getOk<T>(app, url, cookie);

const auditOf = (objectId: string) => get<AdminActionPage>(`/api/admin/audit?objectType=account&objectId=${objectId}`);

async function publicCarNames(): Promise<string[]> {
  const cars = await get<PagedAnswer<PublicCar>>('/api/cars?pageSize=100', '');
  return cars.data.map((car) => car.carName);
}

beforeAll(async () => {
  app = await buildTestApp({ admin });
  adminCookie = await signIn(app, admin.email, admin.password);
  adminId = (await get<{ user: { id: string } }>('/api/session')).user.id;
});
afterAll(() => closeTestApp(app));

describe('/api/admin for each role', () => {
  let owner: Person;
  let renter: Person;
  let target: Person;
  beforeAll(async () => {
    [owner, renter, target] = [await person(app, 'owner'), await person(app, 'user'), await person(app, 'user')];
  });

  const endpoints: Array<{ name: string; method: 'GET' | 'POST'; url: () => string }> = [
    { name: 'the overview', method: 'GET', url: () => '/api/admin/overview' },
    { name: 'the accounts', method: 'GET', url: () => '/api/admin/accounts' },
    { name: 'disabling an account', method: 'POST', url: () => `/api/admin/accounts/${target.id}/disable` },
    { name: 'enabling an account', method: 'POST', url: () => `/api/admin/accounts/${target.id}/enable` },
    { name: 'the audit log', method: 'GET', url: () => '/api/admin/audit' },
  ];

  it('every /api/admin operation the API documents refuses owners and renters (403) and the signed out (401)', async () => {
    const document = await get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json', '');
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
          // An id nobody has: the role is refused before the object is looked for.
          url: path.replaceAll('{id}', '00000000-0000-4000-8000-000000000000'),
        })),
      );
    expect(operations.length).toBeGreaterThanOrEqual(endpoints.length);
    for (const { method, url } of operations) {
      const refused = await Promise.all([
        send(app, method, url, owner.cookie),
        send(app, method, url, renter.cookie),
        send(app, method, url),
      ]);
      expect(
        refused.map((response) => response.statusCode),
        `${method} ${url}`,
      ).toEqual([403, 403, 401]);
    }
  });

  it.each(endpoints)('$name: 200 for an admin, 403 for an owner or a renter, 401 signed out', async ({ method, url }) => {
    expect((await send(app, method, url(), owner.cookie)).json()).toEqual({ message: 'This is for admins only.' });
    expect((await send(app, method, url(), owner.cookie)).statusCode).toBe(403);
    expect((await send(app, method, url(), renter.cookie)).statusCode).toBe(403);
    expect((await send(app, method, url())).statusCode).toBe(401);
    expect((await send(app, method, url(), adminCookie)).statusCode).toBe(200);
  });
});

describe('disabling and enabling an account', () => {
  it('ends its live sessions at once, refuses its sign-in, and takes its listed cars off the public list until enabled', async () => {
    const owner = await person(app, 'owner');
    await listCar(app, owner.cookie, 'Disabled Owner Zen', 900);
    expect(await publicCarNames()).toContain('Disabled Owner Zen');

    const disabled = await send(app, 'POST', `/api/admin/accounts/${owner.id}/disable`, adminCookie, {
      reason: 'Reported twice.',
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<AdminAccount>()).toMatchObject({ id: owner.id, role: 'owner', email: owner.email, status: 'disabled' });

    expect(await sessionUser(app, owner.cookie)).toBeNull();
    const signInAgain = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { login: owner.email, password: owner.password },
    });
    expect(signInAgain.statusCode).toBe(403);
    expect(signInAgain.json()).toEqual({ message: DISABLED });
    expect(await publicCarNames()).not.toContain('Disabled Owner Zen');
    expect((await send(app, 'GET', '/api/cars/Disabled%20Owner%20Zen', '')).statusCode).toBe(404);

    const enabled = await send(app, 'POST', `/api/admin/accounts/${owner.id}/enable`, adminCookie);
    expect(enabled.json<AdminAccount>()).toMatchObject({ id: owner.id, status: 'enabled' });
    expect(await publicCarNames()).toContain('Disabled Owner Zen');
    // The session was ended, not merely refused while disabled: enabled again, the old cookie stays signed out.
    expect(await sessionUser(app, owner.cookie)).toBeNull();
    await signIn(app, owner.email, owner.password);
  });

  it('writes exactly one audit row per change, with the status before and after, and none when nothing changes', async () => {
    const renter = await person(app, 'user');
    const disable = () =>
      send(app, 'POST', `/api/admin/accounts/${renter.id}/disable`, adminCookie, { reason: '  Spam bookings.  ' });
    expect((await disable()).statusCode).toBe(200);
    // Disabled already: answered as it stands, with nothing written.
    expect((await disable()).json<AdminAccount>().status).toBe('disabled');
    expect((await send(app, 'POST', `/api/admin/accounts/${renter.id}/enable`, adminCookie, {})).statusCode).toBe(200);
    expect((await send(app, 'POST', `/api/admin/accounts/${renter.id}/enable`, adminCookie)).statusCode).toBe(200);

    const audit = await auditOf(renter.id);
    expect(audit.total).toBe(2);
    expect(audit.data).toEqual([
      expect.objectContaining({
        action: 'account.enable',
        admin: { id: adminId, username: admin.username },
        objectType: 'account',
        objectId: renter.id,
        objectName: renter.username,
        reason: null,
        before: { status: 'disabled' },
        after: { status: 'enabled' },
      }),
      expect.objectContaining({
        action: 'account.disable',
        reason: 'Spam bookings.',
        before: { status: 'enabled' },
        after: { status: 'disabled' },
      }),
    ]);
    const [newest, older] = audit.data;
    expect(Date.parse(newest?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(older?.at ?? ''));
  });

  it("refuses an admin's disabling of their own account (409), an unknown account (404) and a bad id or reason (400), writing nothing", async () => {
    const before = await get<AdminActionPage>('/api/admin/audit');
    const self = await send(app, 'POST', `/api/admin/accounts/${adminId}/disable`, adminCookie);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'You cannot disable your own account: another admin must do it.' });
    expect((await send(app, 'GET', '/api/session', adminCookie)).statusCode).toBe(200);

    const unknown = await send(app, 'POST', '/api/admin/accounts/00000000-0000-4000-8000-000000000000/disable', adminCookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No account has this id.' });
    expect((await send(app, 'POST', '/api/admin/accounts/not-an-id/enable', adminCookie)).statusCode).toBe(400);

    const renter = await person(app, 'user');
    const tooLong = await send(app, 'POST', `/api/admin/accounts/${renter.id}/disable`, adminCookie, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: 'Reason must be 1 to 500 characters.' });
    const blank = await send(app, 'POST', `/api/admin/accounts/${renter.id}/disable`, adminCookie, { reason: '   ' });
    expect(blank.json()).toEqual({ message: REASON_REQUIRED });
    const longest = await send(app, 'POST', `/api/admin/accounts/${renter.id}/disable`, adminCookie, { reason: 'x'.repeat(500) });
    expect(longest.statusCode).toBe(200);
    expect((await get<AdminActionPage>('/api/admin/audit')).total).toBe(before.total + 1);
  });
});

describe('the audit log', () => {
  it('cannot be changed or deleted, even by a query of ours straight to the database', async () => {
    const renter = await person(app, 'user');
    await send(app, 'POST', `/api/admin/accounts/${renter.id}/disable`, adminCookie, { reason: 'Kept forever.' });
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/^admin_actions is append-only/) }) };
    await expect(
      app.db.execute(sql`UPDATE admin_actions SET reason = 'Rewritten.' WHERE object_id = ${renter.id}`),
    ).rejects.toMatchObject(refused);
    await expect(app.db.execute(sql`DELETE FROM admin_actions WHERE object_id = ${renter.id}`)).rejects.toMatchObject(refused);
    await expect(app.db.execute(sql`TRUNCATE admin_actions`)).rejects.toMatchObject(refused);
    expect((await auditOf(renter.id)).data).toEqual([expect.objectContaining({ reason: 'Kept forever.' })]);
  });

  it('filters by admin and by object, and refuses a bad filter', async () => {
    const renter = await person(app, 'user');
    await send(app, 'POST', `/api/admin/accounts/${renter.id}/disable`, adminCookie);
    const mine = await get<AdminActionPage>(`/api/admin/audit?adminId=${adminId}&objectType=account`);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((row) => row.admin?.id === adminId && row.objectType === 'account')).toBe(true);
    const nobody = await get<AdminActionPage>(`/api/admin/audit?adminId=${renter.id}`);
    expect(nobody).toEqual({ data: [], total: 0, page: 1, pageSize: 50 });
    expect((await send(app, 'GET', '/api/admin/audit?adminId=nobody', adminCookie)).statusCode).toBe(400);
    expect((await send(app, 'GET', '/api/admin/audit?objectType=planet', adminCookie)).statusCode).toBe(400);
    expect((await send(app, 'GET', `/api/admin/audit?objectId=${'x'.repeat(101)}`, adminCookie)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/accounts', () => {
  it('pages newest first, 50 to a page by default, searches usernames and emails in any case, and filters by role and status', async () => {
    const first = await person(app, 'owner');
    const second = await person(app, 'owner');
    const page = await get<AdminAccountPage>('/api/admin/accounts');
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.data.slice(0, 2).map((account) => account.id)).toEqual([second.id, first.id]);
    expect(page.data[0]).toEqual({
      _id: second.id,
      id: second.id,
      role: 'owner',
      username: second.username,
      email: second.email,
      createdAt: expect.any(String),
      lastSignInAt: expect.any(String),
      status: 'enabled',
      // An owner's row counts the bookings they called off: none yet.
      ownerCancellations: 0,
      ownerNoShows: 0,
    });

    const byName = await get<AdminAccountPage>(`/api/admin/accounts?q=${first.username.toUpperCase()}`);
    expect(byName.data.map((account) => account.id)).toEqual([first.id]);
    const byEmail = await get<AdminAccountPage>(`/api/admin/accounts?q=${encodeURIComponent(` ${second.email.toUpperCase()} `)}`);
    expect(byEmail.data.map((account) => account.id)).toEqual([second.id]);

    const secondPage = await get<AdminAccountPage>('/api/admin/accounts?role=owner&pageSize=1&page=2');
    expect(secondPage).toMatchObject({ page: 2, pageSize: 1, data: [{ id: first.id }] });
    const admins = await get<AdminAccountPage>('/api/admin/accounts?role=admin&status=enabled&q=');
    expect(admins.data.map((account) => account.email)).toEqual([admin.email]);

    await send(app, 'POST', `/api/admin/accounts/${first.id}/disable`, adminCookie);
    const disabled = await get<AdminAccountPage>('/api/admin/accounts?status=disabled&role=owner');
    expect(disabled.data.map((account) => account.id)).toContain(first.id);
    expect(disabled.data.every((account) => account.status === 'disabled')).toBe(true);
  });

  listBoundsTests('/api/admin/accounts', (url) => send(app, 'GET', url, adminCookie), [
    ['pageSize=ten', 'Page size must be a whole number.'],
    ['role=root', undefined],
    ['status=banned', undefined],
  ]);

  it('shows when each account last signed in, registering being its first sign-in', async () => {
    const registeredFrom = Date.now();
    const account = await register(app, 'user', newAccount());
    const listed = await get<AdminAccountPage>(`/api/admin/accounts?q=${account.username}`);
    const registeredAt = Date.parse(listed.data[0]?.lastSignInAt ?? '');
    expect(registeredAt).toBeGreaterThanOrEqual(registeredFrom - 1000);
    await signIn(app, account.email, account.password);
    const signedIn = await get<AdminAccountPage>(`/api/admin/accounts?q=${account.username}`);
    expect(Date.parse(signedIn.data[0]?.lastSignInAt ?? '')).toBeGreaterThanOrEqual(registeredAt);
  });
});

describe('GET /api/admin/overview', () => {
  it('counts accounts by role, cars by state, this India week’s bookings by status and unanswered contact messages', async () => {
    const before = await get<AdminOverview>('/api/admin/overview');
    expect(before.bookingsThisWeek.weekStart).toBe(indiaWeekStart(new Date()).toISOString());
    expect(before.accounts.admin).toBeGreaterThanOrEqual(1);

    const owner = await person(app, 'owner');
    const renter = await person(app, 'user');
    const car = await listCar(app, owner.cookie, 'Overview Swift', 700);
    const paused = await listCar(app, owner.cookie, 'Overview Paused', 700);
    expect((await send(app, 'POST', `/api/cars/${paused.id}/pause`, owner.cookie)).statusCode).toBe(200);
    await requestBooking(app, renter.cookie, {
      carName: car.id,
      from: indiaTime(3, '10:00'),
      to: indiaTime(3, '14:00'),
      driver: false,
    });
    const contact = { name: 'Asha', email: 'asha@example.in', message: 'Do you rent in Goa?' };
    expect((await send(app, 'POST', '/api/contact', undefined, contact)).statusCode).toBeLessThan(300);

    const after = await get<AdminOverview>('/api/admin/overview');
    expect(after.accounts).toEqual({ ...before.accounts, owner: before.accounts.owner + 1, user: before.accounts.user + 1 });
    expect(after.cars).toEqual({ ...before.cars, listed: before.cars.listed + 1, paused: before.cars.paused + 1 });
    expect(after.bookingsThisWeek.byStatus).toEqual({
      ...before.bookingsThisWeek.byStatus,
      requested: (before.bookingsThisWeek.byStatus.requested ?? 0) + 1,
    });
    expect(after.contactMessagesAwaitingAnswer).toBe(before.contactMessagesAwaitingAnswer + 1);
  });
});
