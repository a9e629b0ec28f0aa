import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codedAnswer } from '#domain/schemas/answers';
import {
  DeletedCount,
  OwnerCar,
  OwnerCarDeletion,
  OwnerCarEdit,
  OwnerCarIdParams,
  OwnerCarInput,
} from '#domain/schemas/owner-cars';
import { toOwnerCar } from '../contract-shapes';
import { listOwnerCars, ownersCarsInUse } from '../db/owner-car-list';
import { cars } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { checkCarLimit } from '../http/quotas';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { removePhotoFiles } from '../photos/photo-store';
import type { BookingLinks } from '../mail/booking-mails';
import { removeCars } from './car-lifecycle';

const NOT_YOURS = 'There is no such car among your cars.';

/** What every route here needs: a signed-in owner. */
const OWNER = { tags: ['owner cars'], security: SIGNED_IN };
const OWNER_ERRORS = [401, 403] as const;
const OWNER_MEANINGS = { 401: 'Not signed in.', 403: "Signed in with an account that is not an owner's." };

/**
 * The owner's own cars, on the spec's paths. Every query is scoped to the signed-in owner, so
 * another owner's car is simply not found: 404, never 403, so its existence is not revealed.
 */
export const ownerCarRoutes: FastifyPluginAsyncZod<{ links: BookingLinks }> = async (app, { links }) => {
  const ownerOnly = app.requireRole('owner');
  // An archived car is gone from the owner's cars too: only its bookings' receipts still name it.
  const ownedBy = (ownerId: string, carId: string) => and(eq(cars.id, carId), ownersCarsInUse(ownerId));
  const ownerCars = async (where: SQL | undefined) =>
    (await listOwnerCars(app.db, where)).map(({ car, photos }) => toOwnerCar(car, photos, app.photoStorage.urlBase));

  app.get(
    '/get-cars',
    {
      onRequest: ownerOnly,
      config: { coded: true, privateCache: true },
      schema: {
        ...OWNER,
        summary: "The owner's cars, newest first",
        response: {
          200: answer(codedAnswer(z.array(OwnerCar)), 'The caller\'s own cars: `{code: 200, message: "success", data}`.'),
          ...errors(OWNER_ERRORS, OWNER_MEANINGS),
        },
      },
    },
    async (request) => {
      const owner = signedInAccount(request);
      return { code: 200, message: 'success', data: await ownerCars(ownersCarsInUse(owner.id)) };
    },
  );

  app.get(
    '/get-car/:id',
    {
      onRequest: ownerOnly,
      config: { coded: true },
      schema: {
        ...OWNER,
        summary: "One of the owner's cars",
        params: OwnerCarIdParams,
        response: {
          200: answer(codedAnswer(OwnerCar), '`{code: 200, message: "success", data}`.'),
          ...errors([400, ...OWNER_ERRORS, 404], { ...OWNER_MEANINGS, 400: 'A malformed id.', 404: NOT_YOURS }),
        },
      },
    },
    async (request) => {
      const owner = signedInAccount(request);
      const [car] = await ownerCars(ownedBy(owner.id, request.params.id));
      if (!car) throw new HttpError(404, NOT_YOURS);
      return { code: 200, message: 'success', data: car };
    },
  );

  app.post(
    '/add-cars',
    {
      onRequest: ownerOnly,
      schema: {
        ...OWNER,
        summary: 'List a car',
        description: "`price` may be a number or a string of digits, as the spec's add form sends it.",
        body: OwnerCarInput,
        response: {
          201: {
            description: 'Listed: the plain text `saved`, with the new car at `/get-car/{id}` in `Location`.',
            headers: { location: { type: 'string', description: '`/get-car/{id}` of the new car.' } },
            content: { 'text/plain': { schema: z.literal('saved') } },
          },
          ...errors([...JSON_BODY_ERRORS, ...OWNER_ERRORS, 409], {
            ...OWNER_MEANINGS,
            409: 'The owner already lists as many cars as one owner may (100): delete one to add another.',
          }),
        },
      },
    },
    async (request, reply) => {
      const owner = signedInAccount(request);
      const { url, carname, ...rest } = request.body;
      const carId = await app.db.transaction(async (tx) => {
        await checkCarLimit(tx, owner.id, app.quotas.carsPerOwner);
        const [added] = await tx
          .insert(cars)
          .values({ kind: 'listed', ownerId: owner.id, imgUrl: url ?? '', carName: carname, ...rest })
          .returning({ id: cars.id });
        return added?.id;
      });
      // The body stays the spec's `saved`; the new car's address lets the app upload its photos next.
      return reply.code(201).header('location', `/get-car/${carId}`).type('text/plain; charset=utf-8').send('saved');
    },
  );

  app.post(
    '/edit-cars',
    {
      onRequest: ownerOnly,
      config: { coded: true },
      schema: {
        ...OWNER,
        summary: "Change one of the owner's cars",
        body: OwnerCarEdit,
        response: {
          200: answer(codedAnswer(OwnerCar), '`{code: 200, message: "edit success", data}` with the changed car.'),
          ...errors([...JSON_BODY_ERRORS, ...OWNER_ERRORS, 404], { ...OWNER_MEANINGS, 404: NOT_YOURS }),
        },
      },
    },
    async (request) => {
      const owner = signedInAccount(request);
      const { id: carId, url, carname, ...rest } = request.body;
      const [edited] = await app.db
        .update(cars)
        .set({ imgUrl: url, carName: carname, ...rest, updatedAt: new Date() })
        .where(ownedBy(owner.id, carId))
        .returning({ id: cars.id });
      if (!edited) throw new HttpError(404, NOT_YOURS);
      const [car] = await ownerCars(eq(cars.id, edited.id));
      if (!car) throw new HttpError(404, NOT_YOURS);
      return { code: 200, message: 'edit success', data: car };
    },
  );

  app.post(
    '/delete-cars',
    {
      onRequest: ownerOnly,
      config: { coded: true },
      schema: {
        ...OWNER,
        summary: "Remove some of the owner's cars, all or nothing",
        description:
          'Each car named leaves the owner\'s list and the marketplace. A car that never had a booking is deleted with its photos. A car with bookings is archived instead, so its bookings\' receipts still name it: its requests still open are declined for their renters ("The owner removed this car from the marketplace."), money held for them let go. A car with an accepted booking that has not ended refuses the whole list.',
        body: OwnerCarDeletion,
        response: {
          200: answer(
            codedAnswer(DeletedCount),
            '`{code: 200, message: "delete success", data: {deletedCount, results}}`: what happened to each car.',
          ),
          ...errors([...JSON_BODY_ERRORS, ...OWNER_ERRORS, 404, 409], {
            ...OWNER_MEANINGS,
            400: 'An empty list, not a list, or a malformed id.',
            404: "Nothing was deleted: at least one of these cars is not among the caller's cars.",
            409: 'Nothing was deleted: a car has an accepted booking still to come or under way; the message names the car and the dates.',
          }),
        },
      },
    },
    async (request) => {
      const owner = signedInAccount(request);
      const { results, photoFileKeys } = await removeCars(
        { db: app.db, payments: app.payments, log: request.log, links },
        owner.id,
        request.body.ids,
      );
      // After the commit, so a rolled-back delete never loses a photo it still shows; an archived car keeps its photos for its receipts.
      await removePhotoFiles(app.photoStorage, photoFileKeys);
      return { code: 200, message: 'delete success', data: { deletedCount: results.length, results } };
    },
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/api/cars/:id/${action}`,
      {
        onRequest: ownerOnly,
        config: { takesNoBody: true },
        schema: {
          ...OWNER,
          summary: paused
            ? "Pause one of the owner's cars: out of the public list and not bookable"
            : 'Resume a paused car: listed and bookable again',
          description: paused
            ? 'Its accepted bookings stand, and its owner still answers its requests. Pausing a paused car changes nothing.'
            : 'Resuming a car that is not paused changes nothing.',
          params: OwnerCarIdParams,
          response: {
            200: answer(OwnerCar, 'The car as it now stands.'),
            ...errors([...JSON_BODY_ERRORS, ...OWNER_ERRORS, 404], {
              ...OWNER_MEANINGS,
              400: 'A malformed id, or a body that is not JSON.',
              404: NOT_YOURS,
            }),
          },
        },
      },
      async (request) => {
        const owner = signedInAccount(request);
        const carId = request.params.id;
        // Only a change of state writes, so a repeated pause keeps when the car was first paused.
        await app.db
          .update(cars)
          .set({ pausedAt: paused ? new Date() : null, updatedAt: new Date() })
          .where(and(ownedBy(owner.id, carId), paused ? isNull(cars.pausedAt) : isNotNull(cars.pausedAt)));
        const [car] = await ownerCars(ownedBy(owner.id, carId));
        if (!car) throw new HttpError(404, NOT_YOURS);
        return car;
      },
    );
  }
};
