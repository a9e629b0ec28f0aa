import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAnswer } from '#domain/schemas/answers';
import { CarNameParams, CarQuery, PublicCar } from '#domain/schemas/cars';
import { toPublicCar } from '../contract-shapes';
import { findPublicCar, listPublicCars } from '../db/public-cars';
import { answer, errors } from '../http/answers';
import { HttpError } from '../http/errors';

const TAGS = ['cars'];

export const carRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cars',
    {
      schema: {
        tags: TAGS,
        summary: "The cars anyone may book: the fleet, then owners' listed cars",
        description:
          'Filters: price bounds in rupees, a sort, a period (`from` and `to`, ISO instants with their offset) the car must be free in, and `q`, part of the name in any letter case. An empty parameter counts as not sent.',
        querystring: CarQuery,
        response: { 200: answer(listAnswer(PublicCar), 'The matching cars.'), ...errors([400]) },
      },
    },
    async (request) => {
      const { from, to, q, ...filters } = request.query;
      const rows = await listPublicCars(app.db, {
        ...filters,
        // Only blanks, once trimmed: no filter, as for an empty q.
        q: q === '' ? undefined : q,
        freeDuring: from && to ? { from, to } : undefined,
      });
      return { data: rows.map((row) => toPublicCar(row.car, row.ownerName)) };
    },
  );

  app.get(
    '/api/cars/:carName',
    {
      schema: {
        tags: TAGS,
        summary: 'One car, by its name in any letter case or by its id',
        params: CarNameParams,
        response: {
          200: answer(PublicCar, 'The car itself, not wrapped.'),
          ...errors([400, 404], { 404: 'There is no car by that name.' }),
        },
      },
    },
    async (request) => {
      const row = await findPublicCar(app.db, request.params.carName);
      if (!row) throw new HttpError(404, 'There is no car by that name.');
      return toPublicCar(row.car, row.ownerName);
    },
  );
};
