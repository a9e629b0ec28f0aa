import { loginOwner, loginUser, registerOwner, registerUser } from '../../src/features/auth/api';
import type { Account, OwnerRegistration, RegisterType, UserRegistration } from '../../src/domain/contract';
import { giveApprovedLicence, markPhoneVerified, newAccount, type TestAccount } from '../../server/tests/helpers';
import { liveApp } from './live-server';

/** What the registration form sends for these credentials. */
export function userRegistration(account: TestAccount): UserRegistration {
  return { ...account, confirmPassword: account.password };
}

export function ownerRegistration(account: TestAccount): OwnerRegistration {
  return { ...userRegistration(account), phoneNumber: '+91 98765 43210', country: 'India' };
}

/**
 * Registers a new account through the app's calls, with its phone number verified as a confirmed
 * code leaves it (a first booking request and payout details need one), a renter with an approved
 * driving licence as an admin's review leaves it (a booking request needs one), and signs it in on its own
 * tab, in the current browser.
 */
export async function signUpAndIn(role: RegisterType): Promise<Account> {
  const account = newAccount();
  const credentials = { email: account.email, password: account.password };
  if (role === 'owner') await registerOwner(ownerRegistration(account));
  else await registerUser(userRegistration(account));
  await markPhoneVerified(liveApp(), role, account.email);
  if (role === 'user') await giveApprovedLicence(liveApp(), account.email);
  return (await (role === 'owner' ? loginOwner : loginUser)(credentials)).user;
}
