import fc from 'fast-check';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeTestApp, registerAndSignIn, signIn } from '../tests/helpers';
import { indiaTime, listCar, requestBooking } from '../tests/marketplace-helpers';

/**
 * Property-based bad input, since no list written by hand keeps up with the routes. Every operation
 * of the OpenAPI document (so a new route is covered without a word here) gets RUNS generated
 * requests: bodies, path parameters, queries and headers, some close to valid (built from the
 * operation's own schemas) and some garbage. Every answer is a success or a contract 4xx (a
 * declared status with a `{message}` body), never a 5xx, and a refused request changes no row of
 * any table.
 */

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 500);
const HOST = 'wheels.example';
const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };
/** Tables whose job is to remember refusals: failed sign-ins and registrations counted for the limits. */
const REFUSAL_LOGS = new Set(['sign_in_failures', 'registration_attempts']);
/**
 * Rows whose other columns background work changes while the test runs: the mail worker's delivery
 * attempts (status, attempts, next try, last error) on a mail an earlier request queued, and the
 * reset round marking a reset request handled. Only what a request writes is compared there, so a
 * refused request that queued a mail or asked for a reset is still caught.
 */
const ROW_AS_WRITTEN: Record<string, SQL> = {
  mail_outbox: sql`(t.id, t.to_address, t.subject, t.text_body, t.html_body, t.created_at)`,
  password_reset_requests: sql`(t.id, t.email, t.address, t.requested_at)`,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A snapshot but for the sessions, which a replayed sign-up adds to as its first answer did. */
const withoutSessions = (state: string) =>
  state
    .split(' ')
    .filter((part) => !part.startsWith('sessions='))
    .join(' ');
/** Writes the property sent twice with their key, and found answered alike and done once. */
let replayed = 0;

/** Statuses Fastify answers before a route is chosen (a malformed or over-long address). */
const BEFORE_ROUTING = new Set([400]);

type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

// Built before the tests are collected: the document's operations name the tests.
const app: FastifyInstance = await buildTestApp({ admin, requestsPerMinute: 1_000_000 });
const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, operation })),
);
let cookies: Record<'user' | 'owner' | 'admin', string>;
/** Ids and names that exist, so some generated requests reach past the lookups. */
let known: string[];
let before: string;
const figures: string[] = [];

beforeAll(async () => {
  const [user, owner, adminCookie] = await Promise.all([
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
    signIn(app, admin.email, admin.password),
  ]);
  cookies = { user, owner, admin: adminCookie };
  const car = await listCar(app, owner, 'Hyundai Creta', 250);
  const booking = await requestBooking(app, user, {
    carName: car.id,
    from: indiaTime(3, '09:00'),
    to: indiaTime(3, '17:00'),
    driver: false,
  });
  known = [car.id, car.carname, booking.id, 'Mahindra Bolero', 'user', 'owner'];
  before = await snapshot();
});
afterAll(async () => {
  console.log(`bad input, ${RUNS} requests per operation:\n${figures.join('\n')}`);
  console.log(`${replayed} successful writes sent again with their Idempotency-Key: each answered alike and done once`);
  await closeTestApp(app);
});

/** The rows of a raw query: both drivers answer `{ rows }`, which the union of their types hides. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Row counts and a checksum of every row of every table but the refusal logs. */
async function snapshot(): Promise<string> {
  const tables = await app.db.execute(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const names = rowsOf<{ name: string }>(tables)
    .map((row) => row.name)
    .filter((name) => !REFUSAL_LOGS.has(name));
  const parts = names.map(
    (name) =>
      sql`SELECT ${name} AS name, count(*)::text || ':' || coalesce(sum(hashtext(${ROW_AS_WRITTEN[name] ?? sql`t`}::text)::bigint), 0)::text AS sum FROM ${sql.identifier(name)} t`,
  );
  const sums = await app.db.execute(sql.join(parts, sql` UNION ALL `));
  return rowsOf<{ name: string; sum: string }>(sums)
    .map((row) => `${row.name}=${row.sum}`)
    .join(' ');
}

// ---- generators -------------------------------------------------------------------------------

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

const hugeString = fc.integer({ min: 1_000, max: 120_000 }).map((length) => 'x'.repeat(length));
const unicodeString = fc.string({ unit: 'grapheme', maxLength: 40 });
const oddString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u202e',
    '😀'.repeat(50),
  ),
  fc.uuid(),
  fc.string({ maxLength: 30 }),
  unicodeString,
);

/** Any JSON-ish value, including the shapes a schema does not expect. */
const garbageValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    oddString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...PROTOTYPE_KEYS)), tie('value'), { maxKeys: 4 }),
  ),
})).value;

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return document.components?.schemas?.[name] ?? {};
}

/** Values close to what the schema takes: right types, known ids, dates in India time, lengths at the edges. */
function fromSchema(raw: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (depth > 4) return garbageValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => fromSchema(choice, depth + 1)));
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) model[key] = fromSchema(value, depth + 1);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 100_000 }),
        fc.constantFrom(0, -1, 1.5, Number.MAX_SAFE_INTEGER),
      );
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringFor(schema);
    default:
      return garbageValue;
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const length = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) };
  const edges = fc.constantFrom('x'.repeat(Math.max(0, (schema.maxLength ?? 40) + 1)), 'x'.repeat(schema.minLength ?? 1));
  const dates = fc
    .tuple(fc.integer({ min: -3, max: 400 }), fc.integer({ min: 0, max: 23 }))
    .map(([day, hour]) => indiaTime(day, `${String(hour).padStart(2, '0')}:00`));
  const emails = fc.emailAddress();
  const byFormat =
    schema.format === 'email' ? emails : schema.format === 'date-time' ? dates : schema.format === 'uuid' ? fc.uuid() : undefined;
  return fc.oneof(
    ...(byFormat ? [byFormat] : []),
    fc.string(length),
    fc.constantFrom(...known),
    dates,
    edges,
    emails,
    fc.constantFrom('+91 98765 43210', 'India', 'pass-word-1234', 'https://example.in/car.jpg', '/images/cars/audi-fiesta.svg'),
  );
}

/** A path parameter: a real id or name, a uuid nobody has, text, over-long segments, broken percent-encoding. */
function pathValue(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...known).map(encodeURIComponent),
    fc.uuid().map(encodeURIComponent),
    (schema ? stringFor(schema) : fc.string()).map(encodeURIComponent),
    oddString.map(encodeURIComponent),
    fc.integer({ min: 400, max: 700 }).map((length) => 'a'.repeat(length)),
    fc.constantFrom('%', '%zz', '%E0%A4', '%C0%AF', '..', '%2e%2e', '%2F', '%00', '__proto__', 'constructor'),
  );
}

interface Generated {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function bodyText(schema: JsonSchema | undefined): fc.Arbitrary<string | undefined> {
  const valid = schema ? fromSchema(schema) : garbageValue;
  return fc.oneof(
    valid.map((value) => JSON.stringify(value)),
    fc
      .tuple(valid, fc.constantFrom(...PROTOTYPE_KEYS), garbageValue)
      .map(([value, key, extra]) =>
        JSON.stringify(value).replace(
          /^\{/,
          `{${JSON.stringify(key)}:${JSON.stringify({ role: 'admin', isAdmin: true, polluted: extra })},`,
        ),
      ),
    garbageValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '"unterminated',
      '{"a":1}{"b":2}',
      '\u0000',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '',
    ),
    hugeString.map((text) => JSON.stringify({ text })),
    fc.string({ maxLength: 60 }),
    fc.constant(undefined),
  );
}

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json-patch+json',
    'APPLICATION/JSON',
    '*/*',
    ';;;',
  ),
  fc.string({ unit: fc.constantFrom(...'abcdefghij/;=+-. '.split('')), maxLength: 30 }),
);

/** Header values a real client could put on the wire: printable ASCII. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 80,
});

function headersFor(operation: Operation): fc.Arbitrary<Record<string, string>> {
  const cookie = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(cookies.user, cookies.owner, cookies.admin) },
    fc.constant(undefined),
    headerText.map((text) => `session=${text}`),
    fc.constant('session=; session=x'),
  );
  const origin = fc.oneof(
    { weight: 12, arbitrary: fc.constant(undefined) },
    fc.constantFrom(`http://${HOST}`, `https://${HOST}`, `http://${HOST}:8080`, 'https://evil.example', 'null'),
    headerText,
  );
  const site = fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none'),
    headerText,
  );
  const type = fc.option(contentType, { freq: 8 });
  const extra = fc.dictionary(
    fc.constantFrom(
      'accept',
      'accept-encoding',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-forwarded-proto',
      'if-none-match',
      'range',
      'x-http-method-override',
      'accept-language',
    ),
    headerText,
    { maxKeys: 3 },
  );
  // A write that takes a key gets a fresh one most times, which the property sends twice; now and then none, or nonsense.
  const takesKey = (operation.parameters ?? []).some(
    (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
  );
  const key = takesKey
    ? fc.oneof({ weight: 6, arbitrary: fc.uuid() }, fc.constant(undefined), headerText)
    : fc.constant(undefined);
  return fc
    .tuple(cookie, origin, site, type, extra, key)
    .map(([cookieValue, originValue, siteValue, typeValue, rest, keyValue]) => ({
      ...rest,
      ...(keyValue !== undefined ? { 'idempotency-key': keyValue } : {}),
      host: HOST,
      ...(operation.security && cookieValue !== undefined ? { cookie: cookieValue } : {}),
      ...(!operation.security && cookieValue === cookies.user ? { cookie: cookieValue } : {}),
      ...(originValue !== undefined ? { origin: originValue } : {}),
      ...(siteValue !== undefined ? { 'sec-fetch-site': siteValue } : {}),
      ...(typeValue !== null ? { 'content-type': typeValue } : {}),
    }));
}

function queryFor(operation: Operation): fc.Arbitrary<string> {
  const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const value = (schema: JsonSchema | undefined) =>
    fc.oneof(
      (schema ? fromSchema(schema) : oddString).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      oddString,
    );
  const pairs = fc.array(
    fc.oneof(
      ...declared.map((parameter) => fc.tuple(fc.constant(parameter.name), value(parameter.schema))),
      fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_KEYS)), oddString),
    ),
    { maxLength: 5 },
  );
  return fc.oneof(
    { weight: 5, arbitrary: pairs.map((list) => (list.length === 0 ? '' : `?${new URLSearchParams(list).toString()}`)) },
    fc.constantFrom('?%', '?a=%zz', '?&&&', '?a[b]=1&a[c]=2', '?__proto__[polluted]=1', `?q=${'x'.repeat(5_000)}`),
  );
}

function requestsFor(path: string, method: string, operation: Operation): fc.Arbitrary<Generated> {
  const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
  const parameterValues = fc.record(
    Object.fromEntries(pathParameters.map((parameter) => [parameter.name, pathValue(parameter.schema)])),
  );
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const hasBody = method !== 'get';
  return fc
    .tuple(parameterValues, queryFor(operation), headersFor(operation), hasBody ? bodyText(bodySchema) : fc.constant(undefined))
    .map(([values, query, headers, payload]) => {
      const url = path.replace(/\{([^}]+)\}/g, (_whole, name: string) => values[name] ?? '') + query;
      return { method: method.toUpperCase(), url, headers, ...(payload === undefined ? {} : { payload }) };
    });
}

// ---- the property ------------------------------------------------------------------------------

function contractBreach(generated: Generated, operation: Operation, response: LightMyRequestResponse): string | undefined {
  const { statusCode } = response;
  if (statusCode >= 500) return `${statusCode} ${response.body.slice(0, 200)}`;
  if (statusCode < 400) return undefined;
  const declared = statusCode in operation.responses || (BEFORE_ROUTING.has(statusCode) && /%|a{400}/.test(generated.url));
  if (!declared) return `${statusCode}, which the document does not list: ${response.body.slice(0, 200)}`;
  if (!String(response.headers['content-type']).startsWith('application/json')) return `${statusCode} not JSON`;
  const body = JSON.parse(response.body) as { message?: unknown };
  if (typeof body.message !== 'string' || body.message === '') return `${statusCode} without a message`;
  return undefined;
}

describe('generated bad input', () => {
  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each(operations)(
    '$name answers success or a contract 4xx, and a refused request changes nothing',
    async ({ path, method, operation }) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestsFor(path, method, operation), async (generated) => {
          const response = await app.inject(generated);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const breach = contractBreach(generated, operation, response);
          if (breach) throw new Error(`${generated.method} ${generated.url.slice(0, 200)}: ${breach}`);
          const after = await snapshot();
          if (response.statusCode >= 400 && after !== before) {
            throw new Error(
              `${generated.method} ${generated.url.slice(0, 200)} answered ${response.statusCode} but changed the data`,
            );
          }
          before = after;
          // A write that signed its caller out everywhere leaves no session to send it again with.
          const signedOut = /(?:^|,)\s*session=;/.test(String(response.headers['set-cookie'] ?? ''));
          if (response.statusCode < 300 && !signedOut && UUID.test(generated.headers['idempotency-key'] ?? '')) {
            // Sent again with its key, a write that was done is answered as before and not done twice
            // (a replayed sign-up starts a session of its own, as its first answer did).
            const again = await app.inject(generated);
            expect(again.statusCode, again.body).toBe(response.statusCode);
            expect(again.body).toBe(response.body);
            expect(again.headers['idempotent-replayed']).toBe('true');
            replayed += 1;
            const afterReplay = await snapshot();
            if (withoutSessions(afterReplay) !== withoutSessions(after)) {
              throw new Error(`${generated.method} ${generated.url.slice(0, 200)} was done again when sent twice with its key`);
            }
            before = afterReplay;
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
      figures.push(`${method.toUpperCase()} ${path}: ${counts.join(' ')}`);
      expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBe(RUNS);
    },
  );

  it('sent successful writes a second time with their key', () => {
    expect(replayed).toBeGreaterThan(0);
  });

  it('left no prototype polluted', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});
