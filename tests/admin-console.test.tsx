import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AdminAccount, AdminAction } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, asha, paged, ravi, uuid } from './mocks/answers';
import { adminAccount, consoleAccounts, meera, overviewCounts, raviDisabled } from './mocks/admin-answers';
import { fail } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const ADMIN_PAGE = 50;

/** The console's accounts, paged and filtered by role as the server pages them. */
function serveAccounts(accounts: AdminAccount[]) {
  return serve('GET /api/admin/accounts', ({ query }) => {
    const matching = query.role ? accounts.filter((account) => account.role === query.role) : accounts;
    return paged(matching, Number(query.page ?? 1), ADMIN_PAGE);
  });
}

/** The row of the account with this email, to look inside. */
const rowOf = (email: string) => screen.getByRole('row', { name: new RegExp(email) });

describe('the console frame', () => {
  it('links every section and marks the one on screen', async () => {
    session(admin);
    serve('GET /api/admin/overview', overviewCounts);
    const { user, router } = renderRoute('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Overview', '/admin'],
      ['Accounts', '/admin/accounts'],
      ['Licences', '/admin/licences'],
      ['Cars', '/admin/cars'],
      ['Bookings', '/admin/bookings'],
      ['Payouts', '/admin/payouts'],
      ['Money', '/admin/money'],
      ['Comments and reviews', '/admin/comments'],
      ['Messages', '/admin/messages'],
      ['Reported conversations', '/admin/conversations'],
      ['Audit log', '/admin/audit'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    serveAccounts(consoleAccounts);
    await user.click(within(nav).getByRole('link', { name: 'Accounts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts (4)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/accounts');
    const navNow = screen.getByRole('navigation', { name: 'Admin console' });
    expect(within(navNow).getByRole('link', { name: 'Accounts' })).toHaveAttribute('aria-current', 'page');
    expect(within(navNow).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });
});

describe('the overview', () => {
  it('shows the counts, each leading to its list filtered to what it counts', async () => {
    session(admin);
    serve('GET /api/admin/overview', overviewCounts);
    renderRoute('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin console' })).toBeInTheDocument();
    const card = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('.card') as HTMLElement;
    expect(await screen.findByRole('row', { name: 'Users 1,204' })).toBeInTheDocument();
    expect(
      within(card('Accounts'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Users1,204', 'Owners37', 'Admins2', 'Disabled5']);
    expect(screen.getByRole('link', { name: 'Owners' })).toHaveAttribute('href', '/admin/accounts?role=owner');
    expect(screen.getByRole('link', { name: 'Disabled' })).toHaveAttribute('href', '/admin/accounts?status=disabled');

    expect(
      within(card('Cars'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Listed41', 'Paused3', 'Delisted6', 'Archived8']);
    expect(screen.getByRole('link', { name: 'Delisted' })).toHaveAttribute('href', '/admin/cars?state=delisted');
    const bookings = card('Bookings this week');
    expect(bookings).toHaveTextContent('Made since Feb 02 2026 00:00 (Monday, India time)');
    expect(
      within(bookings)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Requested11',
      'Accepting10',
      'Accepted12',
      'Completed16',
      'Declined13',
      'Cancelled14',
      'Expired15',
      'Renter no-show17',
      'Owner no-show18',
      'In trip19',
      'Returned20',
    ]);
    expect(within(bookings).getByRole('link', { name: 'Requested' })).toHaveAttribute('href', '/admin/bookings?status=requested');
    expect(within(card('Contact messages')).getByRole('row')).toHaveTextContent('Awaiting an answer9');
    expect(screen.getByRole('link', { name: 'Awaiting an answer' })).toHaveAttribute('href', '/admin/messages?status=awaiting');

    // What admins had here before the console stays reachable.
    expect(screen.getByRole('link', { name: 'Rental requests' })).toHaveAttribute('href', '/get/requests');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Admin'));
  });

  it('says the counts could not be loaded, and loads them on Retry', async () => {
    session(admin);
    serve('GET /api/admin/overview', overviewCounts);
    serve('GET /api/admin/overview', fail(500, serverSays.serverFault), { once: true });
    const { user } = renderRoute('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent(`The counts could not be loaded. ${serverSays.serverFault}`);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Awaiting an answer 9' })).toBeInTheDocument();
  });
});

describe('the accounts list', () => {
  it('shows every account with its role, dates in India time and status, and no Disable on your own', async () => {
    session(admin);
    const calls = serveAccounts(consoleAccounts);
    renderRoute('/admin/accounts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts (4)' })).toBeInTheDocument();
    expect(calls[0]?.query).toEqual({});
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'Role',
      'Username',
      'Email',
      'Created',
      'Last sign-in',
      'Owner cancellations',
      'Owner no-shows',
      'Status',
      'Action',
    ]);

    const raviRow = within(rowOf('ravi@example.com'));
    expect(raviRow.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Owner',
      'ravi',
      'ravi@example.com',
      'Jan 01 2026 15:30',
      'Feb 02 2026 20:15',
      '2',
      '1',
      'Enabled',
      'Disable',
    ]);
    expect(within(rowOf('asha@example.com')).getByText('never')).toBeInTheDocument();

    const own = within(rowOf('admin@example.com'));
    expect(own.getByText('(you)')).toBeInTheDocument();
    expect(own.queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('meera@example.com')).getByRole('button', { name: 'Disable meera' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Accounts'));
  });

  it('pages past 50 accounts, with the page in the address and in the request', async () => {
    session(admin);
    const many = Array.from({ length: 120 }, (_, n) =>
      adminAccount({
        id: uuid(1000 + n),
        role: 'user',
        username: `renter${n + 1}`,
        email: `renter${n + 1}@example.com`,
        createdAt: '2026-01-05T10:00:00.000Z',
      }),
    );
    const calls = serveAccounts(many);
    // jsdom has no scrolling; the pager scrolls to the top of the new page.
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    onTestFinished(() => scrolled.mockRestore());
    const { user, router } = renderRoute('/admin/accounts?page=2');

    expect(await screen.findByText('renter51@example.com')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ page: '2' });
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts (120)' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + ADMIN_PAGE);
    const pager = screen.getByRole('navigation', { name: 'Accounts pages' });
    expect(pager).toHaveTextContent('51–100 of 120');

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('renter120@example.com')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(calls.at(-1)?.query).toEqual({ page: '3' });
    expect(screen.getByRole('navigation', { name: 'Accounts pages' })).toHaveTextContent('101–120 of 120');
    expect(scrolled).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('puts the search and the filters in the address and the request, starting again from page 1', async () => {
    session(admin);
    const calls = serveAccounts(consoleAccounts);
    const { user, router } = renderRoute('/admin/accounts?page=2&status=enabled');
    const search = await screen.findByRole('searchbox', { name: 'Username or email' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('enabled');

    await user.type(search, '  RAVI ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=enabled&q=RAVI'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'RAVI', status: 'enabled' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Owner');
    await waitFor(() => expect(router.state.location.search).toBe('?status=enabled&q=RAVI&role=owner'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'RAVI', role: 'owner', status: 'enabled' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts (1)' })).toBeInTheDocument();

    // "Any" is no filter at all: left out of the address and the request.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Any status');
    await waitFor(() => expect(router.state.location.search).toBe('?q=RAVI&role=owner'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'RAVI', role: 'owner' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Username or email' })).toHaveValue('');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts (4)' })).toBeInTheDocument();
  });

  it('says so when no account matches', async () => {
    session(admin);
    serveAccounts(consoleAccounts);
    serve('GET /api/admin/accounts', paged([], 1, ADMIN_PAGE));
    renderRoute('/admin/accounts?q=nobody');
    expect(await screen.findByText('No account matches these filters.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('disabling and enabling an account', () => {
  /** The accounts as the server keeps them, changed by disable and enable as it changes them. */
  function serveChangingAccounts() {
    let accounts = consoleAccounts;
    const setStatus =
      (status: AdminAccount['status']) =>
      ({ params }: { params: Record<string, unknown> }) => {
        accounts = accounts.map((account) => (account.id === params.id ? { ...account, status } : account));
        const changed = accounts.find((account) => account.id === params.id);
        return changed ?? fail(404, 'No account has this id.');
      };
    serve('GET /api/admin/accounts', () => paged(accounts, 1, ADMIN_PAGE));
    return {
      disables: serve('POST /api/admin/accounts/:id/disable', setStatus('disabled')),
      enables: serve('POST /api/admin/accounts/:id/enable', setStatus('enabled')),
    };
  }

  it('asks first, naming the account, sends the reason, and then says it is done and shows the new status', async () => {
    session(admin);
    const { disables } = serveChangingAccounts();
    const { user } = renderRoute('/admin/accounts');

    await user.click(await screen.findByRole('button', { name: 'Disable ravi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable the account of ravi@example.com?' });
    expect(dialog).toHaveTextContent(
      'ravi is signed out everywhere at once and cannot sign in, and their listed cars leave the public list until the account is enabled again.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), '  Listing cars he does not own.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(disables).toHaveLength(1);
    expect(disables[0]).toMatchObject({ params: { id: ravi.id }, body: { reason: 'Listing cars he does not own.' } });
    expect(screen.getByRole('status')).toHaveTextContent('The account of ravi@example.com is disabled.');
    const row = within(rowOf('ravi@example.com'));
    expect(row.getByText('Disabled')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Enable ravi' })).toBeInTheDocument();
  });

  it('sends no reason when none is typed, and enables a disabled account', async () => {
    session(admin);
    const { disables, enables } = serveChangingAccounts();
    const { user } = renderRoute('/admin/accounts');

    await user.click(await screen.findByRole('button', { name: 'Disable asha' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable account' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The account of asha@example.com is disabled.'));
    expect(disables[0]?.body).toEqual({});

    await user.click(await screen.findByRole('button', { name: 'Enable asha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable the account of asha@example.com?' });
    expect(dialog).toHaveTextContent('asha can sign in again.');
    // A new question starts with an empty reason.
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Enable account' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The account of asha@example.com is enabled.'));
    expect(enables).toHaveLength(1);
    expect(within(rowOf('asha@example.com')).getByText('Enabled')).toBeInTheDocument();
  });

  it("shows the server's refusal inside the dialog, with the reason still there", async () => {
    session(admin);
    serveAccounts(consoleAccounts);
    serve('POST /api/admin/accounts/:id/disable', fail(409, serverSays.cannotDisableSelf));
    const { user } = renderRoute('/admin/accounts');

    await user.click(await screen.findByRole('button', { name: 'Disable meera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable the account of meera@example.com?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    await user.type(reason, 'Left the company.');
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverSays.cannotDisableSelf);
    expect(reason).toHaveValue('Left the company.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(within(rowOf('meera@example.com')).getByText('Enabled')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the audit log', () => {
  it('shows each action: when, who, what, on which object by its name, why, and the change', async () => {
    session(admin);
    serveAccounts(consoleAccounts);
    const bookingId = uuid(42);
    const cancelled: AdminAction = {
      ...raviDisabled,
      _id: '2',
      id: '2',
      action: 'booking.cancel',
      objectType: 'booking',
      objectId: bookingId,
      objectName: 'WOW-01042',
      before: { status: 'accepted' },
      after: { status: 'cancelled' },
    };
    const gone: AdminAction = {
      ...raviDisabled,
      _id: '3',
      id: '3',
      action: 'car.delist',
      objectType: 'car',
      objectId: uuid(43),
      objectName: null,
    };
    serve('GET /api/admin/audit', paged([raviDisabled, cancelled, gone], 1, ADMIN_PAGE));
    renderRoute('/admin/audit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log (3)' })).toBeInTheDocument();
    const cellsOf = (row: number) =>
      within(screen.getAllByRole('row')[row] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf(1)).toEqual([
      'Feb 04 2026 11:45',
      'meera',
      'Disabled account',
      'Account ravi All actions',
      'Listing cars he does not own.',
      'status: enabled → disabled',
    ]);
    expect(cellsOf(2)[3]).toBe('Booking WOW-01042 All actions');
    expect(cellsOf(3)[3]).toBe('Car (no longer there) All actions');
    expect(screen.queryByText(ravi.id)).not.toBeInTheDocument();
    expect(screen.queryByText(bookingId)).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'ravi' })).toHaveAttribute('href', '/admin/accounts?q=ravi');
    expect(screen.getByRole('link', { name: 'WOW-01042' })).toHaveAttribute('href', '/admin/bookings?q=WOW-01042');
    expect(screen.getByRole('link', { name: 'All actions on account ravi' })).toHaveAttribute(
      'href',
      `/admin/audit?objectType=account&objectId=${ravi.id}`,
    );
    expect(screen.getByRole('link', { name: 'All actions on booking WOW-01042' })).toHaveAttribute(
      'href',
      `/admin/audit?objectType=booking&objectId=${bookingId}`,
    );
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Audit log'));
  });

  it('filters by admin and object type in the address and the request', async () => {
    session(admin);
    const adminLists = serveAccounts(consoleAccounts);
    const calls = serve('GET /api/admin/audit', paged([raviDisabled], 1, ADMIN_PAGE));
    const { user, router } = renderRoute('/admin/audit?page=3');
    await screen.findByRole('heading', { level: 1, name: 'Audit log (1)' });
    expect(adminLists[0]?.query).toEqual({ role: 'admin', pageSize: '100' });

    const adminSelect = screen.getByRole('combobox', { name: 'Admin' });
    await waitFor(() =>
      expect(
        within(adminSelect)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Any admin', 'meera', 'admin']),
    );
    await user.selectOptions(adminSelect, 'meera');
    await waitFor(() => expect(router.state.location.search).toBe(`?adminId=${meera.id}`));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ adminId: meera.id }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Object type' }), 'Account');
    await waitFor(() => expect(router.state.location.search).toBe(`?adminId=${meera.id}&objectType=account`));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ adminId: meera.id, objectType: 'account' }));
  });

  it('shows every action on an object from its id, and keeps an admin from the address chosen', async () => {
    session(admin);
    serveAccounts(consoleAccounts);
    const calls = serve('GET /api/admin/audit', paged([raviDisabled], 1, ADMIN_PAGE));
    const stranger = uuid(99);
    const { user, router } = renderRoute(`/admin/audit?adminId=${stranger}`);
    await screen.findByRole('heading', { level: 1, name: 'Audit log (1)' });
    expect(calls[0]?.query).toEqual({ adminId: stranger });
    expect(screen.getByRole('combobox', { name: 'Admin' })).toHaveDisplayValue(stranger);

    await user.click(screen.getByRole('link', { name: 'All actions on account ravi' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?objectType=account&objectId=${ravi.id}`));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ objectType: 'account', objectId: ravi.id }));
    expect(screen.getByRole('searchbox', { name: 'Object id' })).toHaveValue(ravi.id);
    expect(screen.getByRole('combobox', { name: 'Admin' })).toHaveDisplayValue('Any admin');
  });

  it('says when nothing is logged yet, and when nothing matches the filters', async () => {
    session(admin);
    serveAccounts(consoleAccounts);
    serve('GET /api/admin/audit', paged([], 1, ADMIN_PAGE));
    const { user } = renderRoute('/admin/audit');
    expect(await screen.findByText(/Nothing is logged yet/)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Object id' }), asha.id);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nothing in the log matches these filters.')).toBeInTheDocument();
  });

  it("shows an owner's payout details change, masked, among the admins' actions, and the money actions in words", async () => {
    session(admin);
    serveAccounts(consoleAccounts);
    const masked = { legalName: 'Ravi Kumar', accountLast4: '0123', ifscLast4: '1234', upiLast4: 'bank', panLast4: '234F' };
    const detailsChanged: AdminAction = {
      ...raviDisabled,
      _id: 'account-7',
      id: 'account-7',
      by: 'accountHolder',
      admin: null,
      action: 'payout_details.change',
      reason: null,
      before: masked,
      after: { ...masked, accountLast4: '3210', upiLast4: null },
      at: '2026-02-04T07:00:00.000Z',
    };
    const runId = uuid(903);
    const bankFile: AdminAction = {
      ...raviDisabled,
      _id: '5',
      id: '5',
      action: 'payout.bank_file',
      objectType: 'payout_run',
      objectId: runId,
      objectName: 'R-3',
      reason: null,
      before: null,
      after: { listed: ['P-41', 'P-42'], totalPaise: 178_656 },
    };
    const paid: AdminAction = {
      ...raviDisabled,
      _id: '6',
      id: '6',
      action: 'payout.paid',
      objectType: 'payout',
      objectId: uuid(941),
      objectName: 'P-41',
      reason: null,
      before: { status: 'processing' },
      after: { status: 'paid', utr: 'HDFCR52026020412' },
    };
    serve('GET /api/admin/audit', paged([detailsChanged, raviDisabled, bankFile, paid], 1, ADMIN_PAGE));
    renderRoute('/admin/audit');

    await screen.findByRole('heading', { level: 1, name: 'Audit log (4)' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'When',
      'Who',
      'Action',
      'Object',
      'Reason',
      'Change',
    ]);
    const cellsOf = (row: number) =>
      within(screen.getAllByRole('row')[row] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf(1)).toEqual([
      'Feb 04 2026 12:30',
      'ravi (account holder)',
      'Changed payout details',
      'Account ravi All actions',
      'none given',
      [
        'legal name: Ravi Kumar → Ravi Kumar',
        'bank account ending: 0123 → 3210',
        'IFSC ending: 1234 → 1234',
        'UPI ID ending: bank → none',
        'PAN ending: 234F → 234F',
      ].join(''),
    ]);
    expect(cellsOf(2).slice(1, 3)).toEqual(['meera', 'Disabled account']);
    expect(cellsOf(3).slice(2)).toEqual([
      'Downloaded bank file',
      'Payout run R-3 All actions',
      'none given',
      'payouts in the file: none → P-41, P-42total: none → ₹1,786.56',
    ]);
    expect(screen.getByRole('link', { name: 'All actions on payout run R-3' })).toHaveAttribute(
      'href',
      `/admin/audit?objectType=payout_run&objectId=${runId}`,
    );
    expect(cellsOf(4).slice(2)).toEqual([
      'Marked payout paid',
      'Payout P-41 All actions',
      'none given',
      'status: processing → paidUTR: none → HDFCR52026020412',
    ]);
  });
});
