import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ListAnswer, PublicCar } from '#domain/contract';
import { CARNAME_MAX, PRICE_MAX } from '#domain/limits';
import { toPublicCar } from '../contract-shapes';
import { findPublicCar, listPublicCars } from '../db/public-cars';
import { HttpError } from '../http/errors';
import { carName, instant } from '../http/fields';
import type { ZodTypeProvider } from '../http/validation';

/** A query parameter sent empty (`?q=`), as a plain form does for a field left blank, means it was not sent. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const priceBound = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number of rupees.`)
    .transform(Number)
    .pipe(z.number().max(PRICE_MAX, `${name} must be at most ${PRICE_MAX}.`));

const carQuery = z
  .object({
    minPrice: optionalParam(priceBound('MinPrice')),
    maxPrice: optionalParam(priceBound('MaxPrice')),
    sort: optionalParam(z.enum(['price-asc', 'price-desc'])),
    from: optionalParam(instant),
    to: optionalParam(instant),
    q: optionalParam(z.string().trim().max(CARNAME_MAX)),
  })
  .superRefine((query, context) => {
    if (query.from && !query.to) context.addIssue({ code: 'custom', path: ['to'], message: 'To is required with from.' });
    if (query.to && !query.from) context.addIssue({ code: 'custom', path: ['from'], message: 'From is required with to.' });
    if (query.from && query.to && query.to <= query.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'To must be after from.' });
    }
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      context.addIssue({ code: 'custom', path: ['minPrice'], message: 'MinPrice must not be more than maxPrice.' });
    }
  });

export async function carRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/cars', { schema: { querystring: carQuery } }, async (request): Promise<ListAnswer<PublicCar>> => {
    const { from, to, q, ...filters } = request.query;
    const rows = await listPublicCars(app.db, {
      ...filters,
      // Only blanks, once trimmed: no filter, as for an empty q.
      q: q === '' ? undefined : q,
      freeDuring: from && to ? { from, to } : undefined,
    });
    return { data: rows.map((row) => toPublicCar(row.car, row.ownerName)) };
  });

  app.get(
    '/api/cars/:carName',
    { schema: { params: z.object({ carName }) } },
    async (request): Promise<PublicCar> => {
      const row = await findPublicCar(app.db, request.params.carName);
      if (!row) throw new HttpError(404, 'There is no car by that name.');
      return toPublicCar(row.car, row.ownerName);
    },
  );
}
