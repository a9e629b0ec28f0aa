import { z } from 'zod';
import { PHONE_CODE_DIGITS } from '../limits';
import { AccountSaved } from './account';
import { isoInstant } from './fields';
import { indianMobile } from './messages';

// Proving a phone number (`/api/account/phone/*`): a code is texted to the number, and typed back.

export const PHONE_CODE_FORMAT = 'checks.phoneCode.format';

/** `POST /api/account/phone/code`: the Indian mobile to text a code to. */
export const PhoneCodeRequest = z.object({ phoneNumber: indianMobile });
export type PhoneCodeRequest = z.input<typeof PhoneCodeRequest>;

export const PhoneCodeSent = z.object({
  message: z.string(),
  /** True when the SMS provider did not take the text at once: it is retried, and may take a minute. */
  queued: z.boolean(),
  expiresAt: isoInstant,
});
export type PhoneCodeSent = z.output<typeof PhoneCodeSent>;

/** `POST /api/account/phone/confirm`: the code as typed, spaces allowed. */
export const PhoneCodeCheck = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_CODE_DIGITS}}$`), PHONE_CODE_FORMAT)),
});
export type PhoneCodeCheck = z.input<typeof PhoneCodeCheck>;

export const PhoneVerified = AccountSaved;
export type PhoneVerified = z.output<typeof PhoneVerified>;

/**
 * An Indian mobile as the SMS provider and the account store it, `+91` and ten digits, from any way
 * `indianMobile` accepts it written; undefined for anything else.
 */
export function indianE164(written: string): string | undefined {
  const digits = written.replace(/\D/g, '');
  const ten = digits.slice(-10);
  if (!/^[6-9]\d{9}$/.test(ten)) return undefined;
  const prefix = digits.slice(0, -10);
  return ['', '0', '91', '0091'].includes(prefix) ? `+91${ten}` : undefined;
}

/**
 * An Indian mobile as the account keeps it and people read it, `+91 98765 43210`, from its E.164
 * form: the way owners type it at registration, so every number on a receipt reads alike.
 */
export function readableIndianMobile(e164: string): string {
  const ten = e164.slice(-10);
  return `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`;
}

/** Whether two written numbers are the same Indian mobile (or, for others, the same digits). */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const digits = (text: string) => indianE164(text) ?? text.replace(/\D/g, '');
  return digits(a) === digits(b);
}
