import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LoginAnswer, RegisterAnswer, RegisterType } from '#domain/contract';
import { hashPassword } from '../auth/passwords';
import { signIn, type SignInAttempt } from '../auth/sign-in';
import { toAccount } from '../contract-shapes';
import { isUniqueViolation } from '../db/errors';
import { accounts } from '../db/schema';
import { HttpError } from '../http/errors';
import { email, loginName, loginPassword, password, username } from '../http/fields';
import type { ZodTypeProvider } from '../http/validation';

const PASSWORDS_DIFFER = 'Passwords do not match.';
const ALREADY_REGISTERED = 'An account with this email or username already exists.';

const passwordsMatch = (body: { password: string; confirmPassword: string }) => body.password === body.confirmPassword;

const accountFields = { username, email, password, confirmPassword: z.string() };

const userRegistration = z
  .object(accountFields)
  .refine(passwordsMatch, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

const ownerRegistration = z
  .object({
    ...accountFields,
    phoneNumber: z
      .string()
      .trim()
      .regex(
        /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/,
        'PhoneNumber must be a phone number of 7 to 20 characters: digits, spaces, "+", "-" or brackets.',
      ),
    country: z.string().trim().min(1).max(60),
  })
  .refine(passwordsMatch, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

/** The spec's login forms send `email`; it may be missing (the field is not required there), which is just a wrong login. */
const credentials = z.object({ email: loginName, password: loginPassword });

/** Checks the login, starts the session and answers as every sign-in endpoint does. */
export async function answerSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: Omit<SignInAttempt, 'address'>,
): Promise<LoginAnswer> {
  const account = await signIn(request.server.db, { ...attempt, address: request.ip });
  await reply.startSession(account.id);
  return { message: 'Login successful', user: toAccount(account) };
}

const REGISTERED: Record<RegisterType, string> = {
  user: 'Successfully Registered',
  owner: 'Registration Successful',
};

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  async function register(
    role: RegisterType,
    body: { username: string; email: string; password: string; phoneNumber?: string; country?: string },
    reply: FastifyReply,
  ): Promise<RegisterAnswer> {
    try {
      const [created] = await app.db
        .insert(accounts)
        .values({
          username: body.username,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          role,
          phoneNumber: body.phoneNumber ?? null,
          country: body.country ?? null,
        })
        .returning();
      if (!created) throw new Error('insert returned no account');
      reply.code(201);
      return { message: REGISTERED[role], user: toAccount(created) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, ALREADY_REGISTERED);
      throw error;
    }
  }

  app.post('/register/user', { schema: { body: userRegistration } }, (request, reply) =>
    register('user', request.body, reply),
  );

  app.post('/register/owner', { schema: { body: ownerRegistration } }, (request, reply) =>
    register('owner', request.body, reply),
  );

  // Any other account type: answered before the body is looked at, since there is no form to check it against.
  app.post('/register/:type', { schema: { params: z.object({ type: z.string() }) } }, async (request) => {
    throw new HttpError(404, `There is no "${request.params.type.slice(0, 50)}" account type: register as a user or an owner.`);
  });

  app.post('/carsSchema', { schema: { body: credentials } }, (request, reply) =>
    answerSignIn(request, reply, { login: request.body.email, password: request.body.password, kind: 'email', role: 'user' }),
  );

  app.post('/ownerloginSchema', { schema: { body: credentials } }, (request, reply) =>
    answerSignIn(request, reply, { login: request.body.email, password: request.body.password, kind: 'email', role: 'owner' }),
  );

  // The sign-in page posts to the empty path; there `email` may also be a username, for any role.
  app.post('/', { schema: { body: credentials } }, (request, reply) =>
    answerSignIn(request, reply, { login: request.body.email, password: request.body.password, kind: 'email-or-username' }),
  );
}
