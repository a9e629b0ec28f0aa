import { describe, expect, it } from 'vitest';
import { savePayoutDetails } from '../../src/features/payout-details/api';
import { serverSays } from '../mocks/server-says';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

// A server started without PAYOUT_DETAILS_KEY, as a new install is until someone sets it.
const live = startLiveServer({ payoutDetailsKey: undefined });

describe('the payout details page, against a server without the key', () => {
  it('is told that payouts are not set up, in the words the page shows', async () => {
    live.browser('owner');
    await signUpAndIn('owner');
    await expect(
      savePayoutDetails({ legalName: 'Ravi Kumar', upiId: 'ravi@ybl', pan: 'ABCDE1234F', currentPassword: 'whatever-1' }),
    ).rejects.toMatchObject({ status: 503, message: serverSays.payoutsNotConfigured });
  });
});
