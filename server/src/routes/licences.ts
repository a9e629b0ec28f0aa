import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_BYTES_MAX } from '#domain/limits';
import { PHOTO_WIDTHS, photoFileName } from '#domain/photo-urls';
import {
  LICENCE_FIELDS,
  LICENCE_PHOTO_SIDES,
  LicenceAnswer,
  LicenceForm,
  type LicencePhotoSide,
  LicencePhotoParams,
  LicenceParams,
  LicenceQueue,
  LicenceRejection,
  QueuedLicence,
} from '#domain/schemas/licences';
import type { LicenceRules } from '../config';
import { ADMIN_TAGS, REFUSED } from '../http/admin-lists';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { issueWords } from '../http/check-words';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import {
  ALREADY_REVIEWED,
  checkLicenceDates,
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
import { countPhotoUpload } from '../limits/photo-uploads';
import { localPhotoStorage, PHOTO_CONTENT_TYPE, type PhotoStorage, type StoredFile } from '../photos/photo-storage';
import { PhotoRejectedError, removePhotoFiles, storePhoto } from '../photos/photo-store';
import { signedInAccount } from '../plugins/session';
import { t } from '../i18n';
import { MULTIPART_OVERHEAD_BYTES, photoRefusal, UPLOAD_TIMEOUT_MS } from './car-photos';

const TAGS = ['licence'];

/** A licence photo, which no cache may keep. */
function sendPrivatePhoto(reply: FastifyReply, file: StoredFile): FastifyReply {
  return reply
    .type(PHOTO_CONTENT_TYPE)
    .header('content-length', file.size)
    .header('cache-control', PRIVATE_NO_STORE)
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
const TWO_PHOTOS = 'server.licences.twoPhotos';
const LARGEST_WIDTH = Math.max(...PHOTO_WIDTHS);
/** A licence's photo is a document of identity: never kept by a browser's or a proxy's cache. */
const PRIVATE_NO_STORE = 'private, no-store';

export interface LicenceRouteOptions {
  rules: LicenceRules;
  /** Demo mode approves a licence at once. */
  demo: boolean;
  publicUrl: string;
}

/** The form's three fields, then its two photos, each stored as it arrives; on any refusal, nothing is kept. */
async function receiveLicence(
  app: FastifyInstance,
  storage: PhotoStorage,
  request: FastifyRequest,
  minAge: number,
): Promise<{ form: z.output<typeof LicenceForm>; photoKeys: Record<LicencePhotoSide, string> }> {
  if (Number(request.headers['content-length'] ?? 0) > 2 * (PHOTO_BYTES_MAX + MULTIPART_OVERHEAD_BYTES)) {
    throw photoRefusal(new PhotoRejectedError('too-large'));
  }
  const fields: Record<string, string> = {};
  const stored: Partial<Record<LicencePhotoSide, string>> = {};
  let form: z.output<typeof LicenceForm> | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (form || !Object.values(LICENCE_FIELDS).includes(part.fieldname as never) || typeof part.value !== 'string') {
          throw new HttpError(400, t(TWO_PHOTOS));
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      const side = LICENCE_PHOTO_SIDES.find((name) => name === part.fieldname);
      if (!side || stored[side]) {
        part.file.resume();
        throw new HttpError(400, t(TWO_PHOTOS));
      }
      if (!form) {
        // Every field is checked before a photo is kept, so a wrong field never leaves files behind.
        const parsed = LicenceForm.safeParse(fields);
        if (!parsed.success) {
          part.file.resume();
          throw new HttpError(400, issueWords(parsed.error.issues[0]?.message ?? ''));
        }
        checkLicenceDates(parsed.data, app.clock.now(), minAge);
        form = parsed.data;
      }
      const photo = await storePhoto(storage, app.photoQueue, part.file, () => part.file.truncated);
      stored[side] = photo.key;
    }
    if (!form || !stored.front || !stored.back) throw new HttpError(400, t(TWO_PHOTOS));
    return { form, photoKeys: { front: stored.front, back: stored.back } };
  } catch (error) {
    await removePhotoFiles(storage, Object.values(stored));
    if (error instanceof HttpError) throw error;
    throw photoRefusal(error);
  }
}

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
export const licenceRoutes: FastifyPluginAsyncZod<LicenceRouteOptions> = async (app, { rules, demo, publicUrl }) => {
  const storage = localPhotoStorage(rules.dir);
  const accountUrl = `${publicUrl}/account#licence`;

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
      const file = await storage.get(photoFileName(key, LARGEST_WIDTH as (typeof PHOTO_WIDTHS)[number]));
      if (!file) throw new HttpError(404, t(NO_SUCH_LICENCE));
      return sendPrivatePhoto(reply, file);
    },
  );

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
      reply.header('cache-control', PRIVATE_NO_STORE);
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
