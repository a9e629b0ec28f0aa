import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedAnswer, pageWindow } from '#domain/schemas/answers';
import { BookingIdParams } from '#domain/schemas/bookings';
import { CarNameParams } from '#domain/schemas/cars';
import {
  LATEST_REVIEWS_MAX,
  LatestReviews,
  NewRenterReview,
  NewReview,
  NewReviewReply,
  RenterReview,
  Review,
  ReviewIdParams,
  ReviewListQuery,
} from '#domain/schemas/reviews';
import { toRenterReview, toReview } from '../contract-shapes';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import {
  ALREADY_REPLIED,
  ALREADY_REVIEWED,
  carReviews,
  latestReviews,
  nextReviewShowing,
  NO_SUCH_BOOKING,
  NO_SUCH_CAR,
  NO_SUCH_REVIEW,
  NOT_ENDED,
  NOT_KEEPER,
  REMOVED,
  type ReviewView,
  readReview,
  replyToReview,
  writeReview,
} from '../reviews/reviews';
import { ALREADY_RATED, NOT_CAR_KEEPER, NOT_COMPLETED, rateRenter } from '../reviews/renter-reviews';
import { t } from '../i18n';

const TAGS = ['reviews'];

const REVIEW_SCHEMA = {
  tags: TAGS,
  summary: 'Rate a trip once it has ended (the renter who made the booking)',
  description:
    "Once per booking, for an accepted booking whose period has ended: `rating` a whole number from 1 to 5, `comment` optional (blank counts as none). Others see it once the car's keeper has rated the renter too, or 14 days after the trip completed; until then the answer carries `pendingUntil`.",
  security: SIGNED_IN,
  params: BookingIdParams,
  body: NewReview,
  response: {
    201: answer(Review, 'The review, as the car page shows it.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
      400: 'A malformed id, or a rating that is not a whole number from 1 to 5, or a comment too long.',
      403: "Signed in with an account that is not a renter's.",
      404: t(NO_SUCH_BOOKING),
      409: `The booking is not accepted, or: "${t(NOT_ENDED)}" Or: "${t(ALREADY_REVIEWED)}"`,
    }),
  },
};

const RENTER_REVIEW_SCHEMA = {
  tags: TAGS,
  summary: "Rate the renter of a completed trip, once (the car's owner; an admin for a fleet car)",
  description:
    "Once per booking, once it is completed: `rating` a whole number from 1 to 5, `comment` optional (blank counts as none), checked as a review of a car is. The renter and other owners see it once the renter has reviewed the car too, or 14 days after the trip completed; until then the answer carries `pendingUntil`. An admin's rating of a fleet car's renter is audited (`booking.rate_renter`).",
  security: SIGNED_IN,
  params: BookingIdParams,
  body: NewRenterReview,
  response: {
    201: answer(RenterReview, 'The rating, as its writer sees it.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
      400: 'A malformed id, or a rating that is not a whole number from 1 to 5, or a comment too long.',
      403: t(NOT_CAR_KEEPER),
      404: t(NO_SUCH_BOOKING),
      409: `"${t(NOT_COMPLETED)}" Or: "${t(ALREADY_RATED)}"`,
    }),
  },
};

const REPLY_SCHEMA = {
  tags: TAGS,
  summary: "Reply to a review of one's car, once (the car's owner; an admin for a fleet car)",
  security: SIGNED_IN,
  params: ReviewIdParams,
  body: NewReviewReply,
  response: {
    201: answer(Review, 'The review with its reply.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
      400: 'A malformed id, or content empty or too long.',
      403: t(NOT_KEEPER),
      404: t(NO_SUCH_REVIEW),
      409: `"${t(ALREADY_REPLIED)}" Or: "${t(REMOVED)}"`,
    }),
  },
};

const LIST_SCHEMA = {
  tags: TAGS,
  summary: "A car's reviews, newest first",
  description:
    "The car by its name in any letter case or by its id. Always paged (`page`, `pageSize`), newest first, the id breaking ties. Only reviews that show: a review waits for the car keeper's rating of the renter, or 14 days after the trip completed. The average and count are on the car itself (`ratingAverage`, `ratingCount`), of the same reviews.",
  params: CarNameParams,
  querystring: ReviewListQuery,
  response: {
    200: answer(pagedAnswer(Review), "One page of the car's reviews."),
    ...errors([400, 404], { 404: t(NO_SUCH_CAR) }),
  },
};

const LATEST_SCHEMA = {
  tags: TAGS,
  summary: 'The newest reviews with a comment, for the home page',
  description: `At most ${LATEST_REVIEWS_MAX}, newest first, whatever their rating: only reviews with a comment that show (as on the car's page), none an admin removed, and only of cars in the public list, each with the car it is about and the address of its page.`,
  response: { 200: answer(LatestReviews, 'The reviews, newest first; empty when there are none yet.'), ...errors([]) },
};

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const toAnswer = ({ review, author }: ReviewView): Review => toReview(review, author, app.clock.now());
  // A review that waited for the other side's shows by the clock alone, with no change to drop the cars' kept answers.
  app.publicCacheTurns('cars', (now) => nextReviewShowing(app.db, now));

  app.post('/api/bookings/:id/review', { onRequest: app.requireRole('user'), schema: REVIEW_SCHEMA }, async (request, reply) => {
    const renter = signedInAccount(request);
    const reviewId = await writeReview(app.db, renter.id, request.params.id, request.body, app.clock.now());
    reply.code(201);
    return toAnswer(await readReview(app.db, reviewId));
  });

  app.post(
    '/api/bookings/:id/renter-review',
    { onRequest: app.requireSignedIn, schema: RENTER_REVIEW_SCHEMA },
    async (request, reply) => {
      const now = app.clock.now();
      const rated = await rateRenter(app.db, signedInAccount(request), request.params.id, request.body, now);
      reply.code(201);
      return toRenterReview(rated, now);
    },
  );

  app.post('/api/reviews/:id/reply', { onRequest: app.requireSignedIn, schema: REPLY_SCHEMA }, async (request, reply) => {
    const account = signedInAccount(request);
    const reviewId = await replyToReview(app.db, account, request.params.id, request.body.content, app.clock.now());
    reply.code(201);
    return toAnswer(await readReview(app.db, reviewId));
  });

  // Kept with the cars' answers: a review, a car or a renter's name changing drops them all.
  app.get('/api/reviews/latest', { config: { publicCache: 'cars' }, schema: LATEST_SCHEMA }, () =>
    latestReviews(app.db, app.clock.now()),
  );

  app.get('/api/cars/:carName/reviews', { schema: LIST_SCHEMA }, async (request) => {
    const { page, pageSize, limit, offset } = pageWindow(request.query);
    const { rows, total } = await carReviews(app.db, request.params.carName, { limit, offset }, app.clock.now());
    return { data: rows.map(toAnswer), total, page, pageSize };
  });
};
