import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PAGE_SIZE, AdminCar, AdminCarsQuery, AdminIdParams, AdminReason } from '#domain/schemas/admin';
import { type AdminCarRow, adminCarList, ARCHIVED, DELISTED_FOR_RENTERS_ID, NO_SUCH_CAR, setDelisted } from '../cars/admin-cars';
import { carStateOf } from '../cars/states';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import type { BookingLinks } from '../mail/booking-mails';
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
import { t } from '../i18n';

function toAdminCar({ car, owner }: AdminCarRow): AdminCar {
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

const LIST_SCHEMA = {
  tags: TAGS,
  summary: "Every car, the fleet's first",
  description: `The fleet's cars in catalogue order, then owners' cars newest first; archived cars too. Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise), searched by \`q\` (part of the car's name or its owner's username, in any case) and filtered by \`kind\`, \`state\` (archived, else delisted, else paused, else listed: the overview's counts) and \`city\`. An empty parameter counts as not sent.`,
  security: SIGNED_IN,
  querystring: AdminCarsQuery,
  response: listAnswers(AdminCar, 'One page of the matching cars.', badListQuery('kind', 'state', 'city')),
};

const carActionAnswers = (done: string, badInput: string) => ({
  200: answer(AdminCar, done),
  ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
    ...REFUSED,
    400: badInput,
    404: `"${t(NO_SUCH_CAR)}"`,
    409: `"${t(ARCHIVED)}"`,
  }),
});

const DELIST_SCHEMA = {
  tags: TAGS,
  summary: 'Take a car off the marketplace',
  description: `The car leaves the public list and cannot be booked (a request for it is refused with 409) until it is relisted; a fleet car may be delisted too. Its owner sees it delisted, with the \`reason\`, which is required and kept with the time. Its open requests are declined for their renters ("${t(DELISTED_FOR_RENTERS_ID)}"), money held for them let go; its accepted bookings stand. Its owner's pausing or resuming it does not relist it. One audit row is written, with the reason and the state before and after; a car already delisted is answered as it stands and writes none.`,
  security: SIGNED_IN,
  params: AdminIdParams,
  body: AdminReason,
  response: carActionAnswers(
    'The car, now delisted.',
    'An id that is not a uuid, or a reason missing, blank or over 500 characters.',
  ),
};

const RELIST_SCHEMA = {
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
};

/** The Cars section of the admin console: every car, and taking one off the marketplace or putting it back. */
export const adminCarRoutes: FastifyPluginAsyncZod<{ links: BookingLinks }> = async (app, { links }) => {
  const onlyAdmins = app.requireRole('admin');

  app.get('/api/admin/cars', { onRequest: onlyAdmins, schema: LIST_SCHEMA }, async (request) =>
    adminPage(request.query, adminCarList(app.db, request.query), toAdminCar),
  );

  const setState = async (log: FastifyBaseLogger, adminId: string, carId: string, delisted: boolean, reason?: string) => {
    const deps = { db: app.db, payments: app.payments, log, links };
    return toAdminCar(await setDelisted(deps, { adminId, carId, delisted, reason }, app.clock.now()));
  };

  app.post('/api/admin/cars/:id/delist', { onRequest: onlyAdmins, schema: DELIST_SCHEMA }, async (request) =>
    setState(request.log, signedInAccount(request).id, request.params.id, true, request.body.reason),
  );

  app.post('/api/admin/cars/:id/relist', { onRequest: onlyAdmins, schema: RELIST_SCHEMA }, async (request) =>
    setState(request.log, signedInAccount(request).id, request.params.id, false, request.body.reason),
  );
};
