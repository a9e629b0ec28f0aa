import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { type CheckMessage, describeIssue, fieldLabel, WHOLE } from '#domain/issue-message';
import { t } from '../i18n';
import { checkWords, issueWords } from './check-words';

const PART_NAMES: Record<string, CheckMessage> = {
  body: WHOLE.body,
  params: WHOLE.params,
  querystring: WHOLE.querystring,
};

/** Where in a validated value a string holds a NUL character, if anywhere. */
function pathToNul(value: unknown, path: PropertyKey[] = []): PropertyKey[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || value instanceof Date) return undefined;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const found = pathToNul(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Validates params, query and body with the route's zod schema. A schema's own message wins;
 * otherwise the message is built from the issue; either is worded from the catalogue. Only the first problem is reported: one
 * sentence the person can act on, then the next one after they fix it. PostgreSQL cannot hold
 * the NUL character in text, so every route refuses it here rather than fail in the database.
 * (fastify-type-provider-zod's own validator reports every issue in zod's wording, so only its
 * types, serializer and document transform are used.)
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const whole = PART_NAMES[httpPart ?? ''] ?? WHOLE.request;
    const result = schema.safeParse(data, { error: (issue) => checkWords(describeIssue(issue, whole)) });
    if (!result.success) {
      const [first] = result.error.issues;
      return { error: new Error(first ? issueWords(first.message) : t('server.validation.invalid')) };
    }
    const nul = pathToNul(result.data);
    if (nul) {
      return { error: new Error(t('server.validation.nul', { field: checkWords(fieldLabel(nul, whole)), escape: '\\u0000' })) };
    }
    return { value: result.data };
  };
