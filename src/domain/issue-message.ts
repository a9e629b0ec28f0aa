import type { z } from 'zod';

/**
 * What a person reads when a value breaks a contract schema. The domain words nothing itself: a
 * schema's own rule carries a message id of the checks catalogue (src/locales/en/checks.json), and
 * a rule with no wording of its own is described here as an id with values. The server words them
 * for its 400s (server/src/http/validation.ts) and the app's forms before sending
 * (src/lib/form-words.ts), so a form refuses in the words the server would use.
 */

type Issue = z.core.$ZodRawIssue;

/** A checks message by id, with its values; a value may be a message itself (a field's name). */
export interface CheckMessage {
  id: string;
  values?: Readonly<Record<string, string | number | CheckMessage>>;
}

/**
 * A schema's own message with values, as zod carries a message (one string): the id, then the
 * values in JSON. `checkMessageOf` reads it back.
 */
export function checkText(id: string, values: Readonly<Record<string, string | number | CheckMessage>>): string {
  return `${id}${JSON.stringify(values)}`;
}

/** The checks message a text carries (an id, maybe with values), or undefined when it is words already. */
export function checkMessageOf(text: string): CheckMessage | undefined {
  if (!/^checks\.[\w.]+($|\{)/.test(text)) return undefined;
  const brace = text.indexOf('{');
  if (brace === -1) return { id: text };
  try {
    return { id: text.slice(0, brace), values: JSON.parse(text.slice(brace)) as CheckMessage['values'] };
  } catch {
    return undefined;
  }
}

/** A message in words, `word` wording each id (the messages among its values first). */
export function wordMessage(
  message: CheckMessage,
  word: (id: string, values?: Record<string, string | number>) => string,
): string {
  const values =
    message.values &&
    Object.fromEntries(
      Object.entries(message.values).map(([name, value]) => [name, typeof value === 'object' ? wordMessage(value, word) : value]),
    );
  return word(message.id, values);
}

const TYPE_NAMES: Record<string, string> = {
  string: 'checks.type.string',
  number: 'checks.type.number',
  int: 'checks.type.int',
  boolean: 'checks.type.boolean',
  array: 'checks.type.array',
  object: 'checks.type.object',
};

/**
 * The fields whose forms call them something other than their name in words. The JSON keeps its
 * names; a person reads the form's.
 */
const FIELD_LABELS: Record<string, string> = {
  url: 'checks.field.url',
  carname: 'checks.field.carname',
  from: 'checks.field.from',
  to: 'checks.field.to',
  ac: 'checks.field.ac',
  q: 'checks.field.q',
  name: 'checks.field.name',
  login: 'checks.field.login',
  token: 'checks.field.token',
  id: 'checks.field.id',
  cover: 'checks.field.cover',
};

/** What a value is called when its path is empty: the whole request body, address, query or form. */
export const WHOLE = {
  body: { id: 'checks.whole.body' },
  params: { id: 'checks.whole.params' },
  querystring: { id: 'checks.whole.querystring' },
  request: { id: 'checks.whole.request' },
  form: { id: 'checks.whole.form' },
} as const satisfies Record<string, CheckMessage>;

/** `phoneNumber` reads "phone number": a field's name in words, where no label says otherwise. */
function keyWords(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `Ids[2]`, `Phone number`: the field in words, with its place in a list as the client wrote it, as a sentence starts with it. */
function fieldName(path: readonly PropertyKey[]): CheckMessage {
  let name: CheckMessage | undefined;
  for (const key of path) {
    const label = typeof key === 'number' ? undefined : FIELD_LABELS[String(key)];
    let part: CheckMessage;
    if (typeof key === 'number') part = { id: 'checks.field.index', values: { index: key } };
    else if (label) part = { id: label };
    else part = { id: 'checks.field.key', values: { name: name ? keyWords(String(key)) : capitalize(keyWords(String(key))) } };
    if (!name) name = part;
    else name = { id: typeof key === 'number' ? 'checks.field.item' : 'checks.field.within', values: { field: name, part } };
  }
  return name ?? { id: 'checks.field.key', values: { name: '' } };
}

/** The field at `path` as a sentence starts with it; `whole` names the value itself (an empty path). */
export function fieldLabel(path: readonly PropertyKey[], whole: CheckMessage): CheckMessage {
  return path.length === 0 ? whole : fieldName(path);
}

/** A date bound as zod reports it (milliseconds since 1970), in ISO 8601. */
function instantText(bound: number | bigint): string {
  return new Date(Number(bound)).toISOString().replace('.000Z', 'Z');
}

/** The message naming the field, for the zod issues a schema does not word itself. */
export function describeIssue(issue: Issue, whole: CheckMessage): CheckMessage {
  const field = fieldLabel(issue.path ?? [], whole);
  const about = (id: string, values: Record<string, string | number | CheckMessage> = {}): CheckMessage => ({
    id: `checks.issue.${id}`,
    values: { field, ...values },
  });
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return about('required');
      const type = TYPE_NAMES[issue.expected];
      return about('type', { type: type ? { id: type } : { id: 'checks.type.other', values: { name: issue.expected } } });
    }
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'date') return about('notBefore', { instant: instantText(issue.minimum) });
      if (issue.origin === 'string') return minimum === 1 ? about('empty') : about('tooShort', { minimum });
      if (issue.origin === 'array') return about('fewItems', { minimum });
      return about('atLeast', { minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'date') return about('notAfter', { instant: instantText(issue.maximum) });
      if (issue.origin === 'string') return about('tooLong', { maximum });
      if (issue.origin === 'array') return about('manyItems', { maximum });
      return about('atMost', { maximum });
    }
    case 'invalid_format':
      if (issue.format === 'email') return about('email');
      if (issue.format === 'uuid') return about('invalid');
      if (issue.format === 'datetime') return about('datetime');
      return about('format');
    case 'invalid_value':
      return about('oneOf', { options: issue.values.map(String).join(', ') });
    default:
      return about('invalid');
  }
}
