import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusAt } from '#domain/booking-states';
import { pagedAnswer, pageWindow } from '#domain/schemas/answers';
import { BookingIdParams } from '#domain/schemas/bookings';
import { CarNameParams } from '#domain/schemas/cars';
import { NewReview, NewReviewReply, Review, ReviewIdParams, ReviewListQuery } from '#domain/schemas/reviews';
import { toReview } from '../contract-shapes';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { findPublicCar } from '../cars/public-cars';
import { reviewViews } from '../db/reviews';
import { bookings, cars, reviews, type AccountRow } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';

const TAGS = ['reviews'];
const NO_SUCH_BOOKING = 'There is no such booking among yours.';
const NO_SUCH_REVIEW = 'There is no such review.';
const NO_SUCH_CAR = 'There is no car by that name.';
const NOT_ENDED = 'You can review a trip once it has ended.';
const ALREADY_REVIEWED = 'You have already reviewed this trip.';
const ALREADY_REPLIED = 'This review already has a reply.';
const NOT_KEEPER = "Only the car's owner (an admin for a fleet car) can reply to its reviews.";
const REMOVED = 'This review was removed by an admin, so it takes no reply.';

/** The review with its author, as answers show it; it exists, having just been written. */
async function reviewAnswer(db: Database, reviewId: string): Promise<Review> {
  const [row] = await reviewViews(db).where(eq(reviews.id, reviewId));
  if (!row) throw new Error('the review left as it was written');
  return toReview(row.review, row.author);
}

/** Whoever answers for the car: its owner, or an admin for a fleet car (as for booking requests). */
function keepsCar(account: AccountRow, car: { kind: string; ownerId: string | null }): boolean {
  return car.kind === 'fleet' ? account.role === 'admin' : car.ownerId === account.id;
}

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bookings/:id/review',
    {
      onRequest: app.requireRole('user'),
      schema: {
        tags: TAGS,
        summary: 'Rate a trip once it has ended (the renter who made the booking)',
        description:
          'Once per booking, for an accepted booking whose period has ended: `rating` a whole number from 1 to 5, `comment` optional (blank counts as none).',
        security: SIGNED_IN,
        params: BookingIdParams,
        body: NewReview,
        response: {
          201: answer(Review, 'The review, as the car page shows it.'),
          ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
            400: 'A malformed id, or a rating that is not a whole number from 1 to 5, or a comment too long.',
            403: "Signed in with an account that is not a renter's.",
            404: NO_SUCH_BOOKING,
            409: `The booking is not accepted, or: "${NOT_ENDED}" Or: "${ALREADY_REVIEWED}"`,
          }),
        },
      },
    },
    async (request, reply) => {
      const renter = signedInAccount(request);
      const [booking] = await app.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, request.params.id), eq(bookings.renterId, renter.id)));
      if (!booking) throw new HttpError(404, NO_SUCH_BOOKING);
      const now = new Date();
      // As the renter's list shows it: a request nobody answered in time reads as expired.
      const status = statusAt(booking.status, booking.expiresAt, now);
      if (status !== 'accepted') {
        throw new HttpError(409, `This booking is ${status}: only a trip that took place can be reviewed.`);
      }
      if (booking.endsAt > now) throw new HttpError(409, NOT_ENDED);
      const { rating, comment } = request.body;
      let reviewId: string;
      try {
        const [stored] = await app.db
          .insert(reviews)
          .values({ bookingId: booking.id, carId: booking.carId, renterId: renter.id, rating, comment: comment ?? null })
          .returning({ id: reviews.id });
        if (!stored) throw new Error('the review was not stored');
        reviewId = stored.id;
      } catch (error) {
        // The booking's one review, written meanwhile by a second click: the unique key keeps the first.
        if (isUniqueViolation(error)) throw new HttpError(409, ALREADY_REVIEWED);
        throw error;
      }
      reply.code(201);
      return reviewAnswer(app.db, reviewId);
    },
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: "Reply to a review of one's car, once (the car's owner; an admin for a fleet car)",
        security: SIGNED_IN,
        params: ReviewIdParams,
        body: NewReviewReply,
        response: {
          201: answer(Review, 'The review with its reply.'),
          ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
            400: 'A malformed id, or content empty or too long.',
            403: NOT_KEEPER,
            404: NO_SUCH_REVIEW,
            409: `"${ALREADY_REPLIED}" Or: "${REMOVED}"`,
          }),
        },
      },
    },
    async (request, reply) => {
      const account = signedInAccount(request);
      const [target] = await app.db
        .select({ reviewId: reviews.id, removedAt: reviews.removedAt, kind: cars.kind, ownerId: cars.ownerId })
        .from(reviews)
        .innerJoin(cars, eq(cars.id, reviews.carId))
        .where(eq(reviews.id, request.params.id));
      if (!target) throw new HttpError(404, NO_SUCH_REVIEW);
      if (!keepsCar(account, target)) throw new HttpError(403, NOT_KEEPER);
      if (target.removedAt) throw new HttpError(409, REMOVED);
      // Only a review still without a reply, and not removed meanwhile, is written: of two replies at
      // once the second finds none, and a removal's emptied reply is not filled again.
      const [replied] = await app.db
        .update(reviews)
        .set({ reply: request.body.content, repliedAt: new Date() })
        .where(and(eq(reviews.id, target.reviewId), isNull(reviews.reply), isNull(reviews.removedAt)))
        .returning({ id: reviews.id });
      if (!replied) throw new HttpError(409, ALREADY_REPLIED);
      reply.code(201);
      return reviewAnswer(app.db, replied.id);
    },
  );

  app.get(
    '/api/cars/:carName/reviews',
    {
      schema: {
        tags: TAGS,
        summary: "A car's reviews, newest first",
        description:
          'The car by its name in any letter case or by its id. Always paged (`page`, `pageSize`), newest first, the id breaking ties. The average and count are on the car itself (`ratingAverage`, `ratingCount`).',
        params: CarNameParams,
        querystring: ReviewListQuery,
        response: {
          200: answer(pagedAnswer(Review), "One page of the car's reviews."),
          ...errors([400, 404], { 404: NO_SUCH_CAR }),
        },
      },
    },
    async (request) => {
      const car = await findPublicCar(app.db, request.params.carName);
      if (!car) throw new HttpError(404, NO_SUCH_CAR);
      const { page, pageSize, limit, offset } = pageWindow(request.query);
      const ofCar = eq(reviews.carId, car.car.id);
      const [rows, [counted]] = await Promise.all([
        reviewViews(app.db).where(ofCar).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit).offset(offset),
        app.db.select({ total: count() }).from(reviews).where(ofCar),
      ]);
      return { data: rows.map(({ review, author }) => toReview(review, author)), total: counted?.total ?? 0, page, pageSize };
    },
  );
};
