import { z } from 'zod';
import { PASSWORDS_DIFFER, passwordsMatch } from './accounts';
import { email, isoInstant, password } from './fields';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

export const PasswordResetRequest = z.object({ email });
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

/** The token is the link's: 32 random bytes in base64url, 43 characters; anything far off it is not worth a query. */
const token = z.string().min(1, 'checks.resetToken.missing').max(200);

/**
 * `POST /api/password-reset/check`: whether a reset link still works, asked as its page opens. The
 * token goes in the body rather than the address, which the server logs.
 */
export const PasswordResetCheck = z.object({ token });
export type PasswordResetCheck = z.input<typeof PasswordResetCheck>;

/** A reset link that still works. */
export const PasswordResetLink = z.object({ expiresAt: isoInstant.meta({ description: 'When the link stops working.' }) });
export type PasswordResetLink = z.output<typeof PasswordResetLink>;

export const PasswordResetConfirm = z
  .object({
    token,
    password,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirm>;
