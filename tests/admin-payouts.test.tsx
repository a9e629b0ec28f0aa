import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  ADMIN_PAGE_SIZE,
  type AdminPayout,
  type AdminPayoutRunDetail,
  MarkPayoutFailed,
  MarkPayoutPaid,
} from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, paged, uuid } from './mocks/answers';
import { adminPayout, consoleRuns, payoutRun, routePayout } from './mocks/admin-answers';
import { fail, type Call } from './mocks/routes';
import { recordAllRequests, serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const [runToSend, runPaid] = consoleRuns as [AdminPayoutRunDetail, AdminPayoutRunDetail];

/** The runs as the server lists them: without their payouts, which only a run's own answer carries. */
function serveRuns(runs: AdminPayoutRunDetail[]) {
  return serve('GET /api/admin/payouts/runs', ({ query }) =>
    paged(
      runs.map(({ payouts: _payouts, ...run }) => run),
      Number(query.page ?? 1),
      ADMIN_PAGE_SIZE,
    ),
  );
}

/** One run's answer, kept as the server keeps it: each mark changes the payout, and the run's counts with it. */
function serveRun(initial: AdminPayoutRunDetail) {
  let run = initial;
  const change = (id: string, fields: Partial<AdminPayout>) => {
    run = payoutRun(
      Number(run.id.slice(-3)),
      run.payouts.map((payout) => (payout.id === id ? { ...payout, ...fields } : payout)),
      { number: run.number, startedBy: run.startedBy, createdAt: run.createdAt },
    );
    return run.payouts.find((payout) => payout.id === id) ?? fail(404, 'No payout has this id.');
  };
  serve('GET /api/admin/payouts/runs/:id', ({ params }) =>
    params.id === run.id ? run : fail(404, 'No payout run has this id.'),
  );
  return { change, current: () => run };
}

/** A saved file's text, read as the browser reads a Blob (jsdom's has no text()). */
function textOf(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no file was saved'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const rowOf = (payout: string) => screen.getByRole('row', { name: new RegExp(payout) });

describe('the payout runs', () => {
  it('lists each run with its number, who started it, its payouts, their total and where they stand', async () => {
    session(admin);
    const calls = serveRuns(consoleRuns);
    renderRoute('/admin/payouts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payout runs (2)' })).toBeInTheDocument();
    expect(calls[0]?.query).toEqual({});
    const nav = screen.getByRole('navigation', { name: 'Admin console' });
    expect(within(nav).getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Run',
      'Started',
      'Started by',
      'Payouts',
      'Total',
      'Where they stand',
    ]);
    expect(
      within(rowOf('R-3'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R-3', 'Feb 03 2026 00:10', 'Weekly run', '2', '₹1,786.56', 'Requested 2']);
    expect(
      within(rowOf('R-2'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R-2', 'Jan 26 2026 14:30', 'admin', '1', '₹552.00', 'Paid 1']);
    expect(within(rowOf('R-3')).getByRole('link', { name: 'Open run R-3' })).toHaveAttribute(
      'href',
      `/admin/payouts?run=${runToSend.id}`,
    );
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Payouts'));
  });

  it('says when there is no run yet', async () => {
    session(admin);
    serveRuns([]);
    renderRoute('/admin/payouts');
    expect(await screen.findByText(/No payout run yet/)).toBeInTheDocument();
  });

  it('pays owners now only once asked, then says what the run made and opens it', async () => {
    session(admin);
    let runs = [runPaid];
    serveRuns(runs);
    const started = payoutRun(904, [adminPayout(21), adminPayout(22, { amountPaise: 80_000 })], {
      startedBy: { id: admin.id, username: admin.username },
    });
    const starts = serve('POST /api/admin/payouts/runs', () => {
      runs = [started, ...runs];
      serveRuns(runs);
      const { payouts: _payouts, ...run } = started;
      return run;
    });
    serveRun(started);
    const { user, router } = renderRoute('/admin/payouts');

    await user.click(await screen.findByRole('button', { name: 'Pay owners now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay owners now?' });
    expect(dialog).toHaveTextContent('Nothing leaves the bank until you download the run');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(starts).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pay owners now' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Pay owners now?' })).getByRole('button', { name: 'Pay owners now' }),
    );

    await waitFor(() =>
      expect(screen.getAllByRole('status')[0]).toHaveTextContent(
        'Run R-4 made 2 payouts, ₹1,352.00 in all: download its bank file below.',
      ),
    );
    expect(starts).toHaveLength(1);
    expect(router.state.location.search).toBe(`?run=${started.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Run R-4' })).toBeInTheDocument();
    expect(screen.getByText('Started Feb 03 2026 00:10 by admin. 2 payouts, ₹1,352.00 in all.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payout runs (2)' })).toBeInTheDocument();
  });

  it('says so when a run finds no one to pay', async () => {
    session(admin);
    serveRuns([]);
    const empty = payoutRun(905, [], { startedBy: { id: admin.id, username: admin.username } });
    serve('POST /api/admin/payouts/runs', () => {
      const { payouts: _payouts, ...run } = empty;
      return run;
    });
    serveRun(empty);
    const { user } = renderRoute('/admin/payouts');
    await user.click(await screen.findByRole('button', { name: 'Pay owners now' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay owners now' }));
    await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent(/^Run R-5 found no owner to pay now/));
    expect(await screen.findByText('This run found no owner to pay.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download bank file' })).toBeDisabled();
  });
});

describe('a run', () => {
  let saved: { name: string; file: Blob }[];

  beforeEach(() => {
    saved = [];
    let file: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      file = blob as Blob;
      return 'blob:bank-file';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href === 'blob:bank-file' && file) saved.push({ name: this.download, file });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows its payouts with their owners, the accounts’ last digits, amounts and states', async () => {
    session(admin);
    serveRuns(consoleRuns);
    serveRun(
      payoutRun(906, [
        adminPayout(31),
        adminPayout(32, { status: 'paid', utr: 'HDFCR52026020300032', paidAt: '2026-02-03T06:00:00.000Z' }),
        adminPayout(33, { status: 'failed', failureReason: 'Account closed.', accountLast4: null }),
      ]),
    );
    renderRoute(`/admin/payouts?run=${uuid(906)}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Run R-6' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Payouts of run R-6' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['P-31', 'ravi', 'ending 8901', '₹552.00', 'Requested', 'Mark paidMark failed'],
      ['P-32', 'ravi', 'ending 8901', '₹552.00', 'PaidUTR HDFCR52026020300032, Feb 03 2026 11:30', ''],
      ['P-33', 'ravi', 'No bank details on file', '₹552.00', 'FailedAccount closed.', ''],
    ]);
    expect(screen.getByText('1 payout to send. Downloading the file marks them processing.')).toBeInTheDocument();
  });

  it('downloads its bank file, saved under the run’s name, and shows its payouts processing', async () => {
    session(admin);
    serveRuns(consoleRuns);
    const run = serveRun(runToSend);
    const csv =
      'beneficiary_name,account_number,ifsc,amount,narration\r\nRavi Kumar,012345678901,HDFC0001234,552.00,WheelsOnWeb payout P-12\r\n';
    const downloads = serve('GET /api/admin/payouts/runs/:id/bank-file', ({ params }) => {
      for (const payout of run.current().payouts) run.change(payout.id, { status: 'processing' });
      expect(params.id).toBe(runToSend.id);
      return csv;
    });
    const { user } = renderRoute(`/admin/payouts?run=${runToSend.id}`);

    await user.click(await screen.findByRole('button', { name: 'Download bank file' }));
    await waitFor(() =>
      expect(
        screen.getByText(/^The bank file is saved as payouts-R-3\.csv, and its 2 payouts are processing\./),
      ).toBeInTheDocument(),
    );
    expect(downloads).toHaveLength(1);
    expect(saved.map(({ name }) => name)).toEqual(['payouts-R-3.csv']);
    expect(await textOf(saved[0]?.file)).toBe(csv);
    await waitFor(() => expect(within(rowOf('P-12')).getAllByRole('cell')[4]).toHaveTextContent('Processing'));
  });

  it('shows why the bank file was refused, and saves nothing', async () => {
    session(admin);
    serveRuns(consoleRuns);
    serveRun(runToSend);
    serve('GET /api/admin/payouts/runs/:id/bank-file', fail(409, serverSays.nothingToSend));
    const { user } = renderRoute(`/admin/payouts?run=${runToSend.id}`);

    await user.click(await screen.findByRole('button', { name: 'Download bank file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.nothingToSend);
    expect(saved).toEqual([]);
  });

  it('marks a payout paid with the UTR, checked as the server checks it, in capitals', async () => {
    session(admin);
    serveRuns(consoleRuns);
    const run = serveRun(runToSend);
    const marks = serve('POST /api/admin/payouts/:id/paid', ({ params, body }: Call) => {
      const { utr } = MarkPayoutPaid.parse(body);
      return run.change(String(params.id), { status: 'paid', utr, paidAt: '2026-02-03T06:00:00.000Z' });
    });
    const { user } = renderRoute(`/admin/payouts?run=${runToSend.id}`);

    await user.click(await screen.findByRole('button', { name: 'Mark payout P-12 paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout P-12 paid?' });
    expect(dialog).toHaveTextContent('₹552.00 to ravi.');
    const field = within(dialog).getByRole('textbox', { name: 'UTR' });
    await user.type(field, 'UTR-12');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(
      await within(dialog).findByText("UTR must be the bank's reference of the transfer: 12 to 22 letters and digits."),
    ).toBeInTheDocument();
    expect(marks).toHaveLength(0);

    await user.clear(field);
    await user.type(field, ' hdfcr52026020300012 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marks.map(({ params, body }) => [params.id, body])).toEqual([[uuid(12), { utr: 'HDFCR52026020300012' }]]);
    expect(screen.getByText('Payout P-12 is marked paid, and ravi is mailed its UTR.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('P-12')).getAllByRole('cell')[4]).toHaveTextContent('PaidUTR HDFCR52026020300012, Feb 03 2026 11:30'),
    );
    expect(within(rowOf('P-12')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows a UTR already used in the server's words, with the UTR still typed", async () => {
    session(admin);
    serveRuns(consoleRuns);
    serveRun(runToSend);
    serve('POST /api/admin/payouts/:id/paid', fail(409, serverSays.utrUsedOnP1));
    const { user } = renderRoute(`/admin/payouts?run=${runToSend.id}`);

    await user.click(await screen.findByRole('button', { name: 'Mark payout P-13 paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout P-13 paid?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'UTR' }), 'HDFCR52026020300012');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverSays.utrUsedOnP1);
    expect(within(dialog).getByRole('textbox', { name: 'UTR' })).toHaveValue('HDFCR52026020300012');
  });

  it('marks a payout failed with the reason its owner reads', async () => {
    session(admin);
    serveRuns(consoleRuns);
    const run = serveRun(runToSend);
    const marks = serve('POST /api/admin/payouts/:id/failed', ({ params, body }: Call) => {
      const { reason } = MarkPayoutFailed.parse(body);
      return run.change(String(params.id), { status: 'failed', failureReason: reason });
    });
    const { user } = renderRoute(`/admin/payouts?run=${runToSend.id}`);

    await user.click(await screen.findByRole('button', { name: 'Mark payout P-13 failed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout P-13 failed?' });
    expect(dialog).toHaveTextContent("The ₹1,234.56 goes back to kiran's available balance, and a later run pays it again.");
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await within(dialog).findByText(/^Reason is required/)).toBeInTheDocument();
    expect(marks).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The bank returned it: account closed.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marks.map(({ params, body }) => [params.id, body])).toEqual([
      [uuid(13), { reason: 'The bank returned it: account closed.' }],
    ]);
    expect(
      screen.getByText("Payout P-13 is marked failed: its amount is back in kiran's available balance."),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('P-13')).getAllByRole('cell')[4]).toHaveTextContent('FailedThe bank returned it: account closed.'),
    );
  });
});

describe('the payouts paid by Razorpay Route', () => {
  const routeOn = () =>
    serve('GET /api/config', { payments: { upi: { provider: 'razorpay', keyId: 'rzp_test_console', route: true } } });

  /** The Route payouts as the server pages them. */
  const serveRoutePayouts = (payouts: ReturnType<typeof routePayout>[]) =>
    serve('GET /api/admin/payouts/route', ({ query }) => paged(payouts, Number(query.page ?? 1), ADMIN_PAGE_SIZE));

  const cellsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );

  it('lists each with its owner, amount, status, transfer and India times, below the runs, when Route is on', async () => {
    session(admin);
    routeOn();
    serveRuns(consoleRuns);
    const calls = serveRoutePayouts([
      routePayout(43),
      routePayout(42, {
        owner: { id: uuid(5), username: 'kiran' },
        amountPaise: 1_23_456,
        status: 'paid',
        createdAt: '2026-01-30T04:30:00.000Z',
        paidAt: '2026-01-30T10:00:00.000Z',
      }),
      routePayout(41, {
        status: 'failed',
        failureReason: 'The Route transfer failed: the linked account is suspended.',
        createdAt: '2026-01-29T04:30:00.000Z',
      }),
      routePayout(40, { transferId: null, createdAt: '2026-01-28T04:30:00.000Z' }),
    ]);
    renderRoute('/admin/payouts');

    const section = await screen.findByRole('region', { name: 'Paid by Razorpay Route' });
    const table = await within(section).findByRole('table', { name: 'Paid by Razorpay Route' });
    expect(calls[0]?.query).toEqual({});
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Payout', 'Owner', 'Amount', 'Status', 'Transfer', 'Made']);
    expect(cellsOf(table)).toEqual([
      ['P-43', 'ravi', '₹552.00', 'Processing', 'trf_Route000000043', 'Feb 03 2026 00:10'],
      ['P-42', 'kiran', '₹1,234.56', 'PaidPaid Jan 30 2026 15:30', 'trf_Route000000042', 'Jan 30 2026 10:00'],
      [
        'P-41',
        'ravi',
        '₹552.00',
        'FailedThe Route transfer failed: the linked account is suspended.',
        'trf_Route000000041',
        'Jan 29 2026 10:00',
      ],
      ['P-40', 'ravi', '₹552.00', 'Processing', 'Not made yet', 'Jan 28 2026 10:00'],
    ]);
    // The badges are the ones the runs show.
    const runs = screen.getByRole('table', { name: 'Runs' });
    expect(within(table).getByText('Paid').className).toBe(within(runs).getByText('Paid 1').className);
  });

  it('pages on its own, leaving the runs on their page', async () => {
    session(admin);
    routeOn();
    const runCalls = serveRuns(consoleRuns);
    const calls = serveRoutePayouts(Array.from({ length: ADMIN_PAGE_SIZE + 1 }, (_, index) => routePayout(200 - index)));
    const { user, router } = renderRoute('/admin/payouts');
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    onTestFinished(() => scrolled.mockRestore());
    // jsdom lays nothing out, so it has no scrollIntoView of its own.
    const broughtIntoView = vi.fn();
    Element.prototype.scrollIntoView = broughtIntoView;
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });

    const section = await screen.findByRole('region', { name: 'Paid by Razorpay Route' });
    await within(section).findByRole('table', { name: 'Paid by Razorpay Route' });
    await user.click(
      within(within(section).getByRole('navigation', { name: /Paid by Razorpay Route/ })).getByRole('button', {
        name: 'Next',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?routePage=2'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ page: '2' }));
    expect(await within(section).findByRole('cell', { name: `P-${200 - ADMIN_PAGE_SIZE}` })).toBeInTheDocument();
    expect(runCalls.map(({ query }) => query)).toEqual([{}]);
    // The new page is read from the section's top, not the runs' far above it.
    expect(broughtIntoView.mock.contexts).toEqual([section]);
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('says honestly when Route has paid no one yet', async () => {
    session(admin);
    routeOn();
    serveRuns(consoleRuns);
    serveRoutePayouts([]);
    renderRoute('/admin/payouts');
    const section = await screen.findByRole('region', { name: 'Paid by Razorpay Route' });
    expect(
      await within(section).findByText(
        'No payout by Razorpay Route yet: the first is made when a booking paid through Razorpay has its earnings released to an owner whose linked account is active.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('is neither shown nor asked for while the server pays by bank file alone', async () => {
    session(admin);
    const config = serve('GET /api/config', { payments: { upi: { provider: 'razorpay', keyId: 'rzp_test_console' } } });
    serveRuns(consoleRuns);
    const asked = recordAllRequests();
    renderRoute('/admin/payouts');
    expect(await screen.findByRole('table', { name: 'Runs' })).toBeInTheDocument();
    await waitFor(() => expect(config).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Paid by Razorpay Route' })).not.toBeInTheDocument();
    expect(asked).not.toContain('GET /api/admin/payouts/route');
  });
});
