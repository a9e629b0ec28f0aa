import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES } from '#domain/limits';
import { trustProxyOption, trustProxyWarning, type ServerConfig } from './config';
import { COMPRESS_FROM_BYTES } from './http/kept-answer';
import { openApiPlugin } from './http/openapi';
import { zodValidatorCompiler } from './http/validation';
import { systemClock, type Clock } from './clock/clock';
import { clockPlugin } from './plugins/clock';
import type { OpenDatabase } from './db/client';
import { databasePlugin } from './plugins/database';
import { deadlinePlugin } from './plugins/deadline';
import { answerFrameworkError, errorsPlugin, sendNotFound } from './plugins/errors';
import { messageMailsPlugin } from './plugins/message-mails';
import { bookingRemindersPlugin } from './plugins/booking-reminders';
import { changeFeedPlugin } from './plugins/change-feed';
import { idempotencyPlugin } from './plugins/idempotency';
import { mailPlugin } from './plugins/mail';
import { smsPlugin } from './plugins/sms';
import { passwordResetsPlugin } from './plugins/password-resets';
import { passwordsPlugin } from './plugins/passwords';
import { paymentsPlugin } from './plugins/payments';
import { payoutRunsPlugin } from './plugins/payout-runs';
import { photoStoragePlugin } from './plugins/photo-storage';
import type { PhotoQueue } from './photos/photo-queue';
import type { HashQueue } from './auth/hash-queue';
import { privateCachePlugin } from './plugins/private-cache';
import { publicCachePlugin } from './plugins/public-cache';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { staticAppPlugin } from './plugins/static-app';
import { formerCarAddresses } from './cars/former-names';
import { toSafeError } from './safe-error';
import { ownAccountRoutes } from './routes/account';
import { ownPhoneRoutes } from './routes/phone';
import { adminRoutes } from './routes/admin';
import { adminMoneyRoutes } from './routes/admin-money';
import { adminContentRoutes } from './routes/admin-content';
import { adminMessageRoutes } from './routes/admin-messages';
import { adminCarRoutes } from './routes/admin-cars';
import { adminBookingRoutes } from './routes/admin-bookings';
import { adminPayoutRoutes } from './routes/admin-payouts';
import { accountRoutes } from './routes/accounts';
import { bookingRoutes } from './routes/bookings';
import { carPhotoRoutes, uploadedFileRoutes } from './routes/car-photos';
import { carRoutes } from './routes/cars';
import { commentRoutes } from './routes/comments';
import type { DemoProviders } from './payments/demo/demo-mode';
import { configRoutes } from './routes/config';
import { licenceRoutes } from './routes/licences';
import { tripRoutes } from './routes/trips';
import { conversationRoutes } from './routes/conversations';
import { demoProviderRoutes } from './routes/demo-providers';
import { healthRoutes } from './routes/health';
import { messageRoutes } from './routes/messages';
import { notificationRoutes } from './routes/notifications';
import { ownerCarRoutes } from './routes/owner-cars';
import { ownerPayoutRoutes } from './routes/owner-payouts';
import { ownerEarningsRoutes } from './routes/owner-earnings';
import { passwordResetRoutes } from './routes/password-reset';
import { payoutDetailsRoutes } from './routes/payout-details';
import { paymentRoutes } from './routes/payments';
import { reviewRoutes } from './routes/reviews';
import { sessionRoutes } from './routes/session';
import { siteFileRoutes } from './routes/site-files';

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  // Owners' payout details, sealed in the database and never to be read in a log either.
  '*.accountNumber',
  '*.confirmAccountNumber',
  '*.ifsc',
  '*.upiId',
  '*.pan',
  '*.token',
  '*.paymentToken',
  '*.passwordHash',
  '*.tokenHash',
];

/** Said at every start without the key: owners' payout details can be neither saved nor shown, and someone must set it. */
export const PAYOUT_DETAILS_KEY_MISSING =
  'PAYOUT_DETAILS_KEY is not set: owners cannot save their payout details (503) until it is. Set it to 32 random bytes in base64 (openssl rand -base64 32) and keep it safe: without it the saved details cannot be read.';

export interface AppOptions {
  /** Where log lines go instead of stdout: tests read them here. */
  logStream?: { write(line: string): void };
  /** How the database is opened (`openDatabase` unless given): tests lend databases they recycle. */
  openDatabase?: OpenDatabase;
  /** The time every rule reads (the machine's unless given): tests move it instead of sleeping. */
  clock?: Clock;
  /** Demo mode: the providers' stand-ins the config points at, whose checkout side the app's demo forms ask. */
  demoProviders?: DemoProviders;
  /** The line photos wait in for their image work (a fresh one unless given): tests hold it busy. */
  photoQueue?: PhotoQueue;
  /** The line password hashes wait in (a fresh one unless given): tests hold it busy. */
  hashQueue?: HashQueue;
}

/**
 * The whole server, ready to listen or to be called with `inject`: plugins first (the order
 * matters: hooks apply to the routes registered after them), then one file of routes per resource.
 */
export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Redaction only reaches named paths; a database error carries the query's values in its text.
      serializers: { err: toSafeError },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients must not hold sockets forever. Node's requestTimeout bounds the headers (the body
    // is the security plugin's), checked every connectionsCheckingInterval, 30 s unless set. Silence
    // is bounded only where no request is under way: before the headers (headersTimeout) and between
    // requests (keepAliveTimeout). A socket time-out (connectionTimeout) would close the socket of a
    // request still being worked on, its client told nothing while the work went on; the deadline
    // plugin bounds that work instead, with a 503.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.idleTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs / 2),
      headersTimeout: Math.min(config.idleTimeoutMs, config.requestTimeoutMs),
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // Ids in the spec's paths are opaque strings; long ones are rejected by the schemas, not the router.
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
    // The database plugin waits for the database and its migrations, which take as long as they take
    // (another instance may hold the migration lock); Fastify's 10 s limit per plugin would fail the start.
    pluginTimeout: 0,
  });
  const proxyWarning = trustProxyWarning(config);
  if (proxyWarning) app.log.warn(proxyWarning);
  if (!config.payoutDetailsKey) app.log.warn(PAYOUT_DETAILS_KEY_MISSING);

  try {
    app.setValidatorCompiler(zodValidatorCompiler);
    // Answers are checked against the route's response schemas: a field no schema declares is dropped, never sent.
    app.setSerializerCompiler(serializerCompiler);
    await app.register(clockPlugin, { clock: options.clock ?? systemClock });
    await app.register(errorsPlugin);
    // Before any route, so each one is bounded.
    await app.register(deadlinePlugin, config);
    acceptOnlyJsonBodies(app);

    // Each plugin names the ones it needs (fastify-plugin `dependencies`), so a wrong order fails here.
    await app.register(securityPlugin, config);
    await app.register(passwordsPlugin, { ...config, queue: options.hashQueue });
    await app.register(databasePlugin, { ...config, ...(options.openDatabase ? { open: options.openDatabase } : {}) });
    await app.register(changeFeedPlugin);
    // Before compress: they keep answers as the serialized text, and send them compressed themselves.
    await app.register(publicCachePlugin);
    await app.register(privateCachePlugin);
    await app.register(sessionPlugin, config);
    // Before compress too: it keeps a write's answer as the serialized text, for a retry with the same key.
    await app.register(idempotencyPlugin);
    await app.register(compress, { threshold: COMPRESS_FROM_BYTES });
    await app.register(paymentsPlugin, config);
    await app.register(payoutRunsPlugin, config);
    await app.register(mailPlugin, config);
    await app.register(smsPlugin, config);
    await app.register(bookingRemindersPlugin, config);
    await app.register(messageMailsPlugin, config);
    await app.register(passwordResetsPlugin, config);
    await app.register(photoStoragePlugin, { ...config, ...(options.photoQueue ? { queue: options.photoQueue } : {}) });
    if (config.staticDir) await app.register(staticAppPlugin, { root: config.staticDir, moved: formerCarAddresses() });
    else app.setNotFoundHandler(sendNotFound);
    // Beside the app's files: photos are files a page loads by the dozen, left out of the API's ceiling like them.
    await app.register(inRootContext(uploadedFileRoutes));
    await app.register(inRootContext(siteFileRoutes), { publicUrl: config.publicUrl });
    // Before the routes, which it documents, and before the ceiling, which leaves the docs' files uncounted like the app's.
    await app.register(openApiPlugin, config);
    // After the static files, so the ceiling counts API calls only: a page load fetches dozens of files.
    await app.register(rateLimitPlugin, config);

    await app.register(inRootContext(healthRoutes));
    await app.register(inRootContext(configRoutes), { ...config, demo: options.demoProviders !== undefined });
    if (options.demoProviders) await app.register(inRootContext(demoProviderRoutes), { providers: options.demoProviders });
    await app.register(inRootContext(accountRoutes), { publicUrl: config.publicUrl });
    await app.register(inRootContext(sessionRoutes), { publicUrl: config.publicUrl });
    await app.register(inRootContext(passwordResetRoutes), { publicUrl: config.publicUrl });
    await app.register(inRootContext(ownAccountRoutes), { publicUrl: config.publicUrl });
    await app.register(inRootContext(ownerCarRoutes), { links: { publicUrl: config.publicUrl }, trips: config.trips });
    await app.register(inRootContext(payoutDetailsRoutes), { publicUrl: config.publicUrl, key: config.payoutDetailsKey });
    await app.register(inRootContext(ownerEarningsRoutes));
    await app.register(inRootContext(commentRoutes));
    await app.register(inRootContext(carRoutes));
    const links = { publicUrl: config.publicUrl };
    await app.register(inRootContext(bookingRoutes), { ...config, links });
    await app.register(inRootContext(conversationRoutes), { links });
    await app.register(inRootContext(tripRoutes), { tripPhotosDir: config.tripPhotosDir, links });
    await app.register(inRootContext(messageRoutes));
    await app.register(inRootContext(paymentRoutes), { ...config, links });
    // Files of routes that take no options.
    for (const routes of [reviewRoutes, notificationRoutes, carPhotoRoutes, ownPhoneRoutes, adminRoutes, adminMoneyRoutes])
      await app.register(inRootContext(routes));
    await app.register(inRootContext(licenceRoutes), { ...config, demo: options.demoProviders !== undefined });
    await app.register(inRootContext(adminContentRoutes));
    await app.register(inRootContext(adminMessageRoutes));
    await app.register(inRootContext(adminCarRoutes), { links: { publicUrl: config.publicUrl } });
    await app.register(inRootContext(adminBookingRoutes), { gst: config.gst, links: { publicUrl: config.publicUrl } });
    await app.register(inRootContext(adminPayoutRoutes), { key: config.payoutDetailsKey });
    await app.register(inRootContext(ownerPayoutRoutes));

    await app.ready();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * A file of routes registered in the app's own context rather than one of its own. Fastify gives
 * each encapsulated context its own Request and Reply classes, so with twenty route files every
 * function a request passes through (the hooks, the caches, Reply.send) met twenty object shapes,
 * and V8 replaced its optimized code with code that handles any shape: once the other routes had
 * been asked, a kept car or post cost a quarter more CPU than when it was the only thing asked for
 * (measured by bench:api). The route files add no hooks or parsers for their routes alone; the two that need
 * one (a photo upload's multipart parser, the payment webhook's raw body) keep it in a scope of its
 * own inside the file.
 */
function inRootContext<Options extends FastifyPluginOptions>(routes: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return fp(routes, { fastify: '5.x' });
}

/**
 * JSON is the only body the API reads: Fastify's text/plain parser is removed, so a text or form
 * body gets 415 (which also keeps cross-site form posts out). An empty JSON body counts as no
 * body, because clients send the JSON content type on bodiless POSTs and DELETEs too.
 */
function acceptOnlyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
