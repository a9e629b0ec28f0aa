import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config';
import { answer } from '../http/answers';
import { DOCS_PATH } from '../http/openapi';
import { HttpError } from '../http/errors';
import { BODY_LIMIT_BYTES } from '#domain/limits';
import { ErrorBody } from '#domain/schemas/errors';
import { t } from '../i18n';

/** The card provider's checkout: its script, its iframe, and the calls the script makes. */
const CHECKOUT = 'https://checkout.stripe.com';
const CHECKOUT_API = 'https://api.stripe.com';
/** Razorpay's standard checkout: the script from its checkout host, its frame and calls on its API host. */
const RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com';
const RAZORPAY_API = 'https://api.razorpay.com';

/** The methods that change something, and so must come from the app or a client that is not a browser. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const FOREIGN_PAGE = 'server.security.foreignPage';
const NOT_JSON = 'server.security.notJson';
const FOREIGN_MEANING = 'Sent from a page of another site (its Origin or Sec-Fetch-Site says so), whatever it carries.';

/** The Content-Type's media type, without parameters such as charset. */
function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A body to parse, which the JSON-only parser answers 415 unless it is JSON. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Whether `origin` is this server as the request addressed it. Only the host and port are compared:
 * behind a proxy that ends TLS the request arrives as http while the page was https, and a page on
 * another port or subdomain (the same-site attacker) differs in exactly those.
 */
function isOwnOrigin(origin: string, request: FastifyRequest): boolean {
  if (!URL.canParse(origin)) return false;
  const { protocol, host } = new URL(origin);
  return (protocol === 'https:' || protocol === 'http:') && host === request.host.toLowerCase();
}

/**
 * Forgery refused: the session cookie is SameSite=Lax, which a page on another port or subdomain
 * (the same site) gets past, and bodiless POSTs such as a booking's accept are a "simple" request
 * a foreign page may send with no CORS preflight. Browsers name the page that sent a request in
 * Origin (on every POST, PUT, PATCH and DELETE) or at least in Sec-Fetch-Site, so a state-changing
 * request naming anything but this server or CORS_ORIGINS gets 403. A request with neither is not
 * from a browser page, or from one too old to say; it must then declare a JSON body (415
 * otherwise, from the body parser when there is a body), which no page can send to another
 * origin without a preflight that CORS refuses.
 */
function refuseForgery(app: FastifyInstance, corsOrigins: readonly string[]): void {
  const trusted = new Set(corsOrigins);

  /** 403 when the request names a page of another site as its sender, null when it names this one, undefined when it names none. */
  const pageRefusal = (request: FastifyRequest): HttpError | null | undefined => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      return trusted.has(origin) || isOwnOrigin(origin, request) ? null : new HttpError(403, t(FOREIGN_PAGE));
    }
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined) {
      return site === 'same-origin' || site === 'none' ? null : new HttpError(403, t(FOREIGN_PAGE));
    }
    return undefined;
  };
  const refusal = (request: FastifyRequest): HttpError | undefined => {
    const page = pageRefusal(request);
    if (page !== undefined) return page ?? undefined;
    return !hasBody(request) && mediaType(request) !== 'application/json' ? new HttpError(415, t(NOT_JSON)) : undefined;
  };
  // Not async: every request passes here, and most are reads that need no promise and no extra turn.
  app.addHook('onRequest', (request, _reply, done) => {
    if (STATE_CHANGING.has(request.method)) done(refusal(request));
    // A browser sends no Content-Type with a GET, so a read that changes something is refused only on a foreign page's word.
    else done(request.routeOptions.config.readChangesState ? (pageRefusal(request) ?? undefined) : undefined);
  });

  // The refusals above can meet every state-changing route, and so can the body parser (Fastify
  // parses a body sent with a DELETE or a bodiless POST too), so the document says so on each.
  app.addHook('onRoute', (route: RouteOptions) => {
    const { schema } = route;
    const responses = schema?.response as Record<string, { description?: string }> | undefined;
    if (!schema || schema.hide || !responses) return;
    const forbidden = responses[403]?.description;
    const refusedFromForeignPages = answer(ErrorBody, forbidden ? `${forbidden} Or: ${FOREIGN_MEANING}` : FOREIGN_MEANING);
    if (route.config?.readChangesState) {
      route.schema = { ...schema, response: { ...responses, 403: refusedFromForeignPages } };
      return;
    }
    if (![route.method].flat().some((method) => STATE_CHANGING.has(method))) return;
    // New objects: routes may share one schema object, which must not be extended twice.
    route.schema = {
      ...schema,
      response: {
        ...responses,
        400: responses[400] ?? answer(ErrorBody, 'A body that is not valid JSON.'),
        403: refusedFromForeignPages,
        413: responses[413] ?? answer(ErrorBody, `A body larger than ${BODY_LIMIT_BYTES / 1024} KB.`),
        415: responses[415] ?? answer(ErrorBody, 'Not sent as JSON (Content-Type: application/json), body or none.'),
      },
    };
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read (GET) that also changes something (a bank file moves its payouts on): refused, as a write is, when a page of another site sent it. */
    readChangesState?: boolean;
    /** How long this route's body may take to arrive, when longer than the server's request timeout (an upload's). */
    bodyTimeoutMs?: number;
  }
}

/** The raw 408 written to a socket whose body is too slow, with its words as it is written. */
function tooSlowAnswer(): string {
  const body = JSON.stringify({ message: t('server.security.tooSlow') });
  return [
    'HTTP/1.1 408 Request Timeout',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * A body must arrive within `requestTimeoutMs` of its headers. Node's own requestTimeout stops
 * counting once the request's handler is called, so a body trickled a byte every few seconds held
 * its socket (and a parser) for as long as the sender liked. The socket is answered 408 and closed.
 */
function cutOffSlowBodies(app: FastifyInstance, requestTimeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // `inject` hands over its whole body at once, on a stand-in for a socket; a bodiless request has arrived whole.
    if (raw instanceof IncomingMessage && !raw.complete && hasBody(request)) {
      answerWhenTooSlow(request, reply, Math.max(requestTimeoutMs, request.routeOptions.config.bodyTimeoutMs ?? 0));
    }
    done();
  });
}

function answerWhenTooSlow(request: FastifyRequest, reply: FastifyReply, timeoutMs: number): void {
  const raw = request.raw;
  const timer = setTimeout(() => {
    if (raw.complete) return;
    request.log.info('request body too slow: connection closed');
    const { socket } = raw;
    if (!reply.raw.headersSent && socket.writable) socket.write(tooSlowAnswer());
    socket.destroySoon();
  }, timeoutMs);
  timer.unref();
  raw.once('close', () => clearTimeout(timer));
}

declare module 'fastify' {
  interface FastifyReply {
    /** Gives this answer the headers of a page the browser shows (the app's HTML): every other answer is data. */
    asPage: () => FastifyReply;
  }
}

/**
 * What an answer that is not a page carries (OWASP's headers for a REST API): JSON, a script, a
 * photo is never a document the browser runs, so its policy allows nothing at all and no page may
 * frame it. The page policy and the headers only a document heeds (COOP, Origin-Agent-Cluster, the
 * XSS auditor's, DNS prefetching, downloads) were sent with every answer too: about 800 bytes,
 * more than many answers' bodies, on each script a page loads and each API call.
 */
const NOT_A_PAGE = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};
const HSTS = 'strict-transport-security';

/**
 * Helmet's headers, worked out once at start: they are the same for every page, and
 * @fastify/helmet built helmet's middleware anew (parsing the policy) for each request, a tenth of
 * what a cached answer cost. Helmet writes them onto a response of its own here, read back once.
 * Answers get the headers of data unless they are a page: the app's HTML (`reply.asPage()`) or the
 * API's documentation.
 */
function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, (error?: unknown) => {
    if (error) throw error;
  });
  const pageHeaders = response.getHeaders();
  const hsts = pageHeaders[HSTS];
  const dataHeaders = { ...NOT_A_PAGE, ...(hsts === undefined ? {} : { [HSTS]: hsts }) };
  app.decorateReply('asPage', function asPage(this: FastifyReply) {
    return this.headers(pageHeaders);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(DOCS_PATH) ? pageHeaders : dataHeaders);
    done();
  });
}

/**
 * Swagger UI's bundle injects its own <style> element, so the API's documentation pages (and only
 * they: no user content is shown there) allow inline styles. The app itself needs none: React
 * sets its styles through the CSSOM, which the policy does not govern.
 */
function allowInlineStylesInDocs(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && request.url.startsWith(DOCS_PATH)) {
      const directives = policy
        .split(';')
        .map((directive) =>
          directive.trim().startsWith('style-src ') ? `${directive.trim()} 'unsafe-inline'` : directive.trim(),
        );
      reply.header('content-security-policy', directives.join(';'));
    }
    done(null, payload);
  });
}

/**
 * Security headers, CORS, the forgery check and the cut-off for slow bodies. The CSP allows this site, the checkout, data: images and any http or
 * https image (owners' cars may point anywhere, and the car form accepts http:// addresses).
 * Upgrading requests and HSTS only make sense behind HTTPS, which is what COOKIE_SECURE says.
 */
async function security(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'corsOrigins' | 'cookieSecure' | 'requestTimeoutMs'>,
): Promise<void> {
  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", CHECKOUT, RAZORPAY_CHECKOUT],
        frameSrc: [CHECKOUT, RAZORPAY_API],
        connectSrc: ["'self'", CHECKOUT, CHECKOUT_API, RAZORPAY_API],
        // blob: is the add page's preview of a photo chosen but not yet uploaded: the browser's own copy, never a remote file.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        styleSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        ...(config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The checkout may open its own window on small screens; it must be able to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.cookieSecure,
  });

  const corsOrigins = new Set(config.corsOrigins);
  await app.register(cors, {
    // A request that names no Origin, or one CORS_ORIGINS does not list, gets no CORS headers at all
    // (only Vary: Origin): the credentials and exposed-headers lines went with every answer, API
    // calls and a page's scripts alike, though only an allowed page on another origin reads them.
    origin: (origin, allow) => allow(null, origin !== undefined && corsOrigins.has(origin) ? origin : false),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // The add page reads the new car's id from Location to upload its photos; under `npm run dev` it is another origin.
    exposedHeaders: ['location'],
    maxAge: 600,
  });

  allowInlineStylesInDocs(app);
  cutOffSlowBodies(app, config.requestTimeoutMs);
  refuseForgery(app, config.corsOrigins);
}

export const securityPlugin = fp(security, { name: 'security', fastify: '5.x' });
