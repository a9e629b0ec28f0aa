import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_BYTES_MAX } from '#domain/limits';
import {
  LicenceAnswer,
  LicenceParams,
  LicencePhotoParams,
  LicenceQueue,
  LicenceRejection,
  QueuedLicence,
} from '#domain/schemas/licences';
import type { ServerConfig } from '../config';
import { ADMIN_TAGS, REFUSED } from '../http/admin-lists';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { issueWords } from '../http/check-words';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { UPLOAD_TIMEOUT_MS } from '../http/photo-refusals';
import {
  ALREADY_REVIEWED,
  checkRenter,
  LICENCE_EXPIRED,
  licencePhotoKey,
  licenceQueue,
  NO_SUCH_LICENCE,
  ownLicence,
  removeLicence,
  RENTERS_ONLY,
  reviewLicence,
  saveLicence,
  TOO_YOUNG,
} from '../licences/licences';
import { receiveLicence, TWO_PHOTOS } from '../licences/receive-licence';
import { countPhotoUpload } from '../limits/photo-uploads';
import { localPhotoStorage } from '../photos/photo-storage';
import { PRIVATE_NO_STORE, privatePhotoFile, sendPrivatePhoto } from '../http/private-photo';
import { removePhotoFiles } from '../photos/photo-store';
import { signedInAccount } from '../plugins/session';
import { t } from '../i18n';

const TAGS = ['licence'];

/** LICENCE_CHECK and MIN_RENTER_AGE, and where the review's mail links to; demo mode approves a licence at once. */
export type LicenceRouteOptions = Pick<ServerConfig, 'licences' | 'publicUrl'> & { demo: boolean };

const SUBMIT_SCHEMA = {
  tags: TAGS,
  summary: 'Send your driving licence (renters)',
  description: `A \`multipart/form-data\` body: the fields \`number\` (spaces and hyphens are dropped; a number not of today's form, state code, RTO, year, seven digits, is taken and marked \`olderFormat\` for the admin), \`dateOfBirth\` and \`expiresOn\` (YYYY-MM-DD), then the files \`front\` and \`back\`: JPEG, PNG or WebP photos of the licence, each at most ${PHOTO_BYTES_MAX / (1024 * 1024)} MB, stripped of their metadata and kept private (never under the public uploads). It replaces the renter's licence before it, and waits for an admin's review (\`pending\`), except on a demo server, which approves it at once. Nothing is kept when it is refused.`,
  security: SIGNED_IN,
  response: {
    201: answer(LicenceAnswer.extend({ message: z.string() }), 'The licence as kept.'),
    ...errors([400, 401, 403, 413, 415, 503], {
      400: `"${issueWords('checks.licence.number')}" "${issueWords('checks.licence.date')}" "${t(LICENCE_EXPIRED)}" "${t(TOO_YOUNG, { age: 21 })}" (MIN_RENTER_AGE) Or: "${t(TWO_PHOTOS)}"`,
      403: t(RENTERS_ONLY),
    }),
  },
};

/** The renter's own licence: send, read, delete; and its photos, to its renter and to admins. */
export const licenceRoutes: FastifyPluginAsyncZod<LicenceRouteOptions> = async (app, { licences: rules, demo, publicUrl }) => {
  await adminLicenceRoutes(app, { publicUrl });
  const storage = localPhotoStorage(rules.dir);

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PHOTO_BYTES_MAX, files: 2, fields: 3, parts: 5 } });
    const config = { takesNoBody: true, bodyTimeoutMs: UPLOAD_TIMEOUT_MS, deadlineStartsInHandler: true };
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/account/licence', { onRequest: app.requireSignedIn, config, schema: SUBMIT_SCHEMA }, async (request, reply) => {
        const renter = signedInAccount(request);
        checkRenter(renter);
        await countPhotoUpload(app.db, renter.id, app.quotas.photoUploadsPerHour, app.clock.now());
        const received = await receiveLicence(app, storage, request, rules.minRenterAge);
        try {
          const saved = await saveLicence(app.db, renter, { ...received, approveAtOnce: demo }, app.clock.now());
          await removePhotoFiles(storage, saved.replacedKeys);
          const message = t(demo ? 'server.licences.savedAtOnce' : 'server.licences.saved');
          return reply.code(201).send({ licence: saved.licence, message });
        } catch (error) {
          await removePhotoFiles(storage, Object.values(received.photoKeys));
          throw error;
        }
      });
  });

  app.get(
    '/api/account/licence',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Your driving licence and its review',
        description: '`licence` is null when none was sent. Any role may ask; only renters have one.',
        security: SIGNED_IN,
        response: { 200: answer(LicenceAnswer, 'The licence, or null.'), ...errors([401]) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { licence: await ownLicence(app.db, signedInAccount(request).id) };
    },
  );

  app.delete(
    '/api/account/licence',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Delete your driving licence',
        description: 'The licence and its photos are deleted; booking needs a new one (when LICENCE_CHECK is on).',
        security: SIGNED_IN,
        response: { 204: z.undefined().describe('Deleted, or there was none.'), ...errors([401]) },
      },
    },
    async (request, reply) => {
      await removePhotoFiles(storage, await removeLicence(app.db, signedInAccount(request).id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/licences/:id/photos/:side',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: "A licence's photo (its renter; admins)",
        description:
          "The WebP photo of the front or back, never cached (`Cache-Control: private, no-store`). Anyone but its renter and the admins is told there is no such licence. An admin's look is kept in the audit log.",
        security: SIGNED_IN,
        params: LicencePhotoParams,
        response: {
          200: { description: 'The photo, as WebP.', content: { 'image/webp': { schema: z.string() } } },
          ...errors([400, 401, 404], { 404: t(NO_SUCH_LICENCE) }),
        },
      },
    },
    async (request, reply) => {
      const { id, side } = request.params;
      const key = await licencePhotoKey(app.db, signedInAccount(request), id, side, app.clock.now());
      const file = await privatePhotoFile(storage, key);
      if (!file) throw new HttpError(404, t(NO_SUCH_LICENCE));
      return sendPrivatePhoto(reply, file);
    },
  );
};

/** The admins' queue of driving licences awaiting review, and their decisions on them, each audited and mailed. */
const adminLicenceRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const accountUrl = `${publicUrl}/account#licence`;
  const onlyAdmins = app.requireRole('admin');
  app.get(
    '/api/admin/licences',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Driving licences awaiting review',
        description: 'Every pending licence, oldest first, with its renter and the addresses of its two photos.',
        security: SIGNED_IN,
        response: { 200: answer(LicenceQueue, 'The queue.'), ...errors([401, 403], REFUSED) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { licences: await licenceQueue(app.db) };
    },
  );

  const REVIEW_ERRORS = errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
    ...REFUSED,
    400: 'An id that is not a uuid, or (rejecting) no reason.',
    404: t(NO_SUCH_LICENCE),
    409: t(ALREADY_REVIEWED),
  });

  app.post(
    '/api/admin/licences/:id/approve',
    {
      onRequest: onlyAdmins,
      config: { takesNoBody: true },
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Approve a driving licence',
        description: 'Its renter may book trips ending by its expiry; they are mailed. Audited.',
        security: SIGNED_IN,
        params: LicenceParams,
        response: { 200: answer(QueuedLicence, 'The licence, approved.'), ...REVIEW_ERRORS },
      },
    },
    (request) =>
      reviewLicence(app.db, signedInAccount(request), request.params.id, { approve: true }, app.clock.now(), accountUrl),
  );

  app.post(
    '/api/admin/licences/:id/reject',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Reject a driving licence',
        description: 'Its renter is mailed the reason and may send another. Audited with the reason.',
        security: SIGNED_IN,
        params: LicenceParams,
        body: LicenceRejection,
        response: { 200: answer(QueuedLicence, 'The licence, rejected.'), ...REVIEW_ERRORS },
      },
    },
    (request) =>
      reviewLicence(
        app.db,
        signedInAccount(request),
        request.params.id,
        { approve: false, reason: request.body.reason },
        app.clock.now(),
        accountUrl,
      ),
  );
};
