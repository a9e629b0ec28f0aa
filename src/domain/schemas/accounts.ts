import { z } from 'zod';
import { email, Identified, isoInstant, loginName, loginPassword, password, username } from './fields';

export const Role = z.enum(['user', 'owner', 'admin']);
export type Role = z.output<typeof Role>;

/** The account types anyone may register. */
export const RegisterType = Role.extract(['user', 'owner']);
export type RegisterType = z.output<typeof RegisterType>;

/** An account as every answer shows it: never with a password or its hash. */
export const Account = Identified.extend({
  username: z.string(),
  email: z.string(),
  role: Role,
  phoneNumber: z.string().optional(),
  /** When the account proved it receives texts at `phoneNumber`; left out until then, and again once the number changes. */
  phoneVerifiedAt: isoInstant.optional(),
  country: z.string().optional(),
  createdAt: isoInstant,
}).meta({ id: 'Account' });
export type Account = z.output<typeof Account>;

export const PASSWORDS_DIFFER = 'checks.password.differ';

export const passwordsMatch = (body: { password: string; confirmPassword: string }) => body.password === body.confirmPassword;

const accountFields = { username, email, password, confirmPassword: z.string() };

/** How owners are reached about their cars: at registration, and on their account page. */
export const phoneNumber = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,18}[0-9]$/, 'checks.phoneNumber.format');
export const country = z.string().trim().min(1).max(60);

export const UserRegistration = z
  .object(accountFields)
  .refine(passwordsMatch, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type UserRegistration = z.input<typeof UserRegistration>;

export const OwnerRegistration = z
  .object({
    ...accountFields,
    phoneNumber,
    country,
  })
  .refine(passwordsMatch, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type OwnerRegistration = z.input<typeof OwnerRegistration>;

/** `/register/{type}`: any text, so an unknown type can be named in its 404. */
export const RegisterTypeParams = z.object({ type: z.string() });

export const RegisterAnswer = z.object({ message: z.string(), user: Account });
export type RegisterAnswer = z.output<typeof RegisterAnswer>;

/** The spec's login forms send `email`; it may be missing (the field is not required there), which is just a wrong login. */
export const Credentials = z.object({ email: loginName, password: loginPassword });
export type Credentials = z.input<typeof Credentials>;

/** `POST /api/session`: `login` is a username or an email. */
export const SessionLogin = z.object({ login: loginName, password: loginPassword });
export type SessionLogin = z.input<typeof SessionLogin>;

export const LoginAnswer = z.object({ message: z.string(), user: Account });
export type LoginAnswer = z.output<typeof LoginAnswer>;

export const SessionAnswer = z.object({ user: Account });
export type SessionAnswer = z.output<typeof SessionAnswer>;

/**
 * `GET /api/session`: asking who is signed in is not a refusal when nobody is, so a signed-out
 * visitor gets `{user: null}` with 200 rather than a 401 every page would log as a failed load.
 */
export const SessionCheck = z.object({ user: Account.nullable() });
export type SessionCheck = z.output<typeof SessionCheck>;
