import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CodedAnswer, OwnerCar } from '#domain/contract';
import { toOwnerCar } from '../contract-shapes';
import { isForeignKeyViolation } from '../db/errors';
import { cars } from '../db/schema';
import { HttpError } from '../http/errors';
import { carName, description, id, imageUrl, price } from '../http/fields';
import type { ZodTypeProvider } from '../http/validation';
import { signedInAccount } from '../plugins/session';

/** The most ids one delete may name: more than any owner's list, and it bounds the query. */
const DELETE_MAX_IDS = 1000;
const NOT_YOURS = 'There is no such car among your cars.';

const carFields = { url: imageUrl, carname: carName, description, price };
const newCar = z.object(carFields);
const editedCar = z.object({ id, ...carFields });
const carIdParams = z.object({ id });
/** The spec's page sends a bare list of ids; `{ids: [...]}` is accepted too. */
const deletion = z.preprocess(
  (body) => (Array.isArray(body) ? { ids: body } : body),
  z.object({ ids: z.array(id).min(1).max(DELETE_MAX_IDS) }),
);

/**
 * The owner's own cars, on the spec's paths. Every query is scoped to the signed-in owner, so
 * another owner's car is simply not found: 404, never 403, so its existence is not revealed.
 */
export async function ownerCarRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ownerOnly = app.requireRole('owner');
  const ownedBy = (ownerId: string, carId: string) =>
    and(eq(cars.id, carId), eq(cars.ownerId, ownerId), eq(cars.kind, 'listed'));

  app.get(
    '/get-cars',
    { onRequest: ownerOnly, config: { coded: true } },
    async (request): Promise<CodedAnswer<OwnerCar[]>> => {
      const owner = signedInAccount(request);
      const rows = await app.db
        .select()
        .from(cars)
        .where(and(eq(cars.ownerId, owner.id), eq(cars.kind, 'listed')))
        .orderBy(desc(cars.createdAt), desc(cars.id));
      return { code: 200, message: 'success', data: rows.map(toOwnerCar) };
    },
  );

  app.get(
    '/get-car/:id',
    { onRequest: ownerOnly, config: { coded: true }, schema: { params: carIdParams } },
    async (request): Promise<CodedAnswer<OwnerCar>> => {
      const owner = signedInAccount(request);
      const [row] = await app.db.select().from(cars).where(ownedBy(owner.id, request.params.id));
      if (!row) throw new HttpError(404, NOT_YOURS);
      return { code: 200, message: 'success', data: toOwnerCar(row) };
    },
  );

  app.post('/add-cars', { onRequest: ownerOnly, schema: { body: newCar } }, async (request, reply) => {
    const owner = signedInAccount(request);
    const { url, carname, ...rest } = request.body;
    await app.db.insert(cars).values({ kind: 'listed', ownerId: owner.id, imgUrl: url, carName: carname, ...rest });
    return reply.code(201).type('text/plain; charset=utf-8').send('saved');
  });

  app.post(
    '/edit-cars',
    { onRequest: ownerOnly, config: { coded: true }, schema: { body: editedCar } },
    async (request): Promise<CodedAnswer<OwnerCar>> => {
      const owner = signedInAccount(request);
      const { id: carId, url, carname, ...rest } = request.body;
      const [row] = await app.db
        .update(cars)
        .set({ imgUrl: url, carName: carname, ...rest, updatedAt: new Date() })
        .where(ownedBy(owner.id, carId))
        .returning();
      if (!row) throw new HttpError(404, NOT_YOURS);
      return { code: 200, message: 'edit success', data: toOwnerCar(row) };
    },
  );

  app.post(
    '/delete-cars',
    { onRequest: ownerOnly, config: { coded: true }, schema: { body: deletion } },
    async (request): Promise<CodedAnswer<{ deletedCount: number }>> => {
      const owner = signedInAccount(request);
      const ids = [...new Set(request.body.ids)];
      try {
        // All or nothing: if any id is not one of the owner's cars, throwing rolls the deletes back.
        const deletedCount = await app.db.transaction(async (tx) => {
          const deleted = await tx
            .delete(cars)
            .where(and(inArray(cars.id, ids), eq(cars.ownerId, owner.id), eq(cars.kind, 'listed')))
            .returning({ id: cars.id });
          if (deleted.length !== ids.length) {
            throw new HttpError(404, 'Nothing was deleted: at least one of these cars is not among your cars.');
          }
          return deleted.length;
        });
        return { code: 200, message: 'delete success', data: { deletedCount } };
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new HttpError(409, 'Nothing was deleted: at least one of these cars has bookings.');
        }
        throw error;
      }
    },
  );
}
