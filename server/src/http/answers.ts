import type { z } from 'zod';
import { BODY_LIMIT_BYTES } from '#domain/limits';
import { ErrorBody } from '#domain/schemas/errors';

// The `response` part of a route's schema: what the serializer checks each answer against, and what
// the OpenAPI document shows for each status, with a sentence saying when it happens.

/** An answer of `schema`, sent as JSON. */
export function answer<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** Every route's work is bounded by the deadline (plugins/deadline.ts). */
const PAST_DEADLINE =
  'Or: the request took longer than REQUEST_DEADLINE_MS (8 s by default) and nothing was changed. Retry-After says when to try again.';

/** What each error status means on any route; a route may say more about its own. */
const ERROR_MEANINGS = {
  400: 'Bad input: the message names the field.',
  401: 'Not signed in.',
  402: 'The card provider refused the payment: the message says why. Nothing was charged or changed.',
  403: 'Signed in, but not allowed to do this.',
  404: "Not found: also for something that exists but is not the caller's.",
  409: 'Conflict with the current state.',
  413: `The body is larger than ${BODY_LIMIT_BYTES / 1024} KB.`,
  415: 'The body is not JSON.',
  429: 'Too many requests from this address; Retry-After says in how many seconds to try again.',
  500: 'A fault on our side: the message says so, with no detail.',
  503: `The database is not answering. ${PAST_DEADLINE}`,
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** Every route can meet the per-address ceiling, a fault on our side, and its deadline. */
const ALWAYS = [429, 500, 503] as const;
type Always = (typeof ALWAYS)[number];

/** The errors a JSON body can cause before the route's own checks. */
export const JSON_BODY_ERRORS = [400, 413, 415] as const;

type ErrorAnswer = ReturnType<typeof answer<typeof ErrorBody>>;

/** The `{message}` error answers of a route: its `statuses`, plus 429, 500 and 503, worded by `meanings` where given (a 503's followed by the deadline's). */
export function errors<S extends ErrorStatus>(
  statuses: readonly S[],
  meanings: Partial<Record<S | Always, string>> = {},
): Record<S | Always, ErrorAnswer> {
  const own503 = meanings[503];
  const worded: Partial<Record<ErrorStatus, string>> = { ...meanings, ...(own503 ? { 503: `${own503} ${PAST_DEADLINE}` } : {}) };
  const all: ErrorStatus[] = [...statuses, ...ALWAYS];
  // fromEntries cannot know the keys are exactly the statuses listed.
  return Object.fromEntries(all.map((status) => [status, answer(ErrorBody, worded[status] ?? ERROR_MEANINGS[status])])) as Record<
    S | Always,
    ErrorAnswer
  >;
}
