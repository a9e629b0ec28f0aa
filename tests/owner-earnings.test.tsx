import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EarningsBooking, OwnerEarnings, OwnerStatement } from '../src/domain/contract';
import { renderRoute } from './render';
import { asha, creta, ravi, swift, uuid } from './mocks/answers';
import { fail } from './mocks/routes';
import { serve, session } from './mocks/serve';

/** The last 12 India months up to November 2026, oldest first, with earnings in October and November. */
const MONTHS = [
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
].map((month) => ({
  month,
  netPaise: month === '2026-10' ? 110_400 : month === '2026-11' ? 55_200 : 0,
  hasStatement: month >= '2026-09',
}));

function booking(n: number, fields: Partial<EarningsBooking>): EarningsBooking {
  return {
    id: uuid(n),
    number: `WOW-${String(n).padStart(5, '0')}`,
    car: { id: swift.id, carName: 'Maruti Swift' },
    from: '2026-11-02T10:00:00+05:30',
    to: '2026-11-02T13:00:00+05:30',
    state: 'pending',
    grossPaise: 69_000,
    platformPaise: 13_800,
    tdsPaise: 0,
    netPaise: 55_200,
    balancePaise: 55_200,
    paidAtPickup: false,
    partlyRefunded: false,
    receiptPath: `/bookings/${uuid(n)}`,
    ...fields,
  };
}

/** ravi, owing the platform's share of a booking paid at pickup, with one payout paid. */
function earnings(overrides: Partial<OwnerEarnings> = {}): OwnerEarnings {
  return {
    asOf: '2026-11-25T09:30:00+05:30',
    pendingPaise: 55_200,
    availablePaise: -13_800,
    paidThisYearPaise: 55_200,
    financialYear: '2026-27',
    nextPayout: { date: '2026-11-30', amountPaise: 0, minPayoutPaise: 10_000 },
    months: MONTHS,
    occupancy: [
      { carId: swift.id, carName: 'Maruti Swift', bookedHours: 6, listedHours: 480, occupancyBps: 125 },
      { carId: creta.id, carName: 'Hyundai Creta', bookedHours: 0, listedHours: 0, occupancyBps: null },
    ],
    bookings: {
      month: null,
      total: 3,
      items: [
        booking(301, { state: 'pending' }),
        booking(302, { state: 'paidOut' }),
        booking(303, {
          state: 'owedAtPickup',
          paidAtPickup: true,
          balancePaise: -13_800,
          car: { id: creta.id, carName: 'Hyundai Creta' },
        }),
      ],
    },
    payouts: [
      {
        id: uuid(901),
        number: 7,
        amountPaise: 55_200,
        status: 'paid',
        way: 'manual',
        utr: 'UTRPAIDOUT0001',
        paidAt: '2026-11-24T11:00:00+05:30',
        failureReason: null,
        createdAt: '2026-11-23T06:00:00+05:30',
      },
      {
        id: uuid(902),
        number: 6,
        amountPaise: 20_000,
        status: 'failed',
        way: 'manual',
        utr: null,
        paidAt: null,
        failureReason: 'The bank refused the account number.',
        createdAt: '2026-11-16T06:00:00+05:30',
      },
    ],
    ...overrides,
  };
}

const nothingYet: Partial<OwnerEarnings> = {
  pendingPaise: 0,
  availablePaise: 0,
  paidThisYearPaise: 0,
  months: MONTHS.map((month) => ({ ...month, netPaise: 0 })),
  occupancy: [],
  bookings: { month: null, total: 0, items: [] },
  payouts: [],
};

/** A table's rows as a person reads them, cell by cell. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('the owner’s earnings page (/owner/earnings)', () => {
  beforeEach(() => {
    session(ravi);
  });

  it('shows the four figures, an amount owed as owed, and the next payout with the minimum', async () => {
    serve('GET /api/owner/earnings', earnings());
    renderRoute('/owner/earnings');
    const figures = await screen.findByRole('region', { name: 'Your balances' });
    expect(within(figures).getByRole('heading', { name: 'Pending' }).parentElement).toHaveTextContent('₹552.00');
    expect(within(figures).queryByRole('heading', { name: 'Available' })).not.toBeInTheDocument();
    const owed = within(figures).getByRole('heading', { name: 'You owe' }).parentElement;
    expect(owed).toHaveTextContent('₹138.00');
    expect(owed).toHaveTextContent('taken from your next earnings');
    expect(within(figures).getByRole('heading', { name: 'Paid in 2026-27' }).parentElement).toHaveTextContent('₹552.00');
    expect(within(figures).getByRole('heading', { name: 'Next payout' }).parentElement).toHaveTextContent(
      '₹0.00Nothing to pay on Monday, 30 Nov 2026: a payout is made once at least ₹100.00 is available.',
    );
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Earnings'));
  });

  it('says what an available balance is and when it is paid', async () => {
    serve(
      'GET /api/owner/earnings',
      earnings({ availablePaise: 41_400, nextPayout: { date: '2026-11-30', amountPaise: 41_400, minPayoutPaise: 10_000 } }),
    );
    renderRoute('/owner/earnings');
    const figures = await screen.findByRole('region', { name: 'Your balances' });
    expect(within(figures).getByRole('heading', { name: 'Available' }).parentElement).toHaveTextContent('₹414.00');
    expect(within(figures).getByRole('heading', { name: 'Next payout' }).parentElement).toHaveTextContent(
      '₹414.00On Monday, 30 Nov 2026, of what is available that day.',
    );
  });

  it('gives the chart’s figures as a table (all jsdom, which draws no canvas, shows), with a link to each month’s statement since the account was opened', async () => {
    serve('GET /api/owner/earnings', earnings());
    renderRoute('/owner/earnings');
    const table = await screen.findByRole('table', { name: "Net earnings by month, with each month's statement" });
    const rows = rowsOf(table);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['November 2026', '₹552.00', 'Statement for November 2026']);
    expect(rows[1]).toEqual(['October 2026', '₹1,104.00', 'Statement for October 2026']);
    expect(rows[3]).toEqual(['August 2026', '₹0.00', 'Before your account']);
    expect(within(table).getByRole('link', { name: 'Statement for October 2026' })).toHaveAttribute(
      'href',
      '/owner/statements/2026-10',
    );
  });

  it('lists each car’s occupancy, and a car not listed at all as such', async () => {
    serve('GET /api/owner/earnings', earnings());
    renderRoute('/owner/earnings');
    const occupancy = await screen.findByRole('region', { name: 'Occupancy, last 30 days' });
    expect(within(occupancy).getByText('6 hours booked of 480 hours listed: 1%')).toBeInTheDocument();
    expect(within(occupancy).getByRole('progressbar', { name: "Share of Maruti Swift's listed hours booked" })).toHaveAttribute(
      'aria-valuenow',
      '1.25',
    );
    expect(within(occupancy).getByText('Not listed in the last 30 days')).toBeInTheDocument();
  });

  it('lists the bookings with their split, where their money stands and a link to each receipt', async () => {
    serve('GET /api/owner/earnings', earnings());
    renderRoute('/owner/earnings');
    const table = await screen.findByRole('table', { name: 'The bookings behind your earnings' });
    expect(rowsOf(table)).toEqual([
      ['WOW-00301', 'Maruti Swift', 'Nov 02 2026 10:00 – Nov 02 2026 13:00', '₹690.00', '₹138.00', '₹0.00', '₹552.00', 'Pending'],
      [
        'WOW-00302',
        'Maruti Swift',
        'Nov 02 2026 10:00 – Nov 02 2026 13:00',
        '₹690.00',
        '₹138.00',
        '₹0.00',
        '₹552.00',
        'Paid out',
      ],
      [
        'WOW-00303',
        'Hyundai Creta',
        'Nov 02 2026 10:00 – Nov 02 2026 13:00',
        '₹690.00',
        '₹138.00',
        '₹0.00',
        '₹552.00',
        'Paid at pickup: share owed',
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'Receipt of booking WOW-00302' })).toHaveAttribute(
      'href',
      `/bookings/${uuid(302)}`,
    );
  });

  it('shows a late cancellation with the figures of the part kept, and says the renter got part back', async () => {
    const kept = { grossPaise: 34_500, platformPaise: 6_900, netPaise: 27_600, balancePaise: 27_600 };
    const lateCancel = booking(304, { ...kept, state: 'available', partlyRefunded: true });
    serve('GET /api/owner/earnings', earnings({ bookings: { month: null, total: 1, items: [lateCancel] } }));
    renderRoute('/owner/earnings');
    const table = await screen.findByRole('table', { name: 'The bookings behind your earnings' });
    expect(rowsOf(table)).toEqual([
      [
        'WOW-00304',
        'Maruti Swift',
        'Nov 02 2026 10:00 – Nov 02 2026 13:00',
        '₹345.00',
        '₹69.00',
        '₹0.00',
        '₹276.00',
        'AvailableCancelled late: the renter got part back, and these are the figures of the part kept.',
      ],
    ]);
  });

  it('asks for one month’s bookings when the owner picks it, and keeps it in the address', async () => {
    const calls = serve('GET /api/owner/earnings', ({ query }) =>
      query.month === '2026-10'
        ? earnings({ bookings: { month: '2026-10', total: 1, items: [booking(302, { state: 'paidOut' })] } })
        : earnings(),
    );
    const { user, router } = renderRoute('/owner/earnings');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Show' }), 'Money posted in October 2026');
    const table = screen.getByRole('table', { name: 'The bookings behind your earnings' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    expect(calls.map((call) => call.query)).toEqual([{}, { month: '2026-10' }]);
    expect(router.state.location.search).toBe('?month=2026-10');
    // Only the months since the account was opened can be picked.
    expect(within(screen.getByRole('combobox', { name: 'Show' })).getAllByRole('option')).toHaveLength(4);
  });

  it('lists the payouts with their status, UTR (none for Razorpay Route) and why one failed', async () => {
    const { payouts } = earnings();
    const byRoute = {
      id: uuid(903),
      number: 8,
      amountPaise: 41_400,
      status: 'paid' as const,
      way: 'route' as const,
      utr: null,
      paidAt: '2026-11-26T09:00:00+05:30',
      failureReason: null,
      createdAt: '2026-11-25T09:00:00+05:30',
    };
    serve('GET /api/owner/earnings', earnings({ payouts: [byRoute, ...payouts] }));
    renderRoute('/owner/earnings');
    const table = await screen.findByRole('table', { name: 'Your payouts, newest first' });
    expect(rowsOf(table)).toEqual([
      ['No. 8', '₹414.00', 'Paid', 'Razorpay Route', 'Nov 26 2026 09:00'],
      ['No. 7', '₹552.00', 'Paid', 'UTRPAIDOUT0001', 'Nov 24 2026 11:00'],
      ['No. 6', '₹200.00', 'FailedFailed: The bank refused the account number.', 'Not yet', 'Not yet'],
    ]);
  });

  it('says plainly when there is nothing yet', async () => {
    serve('GET /api/owner/earnings', earnings(nothingYet));
    renderRoute('/owner/earnings');
    expect(await screen.findByText("No earnings yet: they appear here when a renter's payment is taken.")).toBeInTheDocument();
    expect(screen.getByText('No bookings with money posted.')).toBeInTheDocument();
    expect(screen.getByText('No payouts yet.')).toBeInTheDocument();
    expect(screen.getByText('You have no cars listed.')).toBeInTheDocument();
  });

  it('says the figures could not be loaded, in the server’s words, and offers to try again', async () => {
    serve('GET /api/owner/earnings', fail(503, 'The database is not answering. Please try again in a moment.'));
    renderRoute('/owner/earnings');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your earnings could not be loaded. The database is not answering. Please try again in a moment.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is reached from the owner’s dashboard and account menu, and is not a renter’s', async () => {
    serve('GET /api/owner/earnings', earnings());
    const { user } = renderRoute('/owner');
    await user.click(await screen.findByRole('link', { name: 'Earnings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Earnings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Signed in as ravi/ }));
    expect(screen.getByRole('link', { name: 'Earnings' })).toHaveAttribute('href', '/owner/earnings');
  });

  it('sends a renter elsewhere', async () => {
    session(asha);
    const calls = serve('GET /api/owner/earnings', earnings());
    renderRoute('/owner/earnings');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Earnings' })).not.toBeInTheDocument());
    await screen.findByRole('heading', { level: 1 });
    expect(calls).toEqual([]);
  });
});

function statement(overrides: Partial<OwnerStatement> = {}): OwnerStatement {
  return {
    number: 'WOW-ST/26-27/00000000/11',
    month: '2026-11',
    from: '2026-11-01T00:00:00+05:30',
    to: '2026-12-01T00:00:00+05:30',
    complete: true,
    owner: { username: 'ravi', email: 'ravi@example.com' },
    openingPendingPaise: 55_200,
    openingAvailablePaise: 0,
    closingPendingPaise: 55_200,
    closingAvailablePaise: -13_800,
    lines: [
      {
        journalId: 41,
        at: '2026-11-22T13:00:00+05:30',
        kind: 'release',
        memo: 'Earnings available',
        booking: { id: uuid(302), number: 'WOW-00302', carName: 'Maruti Swift', receiptPath: `/bookings/${uuid(302)}` },
        payoutNumber: null,
        earnedPaise: 0,
        pendingPaise: -55_200,
        availablePaise: 55_200,
        availableBalancePaise: 55_200,
      },
      {
        journalId: 42,
        at: '2026-11-23T06:00:00+05:30',
        kind: 'payoutRequested',
        memo: 'Payout asked for',
        booking: null,
        payoutNumber: 7,
        earnedPaise: 0,
        pendingPaise: 0,
        availablePaise: -55_200,
        availableBalancePaise: 0,
      },
      {
        journalId: 43,
        at: '2026-11-24T10:00:00+05:30',
        kind: 'capture',
        memo: 'Payment taken',
        booking: { id: uuid(301), number: 'WOW-00301', carName: 'Maruti Swift', receiptPath: `/bookings/${uuid(301)}` },
        payoutNumber: null,
        earnedPaise: 55_200,
        pendingPaise: 55_200,
        availablePaise: 0,
        availableBalancePaise: 0,
      },
      {
        journalId: 44,
        at: '2026-11-24T11:00:00+05:30',
        kind: 'pickupShare',
        memo: "Platform's share of a booking paid at pickup",
        booking: { id: uuid(303), number: 'WOW-00303', carName: 'Hyundai Creta', receiptPath: `/bookings/${uuid(303)}` },
        payoutNumber: null,
        earnedPaise: 55_200,
        pendingPaise: 0,
        availablePaise: -13_800,
        availableBalancePaise: -13_800,
      },
    ],
    payouts: earnings().payouts.slice(0, 1),
    totals: { earnedPaise: 110_400, pendingPaise: 0, availablePaise: -13_800, paidOutPaise: 55_200 },
    ...overrides,
  };
}

describe('an owner’s monthly statement (/owner/statements/{month})', () => {
  beforeEach(() => {
    session(ravi);
  });

  it('states the number, the owner, the balances, every line with a link to its booking, the totals and the payouts', async () => {
    const calls = serve('GET /api/owner/statements/:month', statement());
    renderRoute('/owner/statements/2026-11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statement for November 2026' })).toBeInTheDocument();
    expect(calls.map((call) => call.params)).toEqual([{ month: '2026-11' }]);
    expect(screen.getByText('WOW-ST/26-27/00000000/11')).toBeInTheDocument();
    expect(screen.getByText('ravi (ravi@example.com)')).toBeInTheDocument();
    expect(screen.getByText('1 Nov 2026 to 30 Nov 2026 (India time)')).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Balances' }))).toEqual([
      ['At the start of the month', '₹552.00', '₹0.00'],
      ['At the end of the month', '₹552.00', '-₹138.00'],
    ]);
    const lines = screen.getByRole('table', { name: 'What moved' });
    expect(rowsOf(lines)).toEqual([
      [
        'Nov 22 2026 13:00',
        'Earnings now available to be paid outWOW-00302 Maruti Swift',
        '₹0.00',
        '-₹552.00',
        '₹552.00',
        '₹552.00',
      ],
      ['Nov 23 2026 06:00', 'Payout to your bank accountpayout no. 7', '₹0.00', '₹0.00', '-₹552.00', '₹0.00'],
      [
        'Nov 24 2026 10:00',
        'Booking paid: your share, pending until the trip completesWOW-00301 Maruti Swift',
        '₹552.00',
        '₹552.00',
        '₹0.00',
        '₹0.00',
      ],
      [
        'Nov 24 2026 11:00',
        "Booking paid to you at pickup: the platform's share, owedWOW-00303 Hyundai Creta",
        '₹552.00',
        '₹0.00',
        '-₹138.00',
        '-₹138.00',
      ],
      ['Totals', '₹1,104.00', '₹0.00', '-₹138.00', '-₹138.00'],
    ]);
    expect(within(lines).getByRole('link', { name: 'WOW-00303' })).toHaveAttribute('href', `/bookings/${uuid(303)}`);
    expect(screen.getByText('Paid out to your bank this month: ₹552.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      'http://localhost:4000/api/owner/statements/2026-11.csv',
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your earnings' })).toHaveAttribute('href', '/owner/earnings');
  });

  it('says a month under way is its statement so far, and a month with nothing moved says so', async () => {
    serve('GET /api/owner/statements/:month', statement({ complete: false, lines: [], payouts: [] }));
    renderRoute('/owner/statements/2026-11');
    expect(await screen.findByText('The month is not over: this is its statement so far.')).toBeInTheDocument();
    expect(screen.getByText('Nothing moved in this month.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a month it has no statement for', async () => {
    serve('GET /api/owner/statements/:month', fail(400, 'There is no statement for 2999-01 yet: the month has not begun.'));
    renderRoute('/owner/statements/2999-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The statement could not be loaded. There is no statement for 2999-01 yet: the month has not begun.',
    );
  });

  it('asks nothing of the server for an address that names no month', async () => {
    const calls = serve('GET /api/owner/statements/:month', statement());
    renderRoute('/owner/statements/last-month');
    expect(await screen.findByRole('heading', { level: 1, name: 'No such statement' })).toBeInTheDocument();
    expect(screen.getByText(/statements are at addresses such as \/owner\/statements\/2026-11/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
