import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PAGE_SIZE, AdminCar, AdminCarsQuery, AdminIdParams, AdminReason } from '#domain/schemas/admin';
import { recordAdminAction } from '../db/admin-actions';
import { carStateIs, carStateOf } from '../db/car-states';
import type { Database } from '../db/client';
import { fleetThenNewest } from '../cars/public-cars';
import { accounts, cars, type AccountRow, type CarRow } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import type { BookingLinks } from '../mail/booking-mails';
import { settlePayments } from '../payments/settle-payments';
import { signedInAccount } from '../plugins/session';
import {
  accountStatusOf,
  adminPage,
  ADMIN_TAGS as TAGS,
  badListQuery,
  listAnswers,
  optionalReasonBody,
  REFUSED,
} from '../http/admin-lists';
import { expireDueRequests, lockCar } from '../bookings/status';
import { declineOpenRequests } from './car-lifecycle';

const NO_SUCH_CAR = 'No car has this id.';
const ARCHIVED =
  'This car was removed by its owner and is archived: it is out of every list for good, so it cannot be delisted or relisted.';
/** What the renters of a delisted car's open requests read: the admin's own reason is for the car's owner. */
export const DELISTED_FOR_RENTERS = 'WheelsOnWeb took this car off the marketplace, so the request was declined.';

type OwnerRef = Pick<AccountRow, 'id' | 'username' | 'disabled'>;

function toAdminCar(car: CarRow, owner: OwnerRef | null): AdminCar {
  return {
    _id: car.id,
    id: car.id,
    kind: car.kind,
    carName: car.carName,
    owner: owner && { id: owner.id, username: owner.username, status: accountStatusOf(owner) },
    city: car.city,
    pickupArea: car.pickupArea,
    price: car.price,
    state: carStateOf(car),
    delistedReason: car.delisted ? car.delistedReason : null,
    delistedAt: car.delisted ? (car.delistedAt?.toISOString() ?? null) : null,
    createdAt: car.createdAt.toISOString(),
  };
}

/** Cars with their owners (none for the fleet), as the console lists them. */
function carsWithOwners(db: Database) {
  return db
    .select({ car: cars, owner: { id: accounts.id, username: accounts.username, disabled: accounts.disabled } })
    .from(cars)
    .leftJoin(accounts, eq(accounts.id, cars.ownerId));
}

function carConditions({ q, kind, state, city }: AdminCarsQuery): SQL | undefined {
  return and(
    q === undefined
      ? undefined
      : // A plain substring test, as the public list's search: `%` and `_` are letters, not wildcards.
        or(sql`strpos(lower(${cars.carName}), lower(${q})) > 0`, sql`strpos(lower(${accounts.username}), lower(${q})) > 0`),
    kind === undefined ? undefined : eq(cars.kind, kind),
    state === undefined ? undefined : carStateIs[state],
    city === undefined ? undefined : eq(cars.city, city),
  );
}

/** The Cars section of the admin console: every car, and taking one off the marketplace or putting it back. */
export const adminCarRoutes: FastifyPluginAsyncZod<{ links: BookingLinks }> = async (app, { links }) => {
  const onlyAdmins = app.requireRole('admin');

  app.get(
    '/api/admin/cars',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: "Every car, the fleet's first",
        description: `The fleet's cars in catalogue order, then owners' cars newest first; archived cars too. Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise), searched by \`q\` (part of the car's name or its owner's username, in any case) and filtered by \`kind\`, \`state\` (archived, else delisted, else paused, else listed: the overview's counts) and \`city\`. An empty parameter counts as not sent.`,
        security: SIGNED_IN,
        querystring: AdminCarsQuery,
        response: listAnswers(AdminCar, 'One page of the matching cars.', badListQuery('kind', 'state', 'city')),
      },
    },
    async (request) => {
      const where = carConditions(request.query);
      return adminPage(
        request.query,
        {
          rows: (limit, offset) =>
            carsWithOwners(app.db)
              .where(where)
              .orderBy(...fleetThenNewest)
              .limit(limit)
              .offset(offset),
          total: () => app.db.select({ n: count() }).from(cars).leftJoin(accounts, eq(accounts.id, cars.ownerId)).where(where),
        },
        (row) => toAdminCar(row.car, row.owner),
      );
    },
  );

  /**
   * Delists or relists a car under its lock (the one a booking request and a step on its bookings
   * take), with the audit row in the same transaction. Delisting declines its open requests, so no
   * renter waits on a car that cannot be booked and no owner accepts one for it; its accepted
   * bookings stand, for an admin to cancel one by one if they must. A car already so is answered
   * as it stands and writes nothing, as an account's disable does.
   */
  async function setDelisted(
    admin: AccountRow,
    id: string,
    delisted: boolean,
    reason: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<AdminCar> {
    const { car, touched } = await app.db.transaction(async (tx) => {
      const standing = await lockCar(tx, id);
      if (!standing) throw new HttpError(404, NO_SUCH_CAR);
      if (standing.archivedAt) throw new HttpError(409, ARCHIVED);
      const touched: string[] = [];
      if (standing.delisted !== delisted) {
        const now = new Date();
        const [changed] = await tx
          .update(cars)
          .set({ delisted, delistedReason: delisted ? reason : null, delistedAt: delisted ? now : null, updatedAt: now })
          .where(eq(cars.id, id))
          .returning();
        if (!changed) throw new Error('the locked car was not updated');
        if (delisted) {
          // Due requests expire first, as everywhere: only those still open are declined.
          touched.push(...(await expireDueRequests(tx, id, now, links)));
          const declined = await declineOpenRequests(tx, [id], DELISTED_FOR_RENTERS, now, links);
          touched.push(...declined.map(({ bookingId }) => bookingId));
        }
        await recordAdminAction(tx, {
          adminId: admin.id,
          action: delisted ? 'car.delist' : 'car.relist',
          objectType: 'car',
          objectId: id,
          reason,
          before: { state: carStateOf(standing) },
          after: { state: carStateOf(changed) },
        });
      }
      const [row] = await carsWithOwners(tx).where(eq(cars.id, id));
      if (!row) throw new Error('the locked car is gone');
      return { car: toAdminCar(row.car, row.owner), touched };
    });
    // After the commit, as every step's: the holds of the declined requests are let go, never under the lock.
    await settlePayments(app.db, app.payments, log, touched);
    return car;
  }

  const carActionAnswers = (done: string, badInput: string) => ({
    200: answer(AdminCar, done),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
      ...REFUSED,
      400: badInput,
      404: `"${NO_SUCH_CAR}"`,
      409: `"${ARCHIVED}"`,
    }),
  });

  app.post(
    '/api/admin/cars/:id/delist',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Take a car off the marketplace',
        description: `The car leaves the public list and cannot be booked (a request for it is refused with 409) until it is relisted; a fleet car may be delisted too. Its owner sees it delisted, with the \`reason\`, which is required and kept with the time. Its open requests are declined for their renters ("${DELISTED_FOR_RENTERS}"), money held for them let go; its accepted bookings stand. Its owner's pausing or resuming it does not relist it. One audit row is written, with the reason and the state before and after; a car already delisted is answered as it stands and writes none.`,
        security: SIGNED_IN,
        params: AdminIdParams,
        body: AdminReason,
        response: carActionAnswers(
          'The car, now delisted.',
          'An id that is not a uuid, or a reason missing, blank or over 500 characters.',
        ),
      },
    },
    async (request) => setDelisted(signedInAccount(request), request.params.id, true, request.body.reason, request.log),
  );

  app.post(
    '/api/admin/cars/:id/relist',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Put a delisted car back on the marketplace',
        description:
          "The car is back in the public list and bookable, unless its owner has paused it or is disabled; the delisting's reason is cleared. Requests declined when it was delisted stay declined. The body, and its `reason` (kept in the audit log), may be left out. One audit row is written, with the state before and after; a car not delisted is answered as it stands and writes none.",
        security: SIGNED_IN,
        params: AdminIdParams,
        body: optionalReasonBody,
        response: carActionAnswers(
          'The car, now relisted.',
          'An id that is not a uuid, or a reason that is blank or over 500 characters.',
        ),
      },
    },
    async (request) => setDelisted(signedInAccount(request), request.params.id, false, request.body.reason, request.log),
  );
};
