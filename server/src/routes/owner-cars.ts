import { and, desc, eq, inArray } from 'drizzle-orm';
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
import { isForeignKeyViolation } from '../db/errors';
import { cars } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { checkCarLimit } from '../http/quotas';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';

const NOT_YOURS = 'There is no such car among your cars.';

/** What every route here needs: a signed-in owner. */
const OWNER = { tags: ['owner cars'], security: SIGNED_IN };
const OWNER_ERRORS = [401, 403] as const;
const OWNER_MEANINGS = { 401: 'Not signed in.', 403: "Signed in with an account that is not an owner's." };

/**
 * The owner's own cars, on the spec's paths. Every query is scoped to the signed-in owner, so
 * another owner's car is simply not found: 404, never 403, so its existence is not revealed.
 */
export const ownerCarRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOnly = app.requireRole('owner');
  const ownedBy = (ownerId: string, carId: string) => and(eq(cars.id, carId), eq(cars.ownerId, ownerId), eq(cars.kind, 'listed'));

  app.get(
    '/get-cars',
    {
      onRequest: ownerOnly,
      config: { coded: true },
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
      const [row] = await app.db.select().from(cars).where(ownedBy(owner.id, request.params.id));
      if (!row) throw new HttpError(404, NOT_YOURS);
      return { code: 200, message: 'success', data: toOwnerCar(row) };
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
          201: { description: 'Listed: the plain text `saved`.', content: { 'text/plain': { schema: z.literal('saved') } } },
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
      await app.db.transaction(async (tx) => {
        await checkCarLimit(tx, owner.id, app.quotas.carsPerOwner);
        await tx.insert(cars).values({ kind: 'listed', ownerId: owner.id, imgUrl: url, carName: carname, ...rest });
      });
      return reply.code(201).type('text/plain; charset=utf-8').send('saved');
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
    {
      onRequest: ownerOnly,
      config: { coded: true },
      schema: {
        ...OWNER,
        summary: "Delete some of the owner's cars, all or nothing",
        body: OwnerCarDeletion,
        response: {
          200: answer(codedAnswer(DeletedCount), '`{code: 200, message: "delete success", data: {deletedCount}}`.'),
          ...errors([...JSON_BODY_ERRORS, ...OWNER_ERRORS, 404, 409], {
            ...OWNER_MEANINGS,
            400: 'An empty list, not a list, or a malformed id.',
            404: "Nothing was deleted: at least one of these cars is not among the caller's cars.",
            409: 'Nothing was deleted: at least one of these cars has bookings.',
          }),
        },
      },
    },
    async (request) => {
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
};
