import { z } from 'zod';
import { PASSWORDS_DIFFER, passwordsMatch } from './accounts';
import { email, password } from './fields';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

export const PasswordResetRequest = z.object({ email });
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

/** The token is the link's: 32 random bytes in base64url, 43 characters; anything far off it is not worth a query. */
export const PasswordResetConfirm = z
  .object({
    token: z.string().min(1, 'checks.resetToken.missing').max(200),
    password,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirm>;
