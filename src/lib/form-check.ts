import type { z } from 'zod';
import { describeIssue, WHOLE } from '../domain/issue-message';
import { unreachable } from './api-failure';
import { ApiError } from './api-error';
import { checkWords, formWords } from './form-words';

/**
 * Loads what a form checks with (a contract schema, with zod) when the form is sent, so the page does
 * not bring it. The code comes from our own server: failing to fetch it means the server cannot be
 * reached, and the form says so in the words it uses when an API call cannot reach it.
 */
export async function loadChecks<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch {
    throw unreachable();
  }
}

/**
 * Refuses, before anything is sent, what the contract's schema refuses, the way the server would:
 * a 400 carrying the server's sentence, so a form shows it exactly as it shows the server's own
 * refusal. Returns the values as typed, which are what is sent (the server parses them the same way).
 */
export function checked<T>(schema: z.ZodType<unknown, T>, values: T): T {
  const result = schema.safeParse(values, { error: (issue) => checkWords(describeIssue(issue, WHOLE.form)) });
  if (result.success) return values;
  const first = result.error.issues[0];
  const message = first ? formWords(first.message) : formWords('checks.form.invalid');
  throw new ApiError(400, message, message);
}
