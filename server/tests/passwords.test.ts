import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwords, verifyPassword } from '../src/auth/passwords';
import { loadConfig } from '../src/config';
import { accounts } from '../src/db/schema';
import { buildTestApp, closeTestApp, register, signIn, TEST_SCRYPT_COST } from './helpers';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a salt, never the password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(hash).not.toContain('correct horse battery');
  });

  it('salts each hash, so one password gives two different hashes', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('accepts the right password and refuses any other', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('refuses a stored value that is not one of its hashes', async () => {
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false);
  });
});

describe('the configured cost', () => {
  it.each([
    ['the production cost on the default configuration', loadConfig({}).scryptCost, 32768],
    ["the tests' cheap cost when configured so", TEST_SCRYPT_COST, TEST_SCRYPT_COST],
  ])('is what an app stores new passwords at (%s), and they sign in', async (_label, scryptCost, stored) => {
    const app = await buildTestApp({ scryptCost });
    try {
      const account = await register(app, 'user');
      const [row] = await app.db.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.email, account.email));
      expect(row?.hash.split('$').slice(0, 4)).toEqual(['scrypt', String(stored), '8', '1']);
      expect(await signIn(app, account.email, account.password)).toMatch(/^session=/);
    } finally {
      await closeTestApp(app);
    }
  });

  it('applies to new hashes only: a password stored at another cost is still checked at its own', async () => {
    const cheap = passwords(TEST_SCRYPT_COST);
    const stored = await cheap.hash('correct horse battery');
    expect(stored.startsWith(`scrypt$${TEST_SCRYPT_COST}$`)).toBe(true);
    expect(await passwords().checking('203.0.113.1', (verify) => verify('correct horse battery', stored))).toBe(true);
    expect(await passwords().checking('203.0.113.1', (verify) => verify('wrong horse battery', stored))).toBe(false);
  });

  it('refuses any password when the login named no account', async () => {
    expect(
      await passwords(TEST_SCRYPT_COST).checking('203.0.113.1', (verify) => verify('correct horse battery', undefined)),
    ).toBe(false);
  });
});
