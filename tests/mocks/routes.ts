import { http, HttpResponse, type JsonBodyType, type PathParams } from 'msw';
import { z } from 'zod';
import { LicenceAnswer, LicenceQueue, OwnLicence, QueuedLicence } from '../../src/domain/schemas/licences';
import { TripAnswer } from '../../src/domain/schemas/trips';
import {
  AccountSaved,
  PhoneCodeSent,
  PhoneVerified,
  AdminAccount,
  AdminAccountPage,
  AdminActionPage,
  AdminBooking,
  AdminBookingPage,
  AdminCar,
  AdminCarPage,
  AdminContactMessage,
  AdminContactMessagePage,
  AdminContent,
  AdminContentPage,
  AdminMoney,
  AdminNewsletterPage,
  AdminOverview,
  AdminPayout,
  AdminPayoutRun,
  AdminPayoutRunDetail,
  AdminPayoutRunPage,
  AdminRoutePayoutPage,
  Reconciliation,
  Availability,
  Booking,
  BookingMessage,
  BookingReceipt,
  BlogPost,
  CarCities,
  CarPhoto,
  codedAnswer,
  Comment,
  Conversation,
  DeletedCount,
  ErrorBody,
  type ErrorBooking,
  type ErrorReason,
  LatestReviews,
  LoginAnswer,
  MessageAnswer,
  PasswordResetLink,
  PayoutDetailsAnswer,
  PayoutDetailsSaved,
  NotificationSummary,
  OwnerCar,
  OwnerEarnings,
  OwnerStatement,
  pagedAnswer,
  PublicCar,
  PublicConfig,
  RazorpayOrder,
  RegisterAnswer,
  Reply,
  ReportedConversation,
  ClosedReports,
  RenterReview,
  Review,
  SessionAnswer,
  SessionCheck,
} from '../../src/domain/contract';
import { API } from './api';

/** How an endpoint answers success: JSON checked by a schema, the text `saved`, or nothing (204). */
type Answer =
  | { kind: 'json'; status: number; schema: z.ZodType; coded?: true }
  | { kind: 'text'; status: number; schema: z.ZodType }
  | { kind: 'empty'; status: number };

const json = <S extends z.ZodType>(schema: S, status = 200) => ({ kind: 'json' as const, status, schema });
/** The spec's owner-car endpoints carry the HTTP status as `code` in every answer, errors included. */
const coded = <S extends z.ZodType>(data: S) => ({
  kind: 'json' as const,
  status: 200,
  schema: codedAnswer(data),
  coded: true as const,
});

/** Every endpoint the app calls (docs/api.md), with the schema its success answer must pass. */
const routes = {
  'GET /api/session': json(SessionCheck),
  'DELETE /api/session': { kind: 'empty' as const, status: 204 },
  'POST /api/session': json(LoginAnswer),
  'POST /': json(LoginAnswer),
  'POST /carsSchema': json(LoginAnswer),
  'POST /ownerloginSchema': json(LoginAnswer),
  'POST /register/user': json(RegisterAnswer, 201),
  'POST /register/owner': json(RegisterAnswer, 201),
  'POST /api/password-reset': json(MessageAnswer, 202),
  'POST /api/password-reset/check': json(PasswordResetLink),
  'POST /api/password-reset/confirm': json(MessageAnswer),
  'GET /api/account': json(SessionAnswer),
  'PATCH /api/account': json(AccountSaved),
  'POST /api/account/password': json(MessageAnswer),
  'POST /api/account/phone/code': json(PhoneCodeSent),
  'POST /api/account/phone/confirm': json(PhoneVerified),
  'DELETE /api/account/sessions': { kind: 'empty' as const, status: 204 },
  'GET /api/account/licence': json(LicenceAnswer),
  'POST /api/account/licence': json(z.object({ licence: OwnLicence, message: z.string() }), 201),
  'DELETE /api/account/licence': { kind: 'empty' as const, status: 204 },
  'GET /api/admin/licences': json(LicenceQueue),
  'POST /api/admin/licences/:id/approve': json(QueuedLicence),
  'POST /api/admin/licences/:id/reject': json(QueuedLicence),
  'GET /api/owner/payout-details': json(PayoutDetailsAnswer),
  'PUT /api/owner/payout-details': json(PayoutDetailsSaved),
  'GET /get-cars': coded(z.array(OwnerCar)),
  'GET /get-car/:id': coded(OwnerCar),
  'POST /add-cars': { kind: 'text' as const, status: 201, schema: z.literal('saved') },
  'POST /edit-cars': coded(OwnerCar),
  'POST /delete-cars': coded(DeletedCount),
  'GET /api/owner/earnings': json(OwnerEarnings),
  'GET /api/owner/statements/:month': json(OwnerStatement),
  'GET /api/cars': json(pagedAnswer(PublicCar)),
  'GET /api/car-cities': json(CarCities),
  'GET /api/cars/:carName': json(PublicCar),
  'GET /api/cars/:carName/availability': json(Availability),
  'POST /api/cars/:id/pause': json(OwnerCar),
  'POST /api/cars/:id/resume': json(OwnerCar),
  'POST /api/cars/:id/photos': json(CarPhoto, 201),
  'PUT /api/cars/:id/photos': json(z.array(CarPhoto)),
  'DELETE /api/cars/:id/photos/:photoId': json(z.array(CarPhoto)),
  'GET /api/cars/:carName/reviews': json(pagedAnswer(Review)),
  'GET /api/config': json(PublicConfig),
  'POST /api/bookings': json(Booking, 201),
  'POST /api/bookings/check': { kind: 'empty' as const, status: 204 },
  'GET /api/bookings': json(pagedAnswer(Booking)),
  'GET /api/bookings/:id': json(BookingReceipt),
  'POST /api/bookings/:id/review': json(Review, 201),
  'POST /api/bookings/:id/renter-review': json(RenterReview, 201),
  'GET /api/bookings/:id/messages': json(Conversation),
  'GET /api/bookings/:id/trip': json(TripAnswer),
  'POST /api/bookings/:id/messages': json(BookingMessage, 201),
  'POST /api/bookings/:id/messages/seen': json(Conversation),
  'POST /api/bookings/:id/messages/:messageId/report': json(BookingMessage),
  'POST /api/bookings/:id/:action': json(Booking),
  'GET /api/reviews/latest': json(LatestReviews),
  'POST /api/reviews/:id/reply': json(Review, 201),
  'POST /api/payments/razorpay/orders': json(RazorpayOrder, 201),
  'GET /api/comments/get-comment/:slug': json(BlogPost),
  'GET /api/comments/get-comment': json(z.array(Comment)),
  'POST /api/comments/get-comment': json(Comment, 201),
  'POST /api/comments/get-reply/:commentId': json(Reply, 201),
  'DELETE /api/comments/:id': json(z.union([Comment, Reply])),
  'POST /api/contact': json(MessageAnswer, 201),
  'POST /api/newsletter': json(MessageAnswer, 201),
  'GET /api/notifications/summary': json(NotificationSummary),
  'POST /api/notifications/bookings-seen': json(NotificationSummary),
  'GET /api/admin/overview': json(AdminOverview),
  'GET /api/admin/conversations/reported': json(z.array(ReportedConversation)),
  'POST /api/admin/conversations/:id/close-reports': json(ClosedReports),
  'POST /api/admin/bookings/:id/messages': json(Conversation),
  'GET /api/admin/accounts': json(AdminAccountPage),
  'POST /api/admin/accounts/:id/disable': json(AdminAccount),
  'POST /api/admin/accounts/:id/enable': json(AdminAccount),
  'GET /api/admin/audit': json(AdminActionPage),
  'GET /api/admin/cars': json(AdminCarPage),
  'POST /api/admin/cars/:id/delist': json(AdminCar),
  'POST /api/admin/cars/:id/relist': json(AdminCar),
  'GET /api/admin/bookings': json(AdminBookingPage),
  'POST /api/admin/bookings/:id/accept': json(AdminBooking),
  'POST /api/admin/bookings/:id/decline': json(AdminBooking),
  'POST /api/admin/bookings/:id/cancel': json(AdminBooking),
  'POST /api/admin/bookings/:id/no_show': json(AdminBooking),
  'GET /api/admin/comments': json(AdminContentPage),
  'DELETE /api/admin/comments/:id': json(AdminContent),
  'DELETE /api/admin/reviews/:id': json(AdminContent),
  'GET /api/admin/messages': json(AdminContactMessagePage),
  'POST /api/admin/messages/:id/answered': json(AdminContactMessage),
  'GET /api/admin/newsletter': json(AdminNewsletterPage),
  'GET /api/admin/money': json(AdminMoney),
  'GET /api/admin/money/reconciliation': json(Reconciliation),
  'GET /api/admin/payouts/runs': json(AdminPayoutRunPage),
  'POST /api/admin/payouts/runs': json(AdminPayoutRun, 201),
  'GET /api/admin/payouts/runs/:id': json(AdminPayoutRunDetail),
  'GET /api/admin/payouts/runs/:id/bank-file': { kind: 'text' as const, status: 200, schema: z.string() },
  'GET /api/admin/payouts/route': json(AdminRoutePayoutPage),
  'POST /api/admin/payouts/:id/paid': json(AdminPayout),
  'POST /api/admin/payouts/:id/failed': json(AdminPayout),
} satisfies Record<string, Answer>;

export type Route = keyof typeof routes;

/** What the fake answers on success: the contract's shape of that endpoint (nothing for a 204). */
export type SuccessBody<R extends Route> = (typeof routes)[R] extends { schema: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;

/** An error answer as the server gives it: a status and one sentence, from `fail`, and the reason of a refusal that has one. */
export interface Failure {
  readonly failure: {
    status: number;
    message: string;
    headers?: Record<string, string>;
    reason?: ErrorReason;
    booking?: ErrorBooking;
  };
}

/** The server refusing the call (use the server's own words: see server-says.ts). */
export function fail(status: number, message: string, headers?: Record<string, string>): Failure {
  return { failure: { status, message, headers } };
}

/** The server refusing the call for a reason the app can act on, as the body's `reason` says it. */
export function refuse(status: number, message: string, reason: ErrorReason): Failure {
  return { failure: { status, message, reason } };
}

/** The server refusing the call over a booking it names (the renter's own open request for the period), as the body's `booking` says. */
export function refuseNaming(status: number, message: string, booking: ErrorBooking): Failure {
  return { failure: { status, message, booking } };
}

/** The network failing: the server was not reached (a resolver: `serve(route, unreachable)`). */
export function unreachable(): Response {
  return HttpResponse.error();
}

/** One call the fake received: its JSON body (undefined when it had none), query and path parameters, and headers. */
export interface Call {
  body: unknown;
  query: Record<string, string>;
  params: PathParams;
  headers: Headers;
}

type Outcome<R extends Route> = SuccessBody<R> | Failure | Response;
/** A fixed answer, or a function of the call; a raw Response (a network error, a page that is not the API) only from a function, since a body can be read once. */
export type Resolver<R extends Route> = SuccessBody<R> | Failure | ((call: Call) => Outcome<R> | Promise<Outcome<R>>);

async function bodyOf(request: Request): Promise<unknown> {
  // An upload's form, its file under its field name.
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) return request.clone().formData();
  const text = await request.clone().text();
  return text === '' ? undefined : JSON.parse(text);
}

function isFailure(outcome: unknown): outcome is Failure {
  return typeof outcome === 'object' && outcome !== null && 'failure' in outcome;
}

/**
 * The answer checked against the contract before the app sees it, so a fake that drifts from the
 * contract fails its test instead of teaching the app a shape the server never sends.
 */
function toResponse(answer: Answer, outcome: unknown): Response {
  if (outcome instanceof Response) return outcome;
  if (isFailure(outcome)) {
    const { status, message, headers, reason, booking } = outcome.failure;
    const body = ErrorBody.parse({
      message,
      ...('coded' in answer ? { code: status } : {}),
      ...(reason ? { reason } : {}),
      ...(booking ? { booking } : {}),
    });
    return HttpResponse.json(body, { status, headers });
  }
  switch (answer.kind) {
    case 'json':
      return HttpResponse.json(answer.schema.parse(outcome) as JsonBodyType, { status: answer.status });
    case 'text':
      return HttpResponse.text(String(answer.schema.parse(outcome)), { status: answer.status });
    case 'empty':
      return new HttpResponse(null, { status: answer.status });
  }
}

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

/** The MSW matcher of a route's method, and the address it answers. */
export function endpoint(route: Route) {
  const [method, path] = route.split(' ') as [keyof typeof METHODS, string];
  return { on: METHODS[method], url: `${API}${path}` };
}

/** An MSW handler for one endpoint that records each call in `calls` and answers with `resolver`. */
export function routeHandler<R extends Route>(route: R, resolver: Resolver<R>, calls: Call[], options?: { once?: boolean }) {
  const answer: Answer = routes[route];
  const { on, url } = endpoint(route);
  return on(
    url,
    async ({ request, params }) => {
      const call: Call = {
        body: await bodyOf(request),
        query: Object.fromEntries(new URL(request.url).searchParams),
        params,
        headers: request.headers,
      };
      calls.push(call);
      // A generic resolver's body type cannot be narrowed by `typeof`; bodies are never functions.
      const outcome =
        typeof resolver === 'function' ? await (resolver as (call: Call) => Outcome<R> | Promise<Outcome<R>>)(call) : resolver;
      return toResponse(answer, outcome);
    },
    options,
  );
}
