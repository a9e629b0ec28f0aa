import type { z } from 'zod';

/**
 * The sentence a person reads when a value breaks a contract schema whose rule has no wording of
 * its own. The server answers its 400s with it and the app's forms show it before sending, so a
 * form refuses in the words the server would use.
 */

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * The fields whose forms call them something other than their name in words. The JSON keeps its
 * names; a person reads the form's.
 */
const FIELD_LABELS: Record<string, string> = {
  url: 'Picture address',
  carname: 'Car name',
  from: 'The start',
  to: 'The end',
  ac: 'Car type',
  q: 'Search',
  name: 'Your name',
  login: 'Username or email',
  token: 'The reset link',
  id: 'The id',
  cover: 'The cover photo',
};

/** `phoneNumber` reads "phone number": a field's name in words, where no label says otherwise. */
function fieldWords(key: string): string {
  return FIELD_LABELS[key] ?? key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

/** `ids[2]`, `phone number`: the field in words, with its place in a list as the client wrote it. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : ' '}${fieldWords(String(key))}`))
    .join('');
}

/** A date bound as zod reports it (milliseconds since 1970), in ISO 8601. */
function instantText(bound: number | bigint): string {
  return new Date(Number(bound)).toISOString().replace('.000Z', 'Z');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The field at `path` as a sentence starts with it; `whole` names the value itself (an empty path). */
export function fieldLabel(path: readonly PropertyKey[], whole: string): string {
  return path.length === 0 ? whole : capitalize(fieldName(path));
}

/** One sentence naming the field, for the zod issues a schema does not word itself. */
export function describeIssue(issue: Issue, whole: string): string {
  const field = fieldLabel(issue.path ?? [], whole);
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
      if (issue.format === 'uuid') return `${field} is not valid.`;
      if (issue.format === 'datetime')
        return `${field} must be a date and time with its offset, such as 2030-01-31T10:00:00+05:30.`;
      return `${field} is not in the expected format.`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
}
