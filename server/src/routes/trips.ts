import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HANDOVER_OPENS_MINUTES } from '#domain/booking-states';
import { PHOTO_BYTES_MAX, TRIP_PHOTOS_MAX } from '#domain/limits';
import { PHOTO_FIELD } from '#domain/schemas/car-photos';
import { BookingIdParams } from '#domain/schemas/bookings';
import { TripAnswer, TripConfirmation, TripParams, TripPhotoParams, TripPhotoSlot, TripValues } from '#domain/schemas/trips';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { receivePhoto, UPLOAD_TIMEOUT_MS } from '../http/photo-refusals';
import { PRIVATE_NO_STORE, privatePhotoFile, sendPrivatePhoto } from '../http/private-photo';
import type { BookingLinks } from '../mail/booking-mails';
import { localPhotoStorage, type PhotoStorage } from '../photos/photo-storage';
import { removePhotoFiles } from '../photos/photo-store';
import { signedInAccount } from '../plugins/session';
import { NO_SUCH_BOOKING_ID } from '../bookings/words';
import { checkMayAddPhoto, confirmTrip, keepTripPhoto, readTrip, saveTripValues, TRIP_WORDS, tripPhotoKey } from '../trips/trips';
import { t } from '../i18n';

const TAGS = ['trips'];
const TRIP_ANSWER = answer(TripAnswer, "The booking's two trip records as they stand.");
const NOT_YOURS = { 404: t(NO_SUCH_BOOKING_ID) };

/**
 * A trip's handover and return records: filled in by one side (the renter, or whoever keeps the car),
 * with photos kept private, and confirmed or corrected by the other, whose confirmation takes the step.
 */
export const tripRoutes: FastifyPluginAsyncZod<{ tripPhotosDir: string; links: BookingLinks }> = async (
  app,
  { tripPhotosDir, links },
) => {
  app.get(
    '/api/bookings/:id/trip',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: "A booking's handover and return records (its parties; admins)",
        security: SIGNED_IN,
        params: BookingIdParams,
        response: { 200: TRIP_ANSWER, ...errors([400, 401, 404], NOT_YOURS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      return readTrip(app.db, signedInAccount(request), request.params.id);
    },
  );

  app.put(
    '/api/bookings/:id/trip/:kind',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Fill in a trip record (the first side)',
        description: `The odometer (whole km) and the fuel: \`{ "kind": "eighths", "eighths": 0..8 }\`, or for an electric car \`{ "kind": "batteryPercent", "percent": 0..100 }\`. The handover from ${HANDOVER_OPENS_MINUTES} minutes before the start while the booking is accepted; the return once it is \`in_trip\`, never below the handover's odometer. Whoever fills it in first owns it until the other side confirms; they may send it again meanwhile.`,
        security: SIGNED_IN,
        params: TripParams,
        body: TripValues,
        response: {
          200: TRIP_ANSWER,
          ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
            ...NOT_YOURS,
            400: `${t(TRIP_WORDS.lowerOdometer, { km: 12000 })} Or a fuel of the wrong kind, or outside its range.`,
            403: t(TRIP_WORDS.notAParty),
            409: `${t(TRIP_WORDS.notYet, { opensAt: '…' })} Or: "${t(TRIP_WORDS.noHandover)}" "${t(TRIP_WORDS.otherSideFilled)}" "${t(TRIP_WORDS.confirmed)}"`,
          }),
        },
      },
    },
    (request) =>
      saveTripValues(app.db, signedInAccount(request), request.params.id, request.params.kind, request.body, app.clock.now()),
  );

  app.post(
    '/api/bookings/:id/trip/:kind/confirm',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Confirm or correct a trip record (the second side)',
        description:
          'The side that did not fill it in confirms it, as sent or with a `correction` (kept beside what was sent, for both to read), once its front, rear, left and right photos are in. The handover takes the booking to `in_trip`, the return to `returned` (it then completes CLAIM_WINDOW_HOURS after the return). Confirming a record already confirmed answers it as it stands: two phones confirming at once leave one record.',
        security: SIGNED_IN,
        params: TripParams,
        body: TripConfirmation,
        response: {
          200: TRIP_ANSWER,
          ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
            ...NOT_YOURS,
            403: t(TRIP_WORDS.notAParty),
            409: `"${t(TRIP_WORDS.ownRecord)}" "${t(TRIP_WORDS.fourSides)}" "${t(TRIP_WORDS.notFilled)}" "${t(TRIP_WORDS.carNotBack)}"`,
          }),
        },
      },
    },
    (request) =>
      confirmTrip(
        app.db,
        signedInAccount(request),
        request.params.id,
        request.params.kind,
        request.body.correction,
        app.clock.now(),
        links,
      ),
  );

  await photoRoutes(app, localPhotoStorage(tripPhotosDir));
};

/** A record's photos: added by the side filling it in (multipart, in a scope of its own), served privately to the parties. */
async function photoRoutes(app: FastifyInstance, storage: PhotoStorage): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PHOTO_BYTES_MAX, files: 1, fields: 0, parts: 1 } });
    const config = { takesNoBody: true, bodyTimeoutMs: UPLOAD_TIMEOUT_MS, deadlineStartsInHandler: true };
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/bookings/:id/trip/:kind/photos',
      {
        onRequest: app.requireSignedIn,
        config,
        schema: {
          tags: TAGS,
          summary: 'Add a photo to a trip record (the side filling it in)',
          description: `A \`multipart/form-data\` body with one file in the field \`${PHOTO_FIELD}\` (a JPEG, PNG or WebP image, told from its bytes, at most ${PHOTO_BYTES_MAX / (1024 * 1024)} MB), and \`?slot=\` front, rear, left, right or other. Stripped of its metadata and kept private with the time of its upload. A record holds at most ${TRIP_PHOTOS_MAX} photos, its own limit (an owner's car photos do not count). Nothing is kept when it is refused.`,
          security: SIGNED_IN,
          params: TripParams,
          querystring: z.object({ slot: TripPhotoSlot }),
          response: {
            201: TRIP_ANSWER,
            ...errors([400, 401, 403, 404, 409, 413, 415, 503], {
              ...NOT_YOURS,
              403: t(TRIP_WORDS.notAParty),
              409: `"${t(TRIP_WORDS.notFilled)}" "${t(TRIP_WORDS.tooManyPhotos, { max: TRIP_PHOTOS_MAX })}" "${t(TRIP_WORDS.confirmed)}"`,
            }),
          },
        },
      },
      async (request, reply) => {
        const account = signedInAccount(request);
        const { id, kind } = request.params;
        await checkMayAddPhoto(app.db, account, id, kind);
        const photo = await receivePhoto(storage, app.photoQueue, request);
        try {
          const trip = await keepTripPhoto(
            app.db,
            account,
            id,
            kind,
            { key: photo.key, slot: request.query.slot },
            app.clock.now(),
          );
          return reply.code(201).send(trip);
        } catch (error) {
          await removePhotoFiles(storage, [photo.key]);
          throw error;
        }
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/bookings/:id/trip/:kind/photos/:photoId',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: "A trip record's photo (the booking's parties; admins)",
        description:
          'The WebP photo, never cached (`Cache-Control: private, no-store`). Anyone else is told there is no such booking.',
        security: SIGNED_IN,
        params: TripPhotoParams,
        response: {
          200: { description: 'The photo, as WebP.', content: { 'image/webp': { schema: z.string() } } },
          ...errors([400, 401, 404], NOT_YOURS),
        },
      },
    },
    async (request, reply) => {
      const { id, kind, photoId } = request.params;
      const key = await tripPhotoKey(app.db, signedInAccount(request), id, kind, photoId);
      const file = await privatePhotoFile(storage, key);
      if (!file) throw new HttpError(404, t(NO_SUCH_BOOKING_ID));
      return sendPrivatePhoto(reply, file);
    },
  );
}
