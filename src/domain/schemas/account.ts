import { z } from 'zod';
import { checkText } from '../issue-message';
import { PASSWORD_MAX } from '../limits';
import { Account, country, PASSWORDS_DIFFER, passwordsMatch, phoneNumber, type Role } from './accounts';
import { password } from './fields';

// The signed-in person's own account (`/api/account`): the details they may change, and their password.

/**
 * A detail `PATCH /api/account` may change: left out, it stays as it is; blank (or null) clears it.
 * Only renters and admins may clear one (see ownerDetailCleared).
 */
const clearable = (field: z.ZodString) =>
  z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : text))
    .pipe(field.nullable())
    .nullable()
    .optional();

export const AccountUpdate = z.object({
  phoneNumber: clearable(phoneNumber).meta({ description: 'Blank or null clears it (not for owners); left out, it stays.' }),
  country: clearable(country).meta({ description: 'Blank or null clears it (not for owners); left out, it stays.' }),
});
export type AccountUpdate = z.input<typeof AccountUpdate>;

export const OWNER_PHONE_REQUIRED = 'checks.owner.phoneRequired';
export const OWNER_COUNTRY_REQUIRED = 'checks.owner.countryRequired';

/**
 * Why an update may not clear a detail for an account of `role`, or undefined when it may. Owners
 * register with both a phone number and a country, and renters reach them with these, so an owner
 * may change them but never blank them; renters and admins never needed them. The reason is a
 * checks message id.
 */
export function ownerDetailCleared(role: Role, update: z.output<typeof AccountUpdate>): string | undefined {
  if (role !== 'owner') return undefined;
  if (update.phoneNumber === null) return OWNER_PHONE_REQUIRED;
  if (update.country === null) return OWNER_COUNTRY_REQUIRED;
  return undefined;
}

/** The account form's check before sending: the body's rules, and what an account of `role` must keep. */
export function accountUpdateFor(role: Role) {
  return AccountUpdate.superRefine((update, context) => {
    const refusal = ownerDetailCleared(role, update);
    if (refusal) context.addIssue({ code: 'custom', message: refusal });
  });
}

export const AccountSaved = z.object({ message: z.string(), user: Account });
export type AccountSaved = z.output<typeof AccountSaved>;

const CURRENT_PASSWORD_MISSING = 'checks.currentPassword.required';

/**
 * The current password proves it is the account's holder, not someone at a device left signed in:
 * asked again before a change that would let whoever holds the session lock the owner out or take
 * their money (the password, the payout details).
 */
export const currentPassword = z
  .string({ error: CURRENT_PASSWORD_MISSING })
  .min(1, CURRENT_PASSWORD_MISSING)
  .max(PASSWORD_MAX, checkText('checks.issue.tooLong', { field: { id: 'checks.field.currentPassword' }, maximum: PASSWORD_MAX }));

export const PasswordChange = z
  .object({
    currentPassword,
    password,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type PasswordChange = z.input<typeof PasswordChange>;
