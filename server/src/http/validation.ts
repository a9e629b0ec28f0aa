import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const PART_NAMES: Record<string, string> = {
  body: 'The request body',
  params: 'The address',
  querystring: 'The query',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** `ids[2]`, `author`: the field as the client wrote it. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** A date bound as zod reports it (milliseconds since 1970), in ISO 8601. */
function instantText(bound: number | bigint): string {
  return new Date(Number(bound)).toISOString().replace('.000Z', 'Z');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One sentence naming the field, for the zod issues a schema does not word itself. */
function describeIssue(issue: Issue, part: string): string {
  const path = issue.path ?? [];
  const field = path.length === 0 ? (PART_NAMES[part] ?? 'The request') : capitalize(fieldName(path));
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required.`;
      return `${field} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'date') return `${field} must not be before ${instantText(issue.minimum)}.`;
      if (issue.origin === 'string')
        return issue.minimum === 1 ? `${field} must not be empty.` : `${field} must be at least ${issue.minimum} characters.`;
      if (issue.origin === 'array') return `${field} must list at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}.`;
      return `${field} must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'date') return `${field} must not be after ${instantText(issue.maximum)}.`;
      if (issue.origin === 'string') return `${field} must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `${field} must list at most ${issue.maximum} items.`;
      return `${field} must be at most ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return `${field} must be an email address.`;
      if (issue.format === 'uuid') return `${field} is not a valid id.`;
      if (issue.format === 'datetime')
        return `${field} must be a date and time with its offset, such as 2030-01-31T10:00:00+05:30.`;
      return `${field} is not in the expected format.`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
}

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
 * Validates params, query and body with the route's zod schema. A schema's own wording wins;
 * otherwise the message is built from the issue. Only the first problem is reported: one
 * sentence the person can act on, then the next one after they fix it. PostgreSQL cannot hold
 * the NUL character in text, so every route refuses it here rather than fail in the database.
 * (fastify-type-provider-zod's own validator reports every issue in zod's wording, so only its
 * types, serializer and document transform are used.)
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { error: (issue) => describeIssue(issue, httpPart ?? '') });
    if (!result.success) {
      const [first] = result.error.issues;
      return { error: new Error(first?.message ?? 'The request is not valid.') };
    }
    const nul = pathToNul(result.data);
    if (nul) {
      const field = nul.length === 0 ? (PART_NAMES[httpPart ?? ''] ?? 'The request') : capitalize(fieldName(nul));
      return { error: new Error(`${field} must not contain the NUL character (\\u0000).`) };
    }
    return { value: result.data };
  };
