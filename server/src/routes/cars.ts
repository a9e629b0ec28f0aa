import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toIndiaIso } from '#domain/india-time';
import { pagedAnswer, pageWindow } from '#domain/schemas/answers';
import {
  AVAILABILITY_MAX_DAYS,
  Availability,
  AvailabilityQuery,
  CarCities,
  CarNameParams,
  CarQuery,
  PublicCar,
} from '#domain/schemas/cars';
import { toPublicCar } from '../contract-shapes';
import { busyDuring } from '../cars/availability';
import { carExtras } from '../cars/car-extras';
import { citiesWithPublicCars, findPublicCar, listPublicCars } from '../cars/public-cars';
import { answer, errors } from '../http/answers';
import { HttpError } from '../http/errors';
import { t } from '../i18n';

const TAGS = ['cars'];
const NO_SUCH_CAR = 'server.cars.noSuchCar';

export const carRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cars',
    {
      config: { publicCache: 'cars' },
      schema: {
        tags: TAGS,
        summary: "The cars anyone may book: the fleet, then owners' listed cars",
        description:
          'Filters: price bounds in rupees, a sort, a period (`from` and `to`, ISO instants with their offset) the car must be free in, `q`, part of the name in any letter case, and where the car is and what it is: `city` (one of the list), `bodyType`, `seats` (at least), `transmission`, `fuel`, `ac` (`true` or `false`) and `instant` (`true` for cars with instant booking only). An empty parameter counts as not sent. Always paged (`page`, `pageSize`), in a stable order: the fleet in catalogue order, then listed cars newest first, the id breaking ties.',
        querystring: CarQuery,
        response: { 200: answer(pagedAnswer(PublicCar), 'One page of the matching cars.'), ...errors([400]) },
      },
    },
    async (request) => {
      const { from, to, q, ...filters } = request.query;
      const { page, pageSize, ...window } = pageWindow(request.query);
      const { rows, total } = await listPublicCars(
        app.db,
        {
          ...filters,
          // Only blanks, once trimmed: no filter, as for an empty q.
          q: q === '' ? undefined : q,
          freeDuring: from && to ? { from, to } : undefined,
        },
        window,
      );
      const extrasOf = await carExtras(
        app.db,
        rows.map((row) => row.car.id),
        app.clock.now(),
      );
      const photoBase = app.photoStorage.urlBase;
      return {
        data: rows.map((row) => toPublicCar(row.car, row.ownerName, extrasOf(row.car.id), photoBase)),
        total,
        page,
        pageSize,
      };
    },
  );

  // Beside /api/cars rather than under it, where it would take the name of a car called "cities".
  app.get(
    '/api/car-cities',
    {
      config: { publicCache: 'cars' },
      schema: {
        tags: TAGS,
        summary: 'The cities where a car anyone may book stands',
        description:
          "In the city list's order: what a search's city may usefully be. A car's own form still takes any city of the list.",
        response: { 200: answer(CarCities, 'The cities with at least one car.'), ...errors([]) },
      },
    },
    async () => ({ cities: await citiesWithPublicCars(app.db) }),
  );

  app.get(
    '/api/cars/:carName',
    {
      config: { publicCache: 'cars' },
      schema: {
        tags: TAGS,
        summary: 'One car, by its name in any letter case or by its id',
        params: CarNameParams,
        response: {
          200: answer(PublicCar, 'The car itself, not wrapped.'),
          ...errors([400, 404], { 404: t(NO_SUCH_CAR) }),
        },
      },
    },
    async (request) => {
      const row = await findPublicCar(app.db, request.params.carName);
      if (!row) throw new HttpError(404, t(NO_SUCH_CAR));
      const extrasOf = await carExtras(app.db, [row.car.id], app.clock.now());
      return toPublicCar(row.car, row.ownerName, extrasOf(row.car.id), app.photoStorage.urlBase);
    },
  );

  app.get(
    '/api/cars/:carName/availability',
    {
      config: { publicCache: 'cars' },
      schema: {
        tags: TAGS,
        summary: 'When a car is already booked, for a calendar',
        description: `The car by its name in any letter case or by its id. \`from\` and \`to\` (ISO instants with their offset, \`to\` after \`from\`, at most ${AVAILABILITY_MAX_DAYS} days apart) name the period asked about. \`busy\` lists when accepted bookings hold the car within it, cut to the period, in time order, touching stretches joined, in India time. Requests never count: a request for a free stretch may still be refused when it is sent, if another was accepted meanwhile.`,
        params: CarNameParams,
        querystring: AvailabilityQuery,
        response: {
          200: answer(Availability, 'The stretches of the period the car is booked.'),
          ...errors([400, 404], { 404: t(NO_SUCH_CAR) }),
        },
      },
    },
    async (request) => {
      const row = await findPublicCar(app.db, request.params.carName);
      if (!row) throw new HttpError(404, t(NO_SUCH_CAR));
      const busy = await busyDuring(app.db, row.car.id, request.query);
      return { busy: busy.map(({ from, to }) => ({ from: toIndiaIso(from), to: toIndiaIso(to) })) };
    },
  );
};
