import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DOCS_PATH, DOCUMENT_PATH, missingSchemas, openApiPlugin } from '../src/http/openapi';
import { zodValidatorCompiler } from '../src/http/validation';
import { errorsPlugin } from '../src/plugins/errors';
import { buildTestApp, closeTestApp } from './helpers';

/** Every endpoint of the HTTP contract (docs/api.md) the server answers, with its methods. */
const CONTRACT_ENDPOINTS: Record<string, string[]> = {
  '/register/user': ['post'],
  '/register/owner': ['post'],
  '/register/{type}': ['post'],
  '/carsSchema': ['post'],
  '/ownerloginSchema': ['post'],
  '/': ['post'],
  '/get-cars': ['get'],
  '/get-car/{id}': ['get'],
  '/add-cars': ['post'],
  '/edit-cars': ['post'],
  '/delete-cars': ['post'],
  '/api/owner/earnings': ['get'],
  '/api/owner/statements/{month}': ['get'],
  '/api/owner/statements/{month}.csv': ['get'],
  '/api/comments/get-comment/{slug}': ['get'],
  '/api/comments/get-comment': ['get', 'post'],
  '/api/comments/get-reply/{commentId}': ['post'],
  '/api/comments/{id}': ['delete'],
  '/api/session': ['delete', 'get', 'post'],
  '/api/password-reset': ['post'],
  '/api/password-reset/check': ['post'],
  '/api/password-reset/confirm': ['post'],
  '/api/account': ['get', 'patch'],
  '/api/account/password': ['post'],
  '/api/account/phone/code': ['post'],
  '/api/account/licence': ['delete', 'get', 'post'],
  '/api/licences/{id}/photos/{side}': ['get'],
  '/api/admin/licences': ['get'],
  '/api/admin/licences/{id}/approve': ['post'],
  '/api/admin/licences/{id}/reject': ['post'],
  '/api/account/phone/confirm': ['post'],
  '/api/account/sessions': ['delete'],
  '/api/owner/payout-details': ['get', 'put'],
  '/api/owner/payouts': ['get'],
  '/api/car-cities': ['get'],
  '/api/cars': ['get'],
  '/api/cars/{carName}': ['get'],
  '/api/cars/{carName}/availability': ['get'],
  '/api/cars/{carName}/reviews': ['get'],
  '/api/cars/{id}/pause': ['post'],
  '/api/cars/{id}/photos': ['post', 'put'],
  '/api/cars/{id}/photos/{photoId}': ['delete'],
  '/api/cars/{id}/resume': ['post'],
  '/api/config': ['get'],
  '/api/payments/razorpay/orders': ['post'],
  '/api/payments/razorpay/webhook': ['post'],
  '/api/bookings': ['get', 'post'],
  '/api/bookings/check': ['post'],
  '/api/bookings/{id}': ['get'],
  '/api/bookings/{id}/trip': ['get'],
  '/api/bookings/{id}/trip/{kind}': ['put'],
  '/api/bookings/{id}/trip/{kind}/confirm': ['post'],
  '/api/bookings/{id}/trip/{kind}/photos': ['post'],
  '/api/bookings/{id}/trip/{kind}/photos/{photoId}': ['get'],
  '/api/bookings/{id}/accept': ['post'],
  '/api/bookings/{id}/decline': ['post'],
  '/api/bookings/{id}/cancel': ['post'],
  '/api/bookings/{id}/no_show': ['post'],
  '/api/bookings/{id}/review': ['post'],
  '/api/bookings/{id}/renter-review': ['post'],
  '/api/bookings/{id}/messages': ['get', 'post'],
  '/api/bookings/{id}/messages/seen': ['post'],
  '/api/bookings/{id}/messages/{messageId}/report': ['post'],
  '/api/reviews/latest': ['get'],
  '/api/reviews/{id}/reply': ['post'],
  '/api/contact': ['post'],
  '/api/newsletter': ['post'],
  '/api/notifications/summary': ['get'],
  '/api/notifications/bookings-seen': ['post'],
  '/api/admin/overview': ['get'],
  '/api/admin/money': ['get'],
  '/api/admin/money/reconciliation': ['get'],
  '/api/admin/accounts': ['get'],
  '/api/admin/accounts/{id}/disable': ['post'],
  '/api/admin/accounts/{id}/enable': ['post'],
  '/api/admin/audit': ['get'],
  '/api/admin/cars': ['get'],
  '/api/admin/cars/{id}/delist': ['post'],
  '/api/admin/cars/{id}/relist': ['post'],
  '/api/admin/comments': ['get'],
  '/api/admin/comments/{id}': ['delete'],
  '/api/admin/reviews/{id}': ['delete'],
  '/api/admin/messages': ['get'],
  '/api/admin/messages/{id}/answered': ['post'],
  '/api/admin/newsletter': ['get'],
  '/api/admin/newsletter.csv': ['get'],
  '/api/admin/bookings': ['get'],
  '/api/admin/bookings/{id}/accept': ['post'],
  '/api/admin/bookings/{id}/decline': ['post'],
  '/api/admin/bookings/{id}/cancel': ['post'],
  '/api/admin/bookings/{id}/no_show': ['post'],
  '/api/admin/bookings/{id}/messages': ['post'],
  '/api/admin/conversations/reported': ['get'],
  '/api/admin/conversations/{id}/close-reports': ['post'],
  '/api/admin/payouts/runs': ['get', 'post'],
  '/api/admin/payouts/route': ['get'],
  '/api/admin/payouts/runs/{id}': ['get'],
  '/api/admin/payouts/runs/{id}/bank-file': ['get'],
  '/api/admin/payouts/{id}/paid': ['post'],
  '/api/admin/payouts/{id}/failed': ['post'],
  '/api/health': ['get'],
};

/** The endpoints that read no body: the path says everything. */
const BODILESS = new Set([
  'post /register/{type}',
  'post /api/bookings/{id}/accept',
  'post /api/bookings/{id}/cancel',
  'post /api/bookings/{id}/no_show',
  'post /api/cars/{id}/pause',
  'post /api/cars/{id}/resume',
  'post /api/notifications/bookings-seen',
  'post /api/bookings/{id}/messages/seen',
  'post /api/bookings/{id}/messages/{messageId}/report',
  'post /api/admin/bookings/{id}/messages',
  'post /api/admin/payouts/runs',
  'post /api/admin/licences/{id}/approve',
  // Multipart forms, which their descriptions name: no JSON body to document.
  'post /api/cars/{id}/photos',
  'post /api/account/licence',
  'post /api/bookings/{id}/trip/{kind}/photos',
]);

/** The DELETEs that read a body: an admin's removal says why. */
const BODIED_DELETES = new Set(['delete /api/admin/comments/{id}', 'delete /api/admin/reviews/{id}']);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Operation = OpenAPIV3_1.OperationObject;

let app: FastifyInstance;
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  app = await buildTestApp();
  const response = await app.inject({ method: 'GET', url: DOCUMENT_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json<OpenAPIV3_1.Document>();
});
afterAll(() => closeTestApp(app));

function operations(): [string, string, Operation][] {
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item?.[method];
      return operation ? [[route, method, operation] as [string, string, Operation]] : [];
    }),
  );
}

/** Every `$ref` anywhere in `value`. */
function refsIn(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/"\$ref":"([^"]+)"/g)].map(([, ref]) => ref ?? '');
}

describe(`GET ${DOCUMENT_PATH}`, () => {
  it('is an OpenAPI 3.1 document naming the API', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.components?.securitySchemes?.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'session' });
  });

  it('names the cookie a client must send as the server sets it: __Host-session behind HTTPS', async () => {
    const secure = await buildTestApp({ cookieSecure: true });
    try {
      const answer = await secure.inject({ method: 'GET', url: DOCUMENT_PATH });
      const secureDocument = answer.json<OpenAPIV3_1.Document>();
      expect(secureDocument.components?.securitySchemes?.session).toEqual({
        type: 'apiKey',
        in: 'cookie',
        name: '__Host-session',
      });
    } finally {
      await closeTestApp(secure);
    }
  });

  it('lists every endpoint of the contract, with its methods, and nothing else', () => {
    const listed = Object.fromEntries(
      Object.entries(document.paths ?? {}).map(([route, item]) => [
        route,
        HTTP_METHODS.filter((method) => item?.[method]).sort(),
      ]),
    );
    expect(listed).toEqual(CONTRACT_ENDPOINTS);
  });

  it('describes each endpoint: a summary, its tag, its path parameters, its body, its answers and its errors', () => {
    const tags = new Set(document.tags?.map((tag) => tag.name));
    for (const [route, method, operation] of operations()) {
      const where = `${method} ${route}`;
      expect(operation.summary, where).toEqual(expect.any(String));
      expect(operation.tags?.every((tag) => tags.has(tag)) && operation.tags.length > 0, where).toBe(true);

      const inPath = [...route.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
      expect(pathParameters.map((parameter) => parameter.name).sort(), where).toEqual(inPath.sort());
      for (const parameter of pathParameters) expect(parameter.required, where).toBe(true);

      const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      if ((['post', 'put', 'patch'].includes(method) && !BODILESS.has(where)) || BODIED_DELETES.has(where))
        expect(body?.content['application/json']?.schema, where).toBeDefined();
      else expect(body, where).toBeUndefined();

      const responses = Object.entries(operation.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][];
      for (const [status, answer] of responses) {
        expect(answer.description, `${where} ${status}`).toEqual(expect.any(String));
        if (status === '204') continue;
        const [mediaType] = Object.values(answer.content ?? {});
        expect(mediaType?.schema, `${where} ${status}`).toBeDefined();
        if (Number(status) >= 400)
          expect(mediaType?.schema, `${where} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
      }
      const statuses = responses.map(([status]) => Number(status));
      expect(statuses.some((status) => status < 300) || statuses.includes(404), where).toBe(true);
      // Any route can meet the per-address ceiling or a fault on our side.
      expect(statuses, where).toEqual(expect.arrayContaining([429, 500]));
      if (operation.security) expect(statuses, where).toContain(401);
    }
  });

  it('documents query parameters with their rules', () => {
    const parameters = (document.paths?.['/api/cars']?.get?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    expect(parameters.map((parameter) => [parameter.in, parameter.name])).toEqual(
      [
        'minPrice',
        'maxPrice',
        'sort',
        'from',
        'to',
        'q',
        'city',
        'bodyType',
        'seats',
        'transmission',
        'fuel',
        'ac',
        'instant',
        'page',
        'pageSize',
      ].map((name) => ['query', name]),
    );
    expect(parameters.find((parameter) => parameter.name === 'sort')?.schema).toMatchObject({
      enum: ['price-asc', 'price-desc'],
    });
  });

  it('documents the page parameters and the paged answers of the public cars and the bookings', () => {
    for (const path of ['/api/cars', '/api/bookings']) {
      const get = document.paths?.[path]?.get;
      const parameters = (get?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      expect(parameters.find((parameter) => parameter.name === 'pageSize')?.description, path).toMatch(
        /at most 100; 24 when not sent/,
      );
      const ok = get?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
      expect(ok.content?.['application/json']?.schema, path).toMatchObject({
        required: ['data', 'total', 'page', 'pageSize'],
      });
    }
    const bookingParameters = (document.paths?.['/api/bookings']?.get?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    expect(bookingParameters.map((parameter) => parameter.name)).toEqual(['page', 'pageSize', 'status', 'when']);
    expect(bookingParameters.find((parameter) => parameter.name === 'when')?.schema).toMatchObject({
      enum: ['upcoming', 'past', 'over'],
    });
  });

  it('says every car price, asked for, sent or answered, is whole rupees per hour', () => {
    const schemas = document.components?.schemas ?? {};
    const perHour = /^Whole rupees per hour\./;
    const priceIn = (schema: unknown) => (schema as OpenAPIV3_1.SchemaObject).properties?.price as OpenAPIV3_1.SchemaObject;
    expect(priceIn(schemas.PublicCar).description).toMatch(perHour);
    expect(priceIn(schemas.OwnerCar).description).toMatch(perHour);
    for (const route of ['/add-cars', '/edit-cars']) {
      const body = document.paths?.[route]?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
      expect(priceIn(body.content['application/json']?.schema).description, route).toMatch(perHour);
    }
    const parameters = (document.paths?.['/api/cars']?.get?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    for (const name of ['minPrice', 'maxPrice']) {
      expect(parameters.find((parameter) => parameter.name === name)?.description, name).toMatch(perHour);
    }
  });

  it('names the shapes answers share, and every reference leads to one', () => {
    const schemas = document.components?.schemas ?? {};
    expect(Object.keys(schemas).sort()).toEqual([
      'Account',
      'AdminAccount',
      'AdminAction',
      'AdminBooking',
      'AdminCar',
      'AdminContactMessage',
      'AdminContent',
      'AdminMoney',
      'AdminNewsletterSignup',
      'AdminOverview',
      'AdminOwnerBalance',
      'AdminPayout',
      'AdminPayoutRun',
      'AdminPayoutRunDetail',
      'AdminRoutePayout',
      'BlogPost',
      'Booking',
      'BookingMessage',
      'BookingReceipt',
      'CancellationPolicy',
      'CarPhoto',
      'ClosedReports',
      'Comment',
      'Conversation',
      'ErrorBody',
      'NotificationSummary',
      'OwnLicence',
      'OwnerCar',
      'OwnerPayout',
      'Payment',
      'PublicCar',
      'PublicConfig',
      'QueuedLicence',
      'Reconciliation',
      'ReconciliationDifference',
      'RenterReview',
      'RenterSummary',
      'Reply',
      'ReportedConversation',
      'Review',
    ]);
    for (const ref of refsIn(document)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas[ref.replace('#/components/schemas/', '')], ref).toBeDefined();
    }
    expect(schemas.Account?.properties).not.toHaveProperty('passwordHash');
  });
});

describe(`GET ${DOCS_PATH}`, () => {
  it("answers the browsable page, which loads only files of this site, under the site's own CSP", async () => {
    for (const url of [DOCS_PATH, `${DOCS_PATH}/`]) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="swagger-ui">');
      const scripts = [...response.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      // The CSP allows scripts from this site only, and no inline script.
      for (const [, attributes = '', inline = ''] of scripts) {
        expect(attributes).toMatch(/src="(\.\/|\/api\/docs\/)static\//);
        expect(inline.trim()).toBe('');
      }
      // A page's policy, but for the <style> element Swagger UI's bundle injects.
      const policy = String(response.headers['content-security-policy']).split(';');
      expect(policy).toContain("style-src 'self' 'unsafe-inline'");
      expect(policy).toContain("default-src 'self'");
      expect(policy.find((directive) => directive.startsWith('script-src'))).not.toContain('unsafe');
    }
    const script = await app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-initializer.js` });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('SwaggerUIBundle');
  });
});

describe('the docs beside the rest of the server', () => {
  let distDir: string;
  let site: FastifyInstance;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'wow-dist-'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>WheelsOnWeb</title>');
    site = await buildTestApp({ staticDir: distDir, requestsPerMinute: 2 });
  });
  afterAll(async () => {
    await closeTestApp(site);
    await rm(distDir, { recursive: true, force: true });
  });

  it("are answered by the docs, not the built app's page, and do not count toward the API's request ceiling", async () => {
    for (let i = 0; i < 4; i += 1) {
      const page = await site.inject({ method: 'GET', url: DOCS_PATH, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger-ui');
      const json = await site.inject({ method: 'GET', url: DOCUMENT_PATH, headers: { accept: 'text/html' } });
      expect(json.statusCode).toBe(200);
      expect(json.json<OpenAPIV3_1.Document>().openapi).toBe('3.1.0');
    }
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await site.inject({ method: 'GET', url: '/api/health' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("answer a missing docs file with the JSON 404, not the app's page", async () => {
    const response = await site.inject({
      method: 'GET',
      url: `${DOCS_PATH}/static/missing.js`,
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.stringMatching(/^Nothing answers GET/) });
  });
});

/** A bare server with this API's compilers, error handler and docs, and one route to try. */
async function serverWith(addRoutes: (server: FastifyInstance) => void): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.setValidatorCompiler(zodValidatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  await server.register(errorsPlugin);
  await server.register(openApiPlugin, { cookieSecure: false });
  await server.register(async (routes) => addRoutes(routes));
  await server.ready();
  return server;
}

describe('a route added without its schemas', () => {
  const answers = { response: { 200: z.object({ ok: z.boolean() }) } };

  it('stops the server at start-up, naming the route and what it lacks', async () => {
    await expect(serverWith((server) => server.get('/api/things', async () => ({ ok: true })))).rejects.toThrow(
      'GET /api/things declares no response schema.',
    );
    await expect(
      serverWith((server) => server.post('/api/things/:id', { schema: answers }, async () => ({ ok: true }))),
    ).rejects.toThrow('POST /api/things/:id declares no params, body schema.');
  });

  it('is spotted for each part it reads', () => {
    expect(missingSchemas({ method: 'GET', url: '/api/things' })).toEqual(['response']);
    expect(missingSchemas({ method: 'GET', url: '/api/things/:id', schema: answers })).toEqual(['params']);
    expect(missingSchemas({ method: ['POST', 'PUT'], url: '/api/things', schema: answers })).toEqual(['body']);
    expect(
      missingSchemas({
        method: 'POST',
        url: '/api/things/:id/go',
        schema: { ...answers, params: z.object({ id: z.uuid() }) },
        config: { takesNoBody: true },
      }),
    ).toEqual([]);
    expect(missingSchemas({ method: 'DELETE', url: '/api/things', schema: answers })).toEqual([]);
    // Files and pages that are not part of the API say so, and are left out of the document.
    expect(missingSchemas({ method: 'GET', url: '/assets/*', schema: { hide: true } })).toEqual([]);
  });
});

describe('an answer its schema does not describe', () => {
  const Thing = z.object({ id: z.string(), name: z.string() });
  let server: FastifyInstance;

  beforeAll(async () => {
    server = await serverWith((routes) => {
      routes.get('/api/thing', { schema: { response: { 200: Thing } } }, async () => ({
        id: '1',
        name: 'Swift',
        passwordHash: 'scrypt$secret',
      }));
      // The types refuse this answer; the cast stands for a mistake they cannot see.
      routes.get('/api/broken', { schema: { response: { 200: Thing } } }, async () => ({ id: '1', secret: 'tok_4242' }) as never);
    });
  });
  afterAll(() => server.close());

  it('leaves out any field the schema does not declare', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: '1', name: 'Swift' });
    expect(response.body).not.toContain('secret');
  });

  it('is answered with a plain 500, never with the data, and the server goes on answering', async () => {
    const response = await server.inject({ method: 'GET', url: '/api/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again in a moment.' });
    expect(response.body).not.toContain('tok_4242');
    expect((await server.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(200);
  });
});
