import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PayoutDetails, PayoutDetailsAnswer } from '../src/domain/contract';
import { renderRoute } from './render';
import { ravi } from './mocks/answers';
import { fail, refuse } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';
import { expectFieldError } from './field-errors';

/** Ravi's details as the server answers them, saved on Dec 1 2026 at 10:00 India time and paused for 48 hours. */
const saved: PayoutDetails = {
  legalName: 'Ravi Kumar',
  accountLast4: '0123',
  ifsc: 'HDFC0001234',
  upiLast4: 'bank',
  panLast4: '234F',
  updatedAt: '2026-12-01T04:30:00.000Z',
  payoutsHeldUntil: '2026-12-03T04:30:00.000Z',
};

const where = () => within(screen.getByRole('region', { name: 'Where you are paid' }));
const form = async (name: 'Add payout details' | 'Change payout details') => within(await screen.findByRole('region', { name }));

/** Ravi signed in, with `details` on file, on a server where Razorpay Route is off unless `route` says where he stands with it. */
function ownerWith(details: PayoutDetails | null, route: PayoutDetailsAnswer['route'] = null) {
  session(ravi);
  serve('GET /api/owner/payout-details', { details, route });
}

const routeSection = () => within(screen.getByRole('region', { name: 'Razorpay Route' }));

describe('payout details page', () => {
  it('tells an owner whose number is not verified that saving needs it, with a link to verify it, and shows the refusal', async () => {
    const { phoneVerifiedAt: _verified, ...unverified } = ravi;
    session(unverified);
    serve('GET /api/owner/payout-details', { details: null, route: null });
    serve('PUT /api/owner/payout-details', refuse(403, serverSays.verifyForPayouts, 'phoneNotVerified'));
    const { user } = renderRoute('/owner/payouts');
    const adding = await form('Add payout details');

    const note = await adding.findByRole('note');
    expect(note).toHaveTextContent('Payout details are saved only for an account whose phone number is verified.');
    expect(within(note).getByRole('link', { name: 'Verify your phone number on your account page' })).toHaveAttribute(
      'href',
      '/account#account-phone',
    );
    await user.type(adding.getByLabelText('Legal name'), 'Ravi Kumar');
    await user.type(adding.getByLabelText('UPI ID'), 'ravi@ybl');
    await user.type(adding.getByLabelText('PAN'), 'ABCDE1234F');
    await user.type(adding.getByLabelText('Current password'), 'the-secret-1');
    await user.click(adding.getByRole('button', { name: 'Save payout details' }));
    expect(await adding.findByRole('alert')).toHaveTextContent(serverSays.verifyForPayouts);
  });

  it('shows no such note to an owner whose number is verified', async () => {
    ownerWith(null);
    renderRoute('/owner/payouts');
    const adding = await form('Add payout details');
    await adding.findByLabelText('Legal name');
    expect(adding.queryByRole('note')).not.toBeInTheDocument();
  });

  it('adds the details an owner types, sends them as typed, and then shows them masked with the pause', async () => {
    ownerWith(null);
    const sent = serve('PUT /api/owner/payout-details', { message: serverSays.payoutDetailsSaved, details: saved, route: null });
    const { user } = renderRoute('/owner/payouts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payout details' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Payout details'));
    expect(where().getByText(/You have no payout details yet/)).toBeInTheDocument();
    const adding = await form('Add payout details');
    expect(adding.getByLabelText('UPI ID')).toHaveAccessibleDescription(
      'Optional. Kept on file: payouts go to a bank account, so a UPI ID alone is not paid yet.',
    );

    await user.type(adding.getByLabelText('Legal name'), 'Ravi Kumar');
    await user.type(adding.getByLabelText('Account number'), '0123 4567 8901 23');
    await user.type(adding.getByLabelText('Confirm account number'), '01234567890123');
    await user.type(adding.getByLabelText('IFSC'), 'hdfc0001234');
    await user.type(adding.getByLabelText('UPI ID'), 'ravi.k@okhdfcbank');
    await user.type(adding.getByLabelText('PAN'), 'abcde1234f');
    await user.type(adding.getByLabelText('Current password'), 'the-secret-1');
    await user.click(adding.getByRole('button', { name: 'Save payout details' }));

    const changing = await form('Change payout details');
    expect(await changing.findByRole('status')).toHaveTextContent(serverSays.payoutDetailsSaved);
    expect(sent.map((call) => call.body)).toEqual([
      {
        legalName: 'Ravi Kumar',
        accountNumber: '0123 4567 8901 23',
        confirmAccountNumber: '01234567890123',
        ifsc: 'hdfc0001234',
        upiId: 'ravi.k@okhdfcbank',
        pan: 'abcde1234f',
        currentPassword: 'the-secret-1',
      },
    ]);
    expect(where().getByText('Paid to Ravi Kumar')).toBeInTheDocument();
    expect(where().getByText('Account ending 0123, IFSC HDFC0001234, UPI ID ending bank, PAN ending 234F')).toBeInTheDocument();
    expect(where().getByText(/^Payouts resume on Dec 03 2026 10:00 India time\./)).toBeInTheDocument();
    // Nothing secret is left in the fields to be sent again; the legal name is shown whole anyway.
    expect(changing.getByLabelText('Legal name')).toHaveValue('Ravi Kumar');
    for (const label of ['Account number', 'Confirm account number', 'IFSC', 'UPI ID', 'PAN', 'Current password']) {
      expect(changing.getByLabelText(label)).toHaveValue('');
    }
  });

  it('shows no Razorpay Route section where Route is off', async () => {
    ownerWith(saved);
    renderRoute('/owner/payouts');
    expect(await screen.findByText('Paid to Ravi Kumar')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Razorpay Route' })).not.toBeInTheDocument();
  });

  it('shows the Route linked account’s state', async () => {
    ownerWith(saved, { state: 'under_review', missing: [] });
    renderRoute('/owner/payouts');
    expect(await screen.findByText('Your linked account is under review by Razorpay.')).toBeInTheDocument();
    expect(
      routeSection().getByText(/Earnings from card payments through Stripe and from bookings paid at pickup/),
    ).toBeInTheDocument();
  });

  it('says what Route still needs before a linked account can be made', async () => {
    ownerWith({ ...saved, accountLast4: null, ifsc: null }, { state: null, missing: ['phone', 'bankAccount'] });
    renderRoute('/owner/payouts');
    expect(await screen.findByText(/Razorpay Route needs these before your linked account can be made/)).toBeInTheDocument();
    expect(
      routeSection()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'a phone number on your account (add it on your account page)',
      'a bank account with its IFSC (Route does not pay a UPI ID)',
    ]);
  });

  it('shows saved details with no account and no pause once payouts resumed', async () => {
    ownerWith({ ...saved, accountLast4: null, ifsc: null, payoutsHeldUntil: null });
    renderRoute('/owner/payouts');

    expect(await screen.findByText('UPI ID ending bank, PAN ending 234F')).toBeInTheDocument();
    expect(where().getByText('Last changed Dec 01 2026 10:00 India time.')).toBeInTheDocument();
    expect(screen.queryByText(/Payouts resume/)).not.toBeInTheDocument();
    expect((await form('Change payout details')).getByLabelText('Legal name')).toHaveValue('Ravi Kumar');
  });

  it('refuses, without asking the server, account numbers that differ, an IFSC not in its format, and no way to be paid', async () => {
    ownerWith(null);
    const sent = serve('PUT /api/owner/payout-details', { message: serverSays.payoutDetailsSaved, details: saved, route: null });
    const { user } = renderRoute('/owner/payouts');
    const adding = await form('Add payout details');

    await user.type(await adding.findByLabelText('Legal name'), 'Ravi Kumar');
    await user.type(adding.getByLabelText('Account number'), '01234567890123');
    await user.type(adding.getByLabelText('Confirm account number'), '01234567890124');
    await user.type(adding.getByLabelText('IFSC'), 'HDFC1001234');
    await user.type(adding.getByLabelText('PAN'), 'ABCDE1234F');
    await user.type(adding.getByLabelText('Current password'), 'the-secret-1');
    await user.click(adding.getByRole('button', { name: 'Save payout details' }));

    await expectFieldError(
      adding.getByLabelText('IFSC'),
      'IFSC must be 11 characters: 4 letters, a 0, then 6 letters or digits, such as HDFC0001234.',
    );

    await user.clear(adding.getByLabelText('IFSC'));
    await user.type(adding.getByLabelText('IFSC'), 'HDFC0001234');
    await user.click(adding.getByRole('button', { name: 'Save payout details' }));
    await expectFieldError(adding.getByLabelText('Confirm account number'), 'Account numbers do not match.');

    for (const label of ['Account number', 'Confirm account number', 'IFSC']) await user.clear(adding.getByLabelText(label));
    await user.click(adding.getByRole('button', { name: 'Save payout details' }));
    await expectFieldError(
      adding.getByLabelText('Account number'),
      'Account number or UPI ID is required: give a bank account with its IFSC, a UPI ID, or both.',
    );
    expect(sent).toEqual([]);
  });

  it('shows a wrong current password under its field, keeping what was typed', async () => {
    ownerWith(saved);
    serve('PUT /api/owner/payout-details', fail(403, serverSays.wrongCurrentPassword));
    const { user } = renderRoute('/owner/payouts');
    const changing = await form('Change payout details');

    await user.type(await changing.findByLabelText('UPI ID'), 'ravi@ybl');
    await user.type(changing.getByLabelText('PAN'), 'ABCDE1234F');
    await user.type(changing.getByLabelText('Current password'), 'not-it-at-all');
    await user.click(changing.getByRole('button', { name: 'Save payout details' }));

    await expectFieldError(changing.getByLabelText('Current password'), serverSays.wrongCurrentPassword);
    expect(changing.getByLabelText('Current password')).toHaveFocus();
    expect(changing.getByLabelText('UPI ID')).toHaveValue('ravi@ybl');
    expect(where().getByText(/^Payouts resume on/)).toBeInTheDocument();
  });

  it('says so when payouts are not set up on the site', async () => {
    ownerWith(null);
    serve('PUT /api/owner/payout-details', fail(503, serverSays.payoutsNotConfigured));
    const { user } = renderRoute('/owner/payouts');
    const adding = await form('Add payout details');

    await user.type(await adding.findByLabelText('Legal name'), 'Ravi Kumar');
    await user.type(adding.getByLabelText('UPI ID'), 'ravi@ybl');
    await user.type(adding.getByLabelText('PAN'), 'ABCDE1234F');
    await user.type(adding.getByLabelText('Current password'), 'the-secret-1');
    await user.click(adding.getByRole('button', { name: 'Save payout details' }));

    expect(await adding.findByRole('alert')).toHaveTextContent(serverSays.payoutsNotConfigured);
    expect(adding.getByLabelText('UPI ID')).toHaveValue('ravi@ybl');
  });

  it('says when the details could not be loaded, with Retry', async () => {
    session(ravi);
    serve('GET /api/owner/payout-details', { details: saved, route: null });
    serve('GET /api/owner/payout-details', fail(500, serverSays.serverFault), { once: true });
    const { user } = renderRoute('/owner/payouts');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your payout details could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Paid to Ravi Kumar')).toBeInTheDocument();
    expect(where().getByText(/^Payouts resume on/)).toBeInTheDocument();
  });

  it('is reached from the owner dashboard', async () => {
    ownerWith(saved);
    const { user, router } = renderRoute('/owner');

    await user.click(await screen.findByRole('link', { name: 'Payout details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/payouts'));
    expect(await screen.findByText('Paid to Ravi Kumar')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in first', async () => {
    const { router } = renderRoute('/owner/payouts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
