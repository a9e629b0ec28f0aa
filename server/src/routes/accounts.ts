import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Credentials,
  OwnerRegistration,
  RegisterAnswer,
  RegisterTypeParams,
  UserRegistration,
  type RegisterType,
} from '#domain/schemas/accounts';
import { ALREADY_REGISTERED, accountRegistrar, type Registration } from '../accounts/registration';
import { answerSignIn, SIGN_IN_ANSWERS, startSignedIn } from '../auth/answer-sign-in';
import { addressKey } from '../auth/client-address';
import { toAccount } from '../contract-shapes';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { t } from '../i18n';

const REGISTERED = {
  user: 'server.accounts.registeredUser',
  owner: 'server.accounts.registeredOwner',
} as const satisfies Record<RegisterType, string>;

const REGISTRATION_ANSWERS = {
  201: answer(
    RegisterAnswer,
    'Registered and signed in, as a sign-in would: the answer sets the session cookie (a new one, if the request came with one).',
  ),
  ...errors([...JSON_BODY_ERRORS, 409, 503], {
    400: 'A missing or bad field, or the passwords differ ("Passwords do not match.").',
    409: t(ALREADY_REGISTERED),
    503: 'Too many registrations are under way; Retry-After says when to try again.',
    429: 'Too many registrations in the last hour from this address (REGISTRATIONS_PER_HOUR, 10 by default; an IPv6 address counts as its /64), or too many requests; Retry-After says when to try again.',
  }),
};

const TAGS = ['accounts'];

export const accountRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const links = { forgotPasswordUrl: `${publicUrl}/forgotpassword` };
  const registerAccount = accountRegistrar(app.db, app.passwords, app.quotas.registrationsPerHour);

  async function register(role: RegisterType, details: Registration, reply: FastifyReply): Promise<RegisterAnswer> {
    const created = await registerAccount(role, details, addressKey(reply.request.ip), app.clock.now());
    // Someone who has just chosen a password is not asked to type it again at once.
    await startSignedIn(reply, created.id);
    reply.code(201);
    return { message: t(REGISTERED[role]), user: toAccount(created) };
  }

  app.post(
    '/register/user',
    { schema: { tags: TAGS, summary: 'Register a renter account', body: UserRegistration, response: REGISTRATION_ANSWERS } },
    (request, reply) => register('user', request.body, reply),
  );

  app.post(
    '/register/owner',
    { schema: { tags: TAGS, summary: 'Register an owner account', body: OwnerRegistration, response: REGISTRATION_ANSWERS } },
    (request, reply) => register('owner', request.body, reply),
  );

  // Any other account type: answered before the body is looked at, since there is no form to check it against.
  app.post(
    '/register/:type',
    {
      config: { takesNoBody: true },
      schema: {
        tags: TAGS,
        summary: 'Any other account type',
        params: RegisterTypeParams,
        response: errors([404], { 404: 'There is no such account type: register as a user or an owner.' }),
      },
    },
    async (request) => {
      throw new HttpError(404, t('server.accounts.noSuchType', { type: request.params.type.slice(0, 50) }));
    },
  );

  // The user and owner forms sign any account in as what it is: someone who knows their password
  // but picked the other tab is helped on, not turned away (the app says which account it was).
  // Admins have no tab of their own, which would only tell strangers where to knock.
  for (const [path, summary] of [
    ['/carsSchema', "Sign in on the spec's user form"],
    ['/ownerloginSchema', "Sign in on the spec's owner form"],
  ] as const) {
    app.post(
      path,
      {
        config: { ignoresIdempotencyKey: true },
        schema: {
          tags: TAGS,
          summary,
          description: 'Takes an email, for an account of any role: the answer says which.',
          body: Credentials,
          response: SIGN_IN_ANSWERS,
        },
      },
      (request, reply) =>
        answerSignIn(request, reply, { login: request.body.email, password: request.body.password, kind: 'email' }, links),
    );
  }

  // The sign-in page posts to the empty path; there `email` may also be a username, for any role.
  app.post(
    '/',
    {
      config: { ignoresIdempotencyKey: true },
      schema: {
        tags: TAGS,
        summary: "Sign in on the spec's sign-in page",
        description: '`email` may also be a username, for an account of any role.',
        body: Credentials,
        response: SIGN_IN_ANSWERS,
      },
    },
    (request, reply) =>
      answerSignIn(
        request,
        reply,
        { login: request.body.email, password: request.body.password, kind: 'email-or-username' },
        links,
      ),
  );
};
