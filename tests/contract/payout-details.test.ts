import { describe, expect, it } from 'vitest';
import { formatIndiaTime } from '../../src/domain/india-time';
import { PayoutDetailsAnswer, PayoutDetailsSaved } from '../../src/domain/contract';
import { getPayoutDetails, savePayoutDetails } from '../../src/features/payout-details/api';
import { loginOwner, registerOwner } from '../../src/features/auth/api';
import { markPhoneVerified, newAccount } from '../../server/tests/helpers';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { ownerRegistration, signUpAndIn } from './registrations';

const live = startLiveServer();

const details = { legalName: 'Ravi Kumar', upiId: 'ravi.k@okhdfcbank', pan: 'abcde1234f' };

describe('the payout details page, against the real server', () => {
  it('reads none, saves details and reads them back masked, in the words the page shows', async () => {
    live.browser('owner');
    const owner = newAccount();
    await registerOwner(ownerRegistration(owner));
    await markPhoneVerified(live.app, 'owner', owner.email);
    await loginOwner({ email: owner.email, password: owner.password });
    // This server pays by bank file alone: Razorpay Route is off, so there is no linked account to show.
    expect(conforms(PayoutDetailsAnswer, await getPayoutDetails())).toEqual({ details: null, route: null });

    const saved = conforms(
      PayoutDetailsSaved,
      await savePayoutDetails({
        ...details,
        accountNumber: '0123 4567 8901 23',
        confirmAccountNumber: '01234567890123',
        ifsc: 'hdfc0001234',
        currentPassword: owner.password,
      }),
    );
    expect(saved.details).toMatchObject({ accountLast4: '0123', ifsc: 'HDFC0001234', upiLast4: 'bank', panLast4: '234F' });
    const until = formatIndiaTime(saved.details.payoutsHeldUntil ?? '');
    expect(saved.message).toBe(serverSays.payoutDetailsSaved.replace('Dec 03 2026 10:00', until));
    expect(conforms(PayoutDetailsAnswer, await getPayoutDetails())).toEqual({ details: saved.details, route: null });

    await expect(savePayoutDetails({ ...details, currentPassword: 'not-it-at-all' })).rejects.toMatchObject({
      status: 403,
      message: serverSays.wrongCurrentPassword,
    });
  });

  it('is refused to a renter', async () => {
    live.browser('renter');
    await signUpAndIn('user');
    await expect(getPayoutDetails()).rejects.toMatchObject({ status: 403, message: serverSays.ownersOnly });
  });

  it('is refused to an owner whose number is not verified, in the words the page shows', async () => {
    live.browser('unverified owner');
    const owner = newAccount();
    await registerOwner(ownerRegistration(owner));
    await loginOwner({ email: owner.email, password: owner.password });
    await expect(savePayoutDetails({ ...details, currentPassword: owner.password })).rejects.toMatchObject({
      status: 403,
      message: serverSays.verifyForPayouts,
      reason: 'phoneNotVerified',
    });
    expect(conforms(PayoutDetailsAnswer, await getPayoutDetails())).toEqual({ details: null, route: null });
  });
});
