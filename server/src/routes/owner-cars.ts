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
import { addCar, editCar, findOwnersCar, listOwnersCars, type OwnerCarRow, setPaused } from '../cars/owner-cars';
import { removeCars } from '../cars/removal';
import { toOwnerCar } from '../contract-shapes';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { removePhotoFiles } from '../photos/photo-store';
import type { TripRules } from '../config';
import type { BookingLinks } from '../mail/booking-mails';
import { t } from '../i18n';

const NOT_YOURS = 'server.ownerCars.notYours';

/** What every route here needs: a signed-in owner. */
const OWNER = { tags: ['owner cars'], security: SIGNED_IN };
const OWNER_ERRORS = [401, 403] as const;
const OWNER_MEANINGS = { 401: 'Not signed in.', 403: "Signed in with an account that is not an owner's." };

/**
 * The owner's own cars, on the spec's paths. Every query is scoped to the signed-in owner, so
 * another owner's car is simply not found: 404, never 403, so its existence is not revealed.
 */
const LIST_SCHEMA = {
  ...OWNER,
  summary: "The owner's cars, newest first",
  response: {
    200: answer(codedAnswer(z.array(OwnerCar)), 'The caller\'s own cars: `{code: 200, message: "success", data}`.'),
    ...errors(OWNER_ERRORS, OWNER_MEANINGS),
  },
};

const ONE_SCHEMA = {
  ...OWNER,
  summary: "One of the owner's cars",
  params: OwnerCarIdParams,
  response: {
    200: answer(codedAnswer(OwnerCar), '`{code: 200, message: "success", data}`.'),
    ...errors([400, ...OWNER_ERRORS, 404], { ...OWNER_MEANINGS, 400: 'A malformed id.', 404: t(NOT_YOURS) }),
  },
};

const ADD_SCHEMA = {
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
};

const EDIT_SCHEMA = {
  ...OWNER,
  summary: "Change one of the owner's cars",
  body: OwnerCarEdit,
  response: {
    200: answer(codedAnswer(OwnerCar), '`{code: 200, message: "edit success", data}` with the changed car.'),
    ...errors([...JSON_BODY_ERRORS, ...OWNER_ERRORS, 404], { ...OWNER_MEANINGS, 404: t(NOT_YOURS) }),
  },
};

const DELETE_SCHEMA = {
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
};

/** Pausing (`paused`) or resuming one of the owner's cars. */
const pauseSchema = (paused: boolean) => ({
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
      404: t(NOT_YOURS),
    }),
  },
});

/**
 * The owner's own cars, on the spec's paths. Every query is scoped to the signed-in owner, so
 * another owner's car is simply not found: 404, never 403, so its existence is not revealed.
 */
export const ownerCarRoutes: FastifyPluginAsyncZod<{ links: BookingLinks; trips: TripRules }> = async (app, { links, trips }) => {
  const ownerOnly = app.requireRole('owner');
  const toAnswer = ({ car, photos }: OwnerCarRow) => toOwnerCar(car, photos, app.photoStorage.urlBase);
  const found = (car: OwnerCarRow | undefined) => {
    if (!car) throw new HttpError(404, t(NOT_YOURS));
    return toAnswer(car);
  };

  app.get(
    '/get-cars',
    { onRequest: ownerOnly, config: { coded: true, privateCache: true }, schema: LIST_SCHEMA },
    async (request) => {
      const cars = await listOwnersCars(app.db, signedInAccount(request).id);
      return { code: 200, message: 'success', data: cars.map(toAnswer) };
    },
  );

  app.get('/get-car/:id', { onRequest: ownerOnly, config: { coded: true }, schema: ONE_SCHEMA }, async (request) => {
    const car = await findOwnersCar(app.db, signedInAccount(request).id, request.params.id);
    return { code: 200, message: 'success', data: found(car) };
  });

  app.post('/add-cars', { onRequest: ownerOnly, schema: ADD_SCHEMA }, async (request, reply) => {
    const owner = signedInAccount(request);
    const carId = await addCar(app.db, owner.id, request.body, { carsPerOwner: app.quotas.carsPerOwner, trips }, app.clock.now());
    // The body stays the spec's `saved`; the new car's address lets the app upload its photos next.
    return reply.code(201).header('location', `/get-car/${carId}`).type('text/plain; charset=utf-8').send('saved');
  });

  app.post('/edit-cars', { onRequest: ownerOnly, config: { coded: true }, schema: EDIT_SCHEMA }, async (request) => {
    const car = await editCar(app.db, signedInAccount(request).id, request.body, app.clock.now(), trips);
    return { code: 200, message: 'edit success', data: found(car) };
  });

  app.post('/delete-cars', { onRequest: ownerOnly, config: { coded: true }, schema: DELETE_SCHEMA }, async (request) => {
    const owner = signedInAccount(request);
    const { results, photoFileKeys } = await removeCars(
      { db: app.db, payments: app.payments, log: request.log, links },
      owner.id,
      request.body.ids,
      app.clock.now(),
    );
    // After the commit, so a rolled-back delete never loses a photo it still shows; an archived car keeps its photos for its receipts.
    await removePhotoFiles(app.photoStorage, photoFileKeys);
    return { code: 200, message: 'delete success', data: { deletedCount: results.length, results } };
  });

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    const options = { onRequest: ownerOnly, config: { takesNoBody: true }, schema: pauseSchema(paused) };
    app.post(`/api/cars/:id/${action}`, options, async (request) => {
      const owner = signedInAccount(request);
      return found(await setPaused(app.db, owner.id, request.params.id, paused, app.clock.now()));
    });
  }
};
