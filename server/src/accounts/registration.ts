import type { RegisterType } from '#domain/schemas/accounts';
import type { Passwords } from '../auth/passwords';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { accounts, type AccountRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { registrationCounter } from '../limits/registrations';
import { t } from '../i18n';

export const ALREADY_REGISTERED = 'server.registration.alreadyRegistered';

export interface Registration {
  username: string;
  email: string;
  password: string;
  phoneNumber?: string | undefined;
  country?: string | undefined;
}

/**
 * Registers accounts: each registration is counted against its address's hourly limit before its
 * password is hashed, and runs only while the hash queue has room (503 otherwise). A taken email or
 * username is a 409.
 */
export function accountRegistrar(db: Database, passwords: Passwords, registrationsPerHour: number) {
  const countRegistration = registrationCounter(registrationsPerHour);
  return (role: RegisterType, details: Registration, address: string, now: Date): Promise<AccountRow> =>
    passwords.registering(address, async (hash) => {
      await countRegistration(db, address, now);
      const passwordHash = await hash(details.password);
      try {
        // In a transaction of its own, so one past the request's deadline rolls back (db/deadline.ts).
        const [created] = await db.transaction((tx) =>
          tx
            .insert(accounts)
            .values({
              username: details.username,
              email: details.email,
              passwordHash,
              role,
              phoneNumber: details.phoneNumber ?? null,
              country: details.country ?? null,
              createdAt: now,
            })
            .returning(),
        );
        if (!created) throw new Error('insert returned no account');
        return created;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, t(ALREADY_REGISTERED));
        throw error;
      }
    });
}
