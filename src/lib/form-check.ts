import type { z } from 'zod';
import { describeIssue } from '../domain/issue-message';
import { ApiError } from './api-error';

/**
 * Refuses, before anything is sent, what the contract's schema refuses, the way the server would:
 * a 400 carrying the server's sentence, so a form shows it exactly as it shows the server's own
 * refusal. Returns the values as typed, which are what is sent (the server parses them the same way).
 */
export function checked<T>(schema: z.ZodType<unknown, T>, values: T): T {
  const result = schema.safeParse(values, { error: (issue) => describeIssue(issue, 'The form') });
  if (result.success) return values;
  const message = result.error.issues[0]?.message ?? 'The form is not valid.';
  throw new ApiError(400, message, message);
}
