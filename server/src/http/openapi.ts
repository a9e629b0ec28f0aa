import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { sessionCookieName } from '../auth/session-token';
import type { ServerConfig } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST, PUT or PATCH that reads no body, so it needs no body schema (the route's path says everything). */
    takesNoBody?: boolean;
  }
}

/** The browsable documentation, and the OpenAPI document it shows. */
export const DOCS_PATH = '/api/docs';
export const DOCUMENT_PATH = '/api/openapi.json';

/** The `security` of a route that needs a signed-in caller: the session cookie. */
export const SIGNED_IN = [{ session: [] }];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** What a route declares, as the onRoute hook sees it. */
export interface RouteDeclaration {
  method: RouteOptions['method'];
  url: string;
  schema?: FastifySchema & { hide?: boolean };
  config?: { takesNoBody?: boolean };
}

/**
 * The schemas a route is missing: every route of the API declares its answers, and a schema for
 * each part of the request it reads (its path's parameters; the body of a POST, PUT or PATCH
 * unless it says it takes none). A query is typed `unknown` without a schema, so reading one
 * undeclared does not compile. Routes that are not part of the API (the built app's files, these
 * docs, CORS preflight) say so with `schema.hide`.
 */
export function missingSchemas(route: RouteDeclaration): string[] {
  const { schema } = route;
  if (schema?.hide) return [];
  const missing: string[] = [];
  if (!schema?.response) missing.push('response');
  if (/[:*]/.test(route.url) && !schema?.params) missing.push('params');
  const readsBody = [route.method].flat().some((method) => BODY_METHODS.has(method)) && !route.config?.takesNoBody;
  if (readsBody && !schema?.body) missing.push('body');
  return missing;
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The named schemas, as the library lists them, less those nothing refers to: it lists each one
 * twice, as a request reads it (`AccountInput`) and as an answer writes it (`Account`), and the
 * named ones here are all answers.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  const schemas = 'openapi' in document ? document.components?.schemas : undefined;
  if (!schemas) return document;
  const used = new Set<string>();
  const unread = [JSON.stringify(document.paths)];
  for (let text = unread.pop(); text !== undefined; text = unread.pop()) {
    for (const [, name = ''] of text.matchAll(SCHEMA_REF)) {
      if (used.has(name)) continue;
      used.add(name);
      unread.push(JSON.stringify(schemas[name]));
    }
  }
  // The library built this object for this call, so it is ours to trim.
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
};

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas as they are registered, at
 * `/api/openapi.json`, and Swagger UI at `/api/docs`. Registered before the routes (it watches them
 * being added), and a route without its schemas stops the server at start-up.
 */
async function openApi(app: FastifyInstance, config: Pick<ServerConfig, 'cookieSecure'>): Promise<void> {
  app.addHook('onRoute', (route) => {
    const missing = missingSchemas(route);
    if (missing.length > 0) {
      throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no ${missing.join(', ')} schema.`);
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'WheelsOnWeb rental API',
        version: '1.0.0',
        description:
          'The car-rental marketplace\'s HTTP contract. Errors are `{"message"}` with a real status; the routes the spec reads `code` from also carry the status as `code`.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config.cookieSecure) } },
      },
      tags: [
        { name: 'accounts', description: "Registration and the spec's sign-in forms." },
        { name: 'session', description: 'Signing in and out, and who is signed in.' },
        { name: 'account', description: "The signed-in person's own account: details, password, signing out everywhere." },
        {
          name: 'licence',
          description:
            "A renter's driving licence, which a booking needs approved (LICENCE_CHECK): its private photos, its review.",
        },
        { name: 'owner cars', description: "An owner's own listed cars, on the spec's paths." },
        { name: 'payout details', description: 'Where an owner is paid: a bank account, a UPI ID, and their PAN.' },
        { name: 'earnings', description: "An owner's earnings from the ledger, and their monthly statements." },
        { name: 'blog', description: 'Blog posts, their comments and replies.' },
        { name: 'cars', description: 'The cars anyone may see and book.' },
        {
          name: 'trips',
          description:
            "A booking's handover and return, each recorded by one side and confirmed or corrected by the other: odometer, fuel and private photos.",
        },
        {
          name: 'car photos',
          description: "A car's uploaded photos: adding, removing, reordering (its owner; an admin for a fleet car).",
        },
        { name: 'bookings', description: 'Rental requests and their steps.' },
        { name: 'notifications', description: "What the header's badges count: requests to answer, bookings changed." },
        { name: 'reviews', description: "Renters' ratings of cars after a trip, and owners' replies." },
        { name: 'messages', description: 'The contact form and the newsletter.' },
        { name: 'health', description: 'Whether the server and its database answer.' },
        { name: 'config', description: 'What the app needs to know about this server: the ways to pay it takes.' },
        { name: 'payments', description: "Razorpay's orders (UPI, cards, netbanking) and its webhook." },
        { name: 'payouts', description: "An owner's own payouts: what was paid to them, when, and the bank's reference." },
        { name: 'admin', description: 'The admin console: its lists, its actions and the audit log of every admin action.' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
  app.get(DOCUMENT_PATH, { schema: { hide: true } }, () => app.swagger());
}

export const openApiPlugin = fp(openApi, { name: 'openapi', fastify: '5.x' });
