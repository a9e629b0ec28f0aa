import { describe, expect, it } from 'vitest';
import { endSession, getSession } from '../../src/lib/auth/session-api';
import { loginOwner, loginUser, registerOwner, registerUser, signIn, startSession } from '../../src/features/auth/api';
import { checkPasswordResetLink, confirmPasswordReset, requestPasswordReset } from '../../src/features/password-reset/api';
import { LoginAnswer, MessageAnswer, RegisterAnswer, SessionCheck } from '../../src/domain/contract';
import { newAccount } from '../../server/tests/helpers';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { ownerRegistration, userRegistration } from './registrations';

const admin = newAccount();
const live = startLiveServer({ admin });

describe('registering, against the real server', () => {
  it('registers a user and an owner with the answers the app shows', async () => {
    const person = newAccount();
    const user = conforms(RegisterAnswer, await registerUser(userRegistration(person)));
    expect(user).toEqual({
      message: serverSays.registeredUser,
      user: expect.objectContaining({ username: person.username, email: person.email, role: 'user' }),
    });
    expect(user.user).not.toHaveProperty('phoneNumber');

    const owner = conforms(RegisterAnswer, await registerOwner(ownerRegistration(newAccount())));
    expect(owner.message).toBe(serverSays.registeredOwner);
    expect(owner.user).toMatchObject({ role: 'owner', phoneNumber: '+91 98765 43210', country: 'India' });
  });

  it('refuses a taken email and passwords that differ, in the words the app shows', async () => {
    const person = newAccount();
    await registerUser(userRegistration(person));
    await expect(registerUser(userRegistration({ ...newAccount(), email: person.email }))).rejects.toMatchObject({
      status: 409,
      message: serverSays.alreadyRegistered,
    });
    await expect(registerOwner({ ...ownerRegistration(newAccount()), confirmPassword: 'something-else' })).rejects.toMatchObject({
      status: 400,
      message: serverSays.passwordsDiffer,
    });
  });
});

describe('signing in, against the real server', () => {
  it('signs a user in on registering, again on the user tab, and the session names them until they sign out', async () => {
    live.browser('renter');
    const person = newAccount();
    const registered = conforms(RegisterAnswer, await registerUser(userRegistration(person)));
    expect(conforms(SessionCheck, await getSession()).user).toEqual(registered.user);
    await endSession();
    expect(conforms(SessionCheck, await getSession())).toEqual({ user: null });

    const answer = conforms(LoginAnswer, await loginUser({ email: person.email, password: person.password }));
    expect(answer).toMatchObject({ message: serverSays.signedIn, user: { email: person.email, role: 'user' } });
    expect(conforms(SessionCheck, await getSession()).user).toEqual(answer.user);

    await expect(endSession()).resolves.toBeUndefined();
    expect(conforms(SessionCheck, await getSession())).toEqual({ user: null });
  });

  it('signs each account in as what it is on either tab', async () => {
    live.browser('owner');
    const owner = newAccount();
    const renter = newAccount();
    await registerOwner(ownerRegistration(owner));
    await registerUser(userRegistration(renter));

    expect(conforms(LoginAnswer, await loginUser({ email: owner.email, password: owner.password })).user.role).toBe('owner');
    expect((await getSession()).user?.email).toBe(owner.email);
    expect(conforms(LoginAnswer, await loginOwner({ email: renter.email, password: renter.password })).user.role).toBe('user');
    expect((await getSession()).user?.email).toBe(renter.email);
  });

  it('signs an admin in on either tab', async () => {
    live.browser('admin');
    expect(conforms(LoginAnswer, await loginOwner({ email: admin.email, password: admin.password })).user.role).toBe('admin');
    expect(conforms(LoginAnswer, await loginUser({ email: admin.email, password: admin.password })).user.role).toBe('admin');
    expect((await getSession()).user?.email).toBe(admin.email);
  });

  it('signs in by username on the sign-in page and on /api/session', async () => {
    live.browser('sign-in page');
    const person = newAccount();
    await registerUser(userRegistration(person));
    expect(conforms(LoginAnswer, await signIn({ email: person.username, password: person.password })).user.email).toBe(
      person.email,
    );
    const answer = conforms(LoginAnswer, await startSession({ login: person.username.toUpperCase(), password: person.password }));
    expect(answer.message).toBe(serverSays.signedIn);
    expect((await getSession()).user?.username).toBe(person.username);
  });

  it('answers a wrong password and an unknown email alike, then too many failures with a wait', async () => {
    live.browser('guesser');
    const person = newAccount();
    await registerUser(userRegistration(person));
    await expect(loginUser({ email: 'nobody@example.in', password: person.password })).rejects.toMatchObject({
      status: 401,
      message: serverSays.invalidLogin,
    });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await expect(signIn({ email: person.email, password: 'not-the-password' })).rejects.toMatchObject({
        status: 401,
        message: serverSays.invalidLogin,
      });
    }
    await expect(loginUser({ email: person.email, password: person.password })).rejects.toMatchObject({
      status: 429,
      message: serverSays.tooManySignIns,
    });
  });
});

describe('forgetting a password, against the real server', () => {
  it('answers a known and an unknown email with the same words the page shows', async () => {
    const person = newAccount();
    await registerUser(userRegistration(person));
    for (const email of [person.email, 'nobody@example.in']) {
      expect(conforms(MessageAnswer, await requestPasswordReset({ email }))).toEqual({ message: serverSays.resetRequested });
    }
  });

  it('refuses a link the server never mailed in the words the page shows', async () => {
    await expect(checkPasswordResetLink({ token: 'made-up-token' })).rejects.toMatchObject({
      status: 400,
      message: serverSays.unknownResetLink,
    });
    await expect(
      confirmPasswordReset({ token: 'made-up-token', password: 'a-new-secret-1', confirmPassword: 'a-new-secret-1' }),
    ).rejects.toMatchObject({ status: 400, message: serverSays.unknownResetLink });
  });
});
