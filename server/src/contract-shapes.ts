import type {
  Account,
  BlogPost,
  Booking,
  CarPhoto,
  Comment,
  OwnerCar,
  PublicCar,
  RenterReview,
  Reply,
  Review,
} from '#domain/contract';
import { photoUrls } from '#domain/photo-urls';
import { roundedRating } from '#domain/trip-reviews';
import { bookingNumber } from '#domain/booking-number';
import { toIndiaIso } from '#domain/india-time';
import { REMOVED_CONTENT } from '#domain/schemas/comments';
import type { CarExtras } from './cars/car-extras';
import type {
  AccountRow,
  BlogPostRow,
  BookingRow,
  CarPhotoRow,
  CarRow,
  CommentRow,
  RenterReviewRow,
  ReviewRow,
} from './db/schema';

// Rows to the contract's shapes: the only place that decides what a client may see of a row. The
// answers' schemas strip any field they do not declare, but nothing should reach them to strip.

export function toAccount(row: AccountRow): Account {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    ...(row.phoneNumber === null ? {} : { phoneNumber: row.phoneNumber }),
    ...(row.phoneVerifiedAt === null ? {} : { phoneVerifiedAt: row.phoneVerifiedAt.toISOString() }),
    ...(row.country === null ? {} : { country: row.country }),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Where the car is, what it is and its trip prices, as every car answer shows them; a missing year, km limit or price per extra km is left out. */
function carAttributesOf(row: CarRow) {
  return {
    city: row.city,
    pickupArea: row.pickupArea,
    ac: row.ac,
    bodyType: row.bodyType,
    seats: row.seats,
    transmission: row.transmission,
    fuel: row.fuel,
    payAtPickup: row.payAtPickup,
    instantBooking: row.instantBooking,
    ...withoutNulls({ year: row.year, kmPerDayLimit: row.kmPerDayLimit, extraKmPrice: row.extraKmPrice }),
    depositPaise: row.depositPaise,
    fuelEighthPrice: row.fuelEighthPrice,
    batteryTenthPrice: row.batteryTenthPrice,
  };
}

/** `photoBase` is where the photos' files are served: the API's `/uploads`, or the photo store's public address. */
export function toCarPhoto(row: CarPhotoRow, photoBase: string): CarPhoto {
  return { id: row.id, ...photoUrls(row.fileKey, photoBase), width: row.width, height: row.height };
}

/** `photos` in the owner's order, the cover first. */
export function toOwnerCar(row: CarRow, photos: CarPhotoRow[], photoBase: string): OwnerCar {
  return {
    _id: row.id,
    id: row.id,
    url: row.imgUrl,
    carname: row.carName,
    description: row.description,
    price: row.price,
    ...carAttributesOf(row),
    photos: photos.map((photo) => toCarPhoto(photo, photoBase)),
    paused: row.pausedAt !== null,
    // The console always stores both; a car delisted before they were kept says when it last changed.
    ...(row.delisted
      ? { delisted: { reason: row.delistedReason ?? '', at: (row.delistedAt ?? row.updatedAt).toISOString() } }
      : {}),
    ownerId: row.ownerId ?? '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields of `fields` that have a value: the contract leaves out an optional field rather than send null. */
function withoutNulls<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };
}

/**
 * `ownerName` is the listing owner's username; fleet cars have none. With uploaded photos, `imgUrl`
 * is the cover's, so a client that knows only `imgUrl` shows the owner's chosen cover.
 */
export function toPublicCar(row: CarRow, ownerName: string | null, extras: CarExtras, photoBase: string): PublicCar {
  const photos = extras.photos.map((photo) => toCarPhoto(photo, photoBase));
  return {
    _id: row.id,
    id: row.id,
    kind: row.kind,
    carName: row.carName,
    imgUrl: photos[0]?.url ?? row.imgUrl,
    price: row.price,
    description: row.description,
    ...carAttributesOf(row),
    ...withoutNulls({
      brand: row.brand,
      model: row.model,
      speed: row.speed,
      gps: row.gps,
      seatType: row.seatType,
      automatic: row.automatic,
      ownerName,
    }),
    photos,
    ...(extras.ratingAverage === null ? {} : { ratingAverage: roundedRating(extras.ratingAverage) }),
    ratingCount: extras.reviewCount,
  };
}

/** `author` is the renter's username. A removed review's text and reply are no longer stored. */
/** While a review waits for the other side's, the instant it shows at the latest (its writer alone sees it until then). */
function pendingAt(visibleFrom: Date, now: Date): { pendingUntil?: string } {
  return visibleFrom.getTime() > now.getTime() ? { pendingUntil: visibleFrom.toISOString() } : {};
}

export function toReview(row: ReviewRow, author: string, now: Date): Review {
  return {
    _id: row.id,
    id: row.id,
    rating: row.rating,
    ...(row.removedAt !== null ? { comment: REMOVED_CONTENT } : row.comment === null ? {} : { comment: row.comment }),
    author,
    createdAt: row.createdAt.toISOString(),
    ...pendingAt(row.visibleFrom, now),
    ...(row.reply === null || row.repliedAt === null
      ? {}
      : { reply: { content: row.reply, createdAt: row.repliedAt.toISOString() } }),
    ...(row.removedAt === null ? {} : { removed: true }),
  };
}

export function toRenterReview(row: RenterReviewRow, now: Date): RenterReview {
  return {
    _id: row.id,
    id: row.id,
    rating: row.rating,
    ...(row.comment === null ? {} : { comment: row.comment }),
    createdAt: row.createdAt.toISOString(),
    ...pendingAt(row.visibleFrom, now),
  };
}

/** What a booking shows of its car and its renter. */
export interface BookingParties {
  car: Pick<CarRow, 'id' | 'kind' | 'carName' | 'city' | 'pickupArea'>;
  renter: Pick<AccountRow, 'id' | 'username'>;
}

/**
 * `showsPaymentRef`: the provider's reference is for the renter and admins (who may need to trace a
 * payment); owners see only where the money stands.
 */
export function toBooking(row: BookingRow, { car, renter }: BookingParties, showsPaymentRef: boolean): Booking {
  return {
    _id: row.id,
    id: row.id,
    number: bookingNumber(row.number),
    car: { id: car.id, kind: car.kind, carName: car.carName, city: car.city, pickupArea: car.pickupArea },
    renter: { id: renter.id, username: renter.username },
    from: toIndiaIso(row.startsAt),
    to: toIndiaIso(row.endsAt),
    hours: row.hours,
    driver: row.driver,
    pricePerHour: row.pricePerHour,
    pricePerDay: row.pricePerHour,
    total: row.total,
    taxPaise: row.taxPaise,
    taxLines: row.taxLines,
    amountPaise: row.amountPaise,
    status: row.status,
    ...(row.invoiceNumber === null ? {} : { invoiceNumber: row.invoiceNumber }),
    ...(row.creditNoteNumber === null ? {} : { creditNoteNumber: row.creditNoteNumber }),
    ...(row.commissionBps === null || row.tdsBps === null
      ? {}
      : { rates: { commissionBps: row.commissionBps, tdsBps: row.tdsBps } }),
    payment: {
      status: row.paymentStatus,
      amountPaise: row.amountPaise,
      ...(row.paymentProvider === null ? {} : { provider: row.paymentProvider }),
      ...(row.paymentMethod === null ? {} : { method: row.paymentMethod }),
      // Rows from before payments were taken hold the card token in payment_ref; with nothing taken, there is nothing to trace.
      ...(showsPaymentRef && row.paymentStatus !== 'none' && row.paymentRef !== null ? { ref: row.paymentRef } : {}),
    },
    ...(row.declineReason === null ? {} : { declineReason: row.declineReason }),
    ...(row.cancelReason === null ? {} : { cancelReason: row.cancelReason }),
    ...(row.freeCancelHours === null || row.lateCancelRefundBps === null
      ? {}
      : { cancellationPolicy: { freeCancelHours: row.freeCancelHours, lateRefundBps: row.lateCancelRefundBps } }),
    ...(row.cancelledBy === null ? {} : { cancelledBy: row.cancelledBy }),
    ...(row.refundBasePaise === null
      ? {}
      : {
          refund: {
            basePaise: row.refundBasePaise,
            taxPaise: row.refundTaxPaise ?? 0,
            amountPaise: row.refundBasePaise + (row.refundTaxPaise ?? 0),
          },
        }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    date: row.date,
    time: row.time,
    imgUrl: row.imgUrl,
    description: row.description,
    quote: row.quote,
  };
}

/** A deleted entry's stored text is already `[deleted]`: deleting overwrites it. */
export function toReply(row: CommentRow): Reply {
  return {
    _id: row.id,
    id: row.id,
    author: row.author,
    date: row.createdAt.toISOString(),
    content: row.content,
    deleted: row.deletedAt !== null,
  };
}

/** `post` is the post's slug; a comment left without naming a post has an empty one. */
export function toComment(row: CommentRow, postSlug: string | null, replies: CommentRow[]): Comment {
  return { ...toReply(row), post: postSlug ?? '', replies: replies.map(toReply) };
}
