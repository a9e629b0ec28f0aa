import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  changePassword,
  confirmPhoneCode,
  getAccount,
  sendPhoneCode,
  signOutEverywhere,
  updateAccount,
} from '../../src/features/account/api';
import { loginUser, registerUser } from '../../src/features/auth/api';
import { getSession } from '../../src/lib/auth/session-api';
import { AccountSaved, MessageAnswer, PhoneCodeSent, PhoneVerified, SessionAnswer } from '../../src/domain/contract';
import { smsOutbox } from '../../server/src/db/schema';
import { newAccount } from '../../server/tests/helpers';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn, userRegistration } from './registrations';

const live = startLiveServer();

describe('the account page, against the real server', () => {
  it('reads the account and saves a renter’s details in the words the page shows', async () => {
    live.browser('renter');
    const renter = await signUpAndIn('user');
    expect(conforms(SessionAnswer, await getAccount()).user).toEqual(renter);

    // A new number is no longer the verified one: it is proved again with a code.
    const { phoneVerifiedAt: _verified, ...unverified } = renter;
    const saved = conforms(AccountSaved, await updateAccount({ phoneNumber: '+91 99000 11122', country: 'India' }));
    expect(saved).toEqual({
      message: serverSays.detailsSaved,
      user: { ...unverified, phoneNumber: '+91 99000 11122', country: 'India' },
    });
  });

  it('refuses to clear an owner’s phone number, and a phone number that is not one, in the words the page shows', async () => {
    live.browser('owner');
    await signUpAndIn('owner');
    await expect(updateAccount({ phoneNumber: '' })).rejects.toMatchObject({
      status: 400,
      message: serverSays.ownerPhoneRequired,
    });
    await expect(updateAccount({ phoneNumber: 'call me' })).rejects.toMatchObject({
      status: 400,
      message: serverSays.notAPhoneNumber,
    });
  });

  it('refuses a wrong current password, then changes the password with the right one', async () => {
    live.browser('changer');
    const person = newAccount();
    await registerUser(userRegistration(person));
    await loginUser({ email: person.email, password: person.password });
    const change = { password: 'a-new-secret-1', confirmPassword: 'a-new-secret-1' };

    await expect(changePassword({ ...change, currentPassword: 'not-it-at-all' })).rejects.toMatchObject({
      status: 403,
      message: serverSays.wrongCurrentPassword,
    });
    expect(conforms(MessageAnswer, await changePassword({ ...change, currentPassword: person.password }))).toEqual({
      message: serverSays.passwordChanged,
    });
    expect((await getSession()).user?.email).toBe(person.email);
  });

  it('signs out of all devices: the session ends', async () => {
    live.browser('leaver');
    await signUpAndIn('user');
    await expect(signOutEverywhere()).resolves.toBeUndefined();
    expect(await getSession()).toEqual({ user: null });
  });

  it('texts a code and verifies the number with it, in the words the page shows', async () => {
    live.browser('phone');
    const account = newAccount();
    await registerUser(userRegistration(account));
    await loginUser({ email: account.email, password: account.password });

    const sent = conforms(PhoneCodeSent, await sendPhoneCode({ phoneNumber: '98765 01234' }));
    expect(sent).toMatchObject({ message: serverSays.codeTexted, queued: false });
    const [text] = await live.app.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toNumber, '+919876501234'))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    const code = text?.body.match(/^(\d{6}) /)?.[1] ?? '';
    await expect(confirmPhoneCode({ code: code === '000000' ? '111111' : '000000' })).rejects.toMatchObject({
      status: 400,
      message: serverSays.wrongCode,
    });
    const verified = conforms(PhoneVerified, await confirmPhoneCode({ code }));
    expect(verified.message).toBe(serverSays.phoneVerified);
    expect(verified.user.phoneNumber).toBe('+91 98765 01234');
  });
});
