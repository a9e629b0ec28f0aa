import { fieldLabel, WHOLE } from '../domain/issue-message';
import { toApiError } from './api-failure';
import { checkWords, formWords } from './form-words';

/**
 * Where a form's errors go: under the field they are about, or in the form's alert. The server
 * answers a refusal with one sentence (`{message}`, server/src/plugins/errors.ts), and the contract's
 * messages start with the field they are about in words ("Phone number is needed on an owner
 * account", "Current password is not right"), as the schemas' messages word them (src/domain/issue-message.ts)
 * or as the form labels the field ("Your Name"). That start is all that ties a sentence to a field.
 */

/** "Comment (optional)" names the field "Comment". */
const withoutNote = (label: string) => label.replace(/\s*\(.*\)\s*$/, '');

/** The field whose name, in the contract's words or the form's, starts `message`; the longest such name wins. */
export function fieldNamedIn(message: string, labels: ReadonlyMap<string, string>): string | undefined {
  const text = message.toLowerCase();
  let found: { name: string; length: number } | undefined;
  for (const [name, label] of labels) {
    for (const words of [withoutNote(label), checkWords(fieldLabel([name], WHOLE.form))]) {
      const start = words.toLowerCase();
      if (start !== '' && text.startsWith(`${start} `) && (!found || start.length > found.length)) {
        found = { name, length: start.length };
      }
    }
  }
  return found?.name;
}

/** The statuses whose sentence may be about one field: bad input, a refused value (a wrong current password), a clash (a taken name). */
const FIELD_STATUSES = new Set([400, 403, 409]);

/** The field a failed call's answer is about, with the server's sentence; undefined when it is about the form as a whole. */
export function serverFieldError(
  error: unknown,
  labels: ReadonlyMap<string, string>,
): { name: string; message: string } | undefined {
  const failure = toApiError(error);
  if (!FIELD_STATUSES.has(failure.status) || failure.serverMessage === undefined) return undefined;
  const name = fieldNamedIn(failure.serverMessage, labels);
  return name === undefined ? undefined : { name, message: failure.serverMessage };
}

/** A form's errors as react-hook-form keeps them (nested by path), flattened to a message in words per dotted path. */
export function errorMessages(errors: object, prefix = ''): Map<string, string> {
  const messages = new Map<string, string>();
  for (const [key, value] of Object.entries(errors)) {
    if (typeof value !== 'object' || value === null) continue;
    const path = prefix === '' ? key : key === '' ? prefix : `${prefix}.${key}`;
    if ('message' in value && typeof value.message === 'string') messages.set(path, formWords(value.message));
    else for (const [inner, message] of errorMessages(value, path)) messages.set(inner, message);
  }
  return messages;
}

export interface PlacedErrors {
  /** The message under each field that has one. */
  fields: Map<string, string>;
  /** The first of the rest, for the form's alert: a rule of the whole form, or of a value the form fills in itself. */
  form: string | undefined;
}

/** Each message under the field on screen it is about, by path or, failing that, by the name it starts with; the rest for the alert. */
export function placeErrors(messages: ReadonlyMap<string, string>, labels: ReadonlyMap<string, string>): PlacedErrors {
  const fields = new Map<string, string>();
  let form: string | undefined;
  for (const [path, message] of messages) {
    const name = labels.has(path) ? path : fieldNamedIn(message, labels);
    if (name !== undefined && !fields.has(name)) fields.set(name, message);
    else if (name === undefined) form ??= message;
  }
  return { fields, form };
}
