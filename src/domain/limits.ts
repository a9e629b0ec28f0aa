/** Limits the contract sets; the server enforces them and the app's forms mirror them. */
export const PRICE_MIN = 1;
export const PRICE_MAX = 1_000_000;
export const CARNAME_MAX = 100;
export const DESCRIPTION_MAX = 2_000;
export const COMMENT_MAX = 2_000;
/** A message between a booking's renter and the car's side. */
export const BOOKING_MESSAGE_MAX = 2_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 50;
export const EMAIL_MAX = 254;
export const URL_MAX = 2_000;
export const BODY_LIMIT_BYTES = 100 * 1024;
export const BOOKING_MAX_HOURS = 720;
export const BOOKING_PAST_GRACE_MS = 5 * 60 * 1000;
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const INDIA_OFFSET = '+05:30';
export const REVIEW_COMMENT_MAX = 1_000;
/** The name and the text of a message sent from the contact page (a call request sends its name too). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5_000;
export const REVIEW_REPLY_MAX = 1_000;
export const PHOTOS_PER_CAR_MAX = 6;
export const PHOTO_BYTES_MAX = 8 * 1024 * 1024;
/**
 * The photos one trip record holds: the four sides and up to eight more. Their own limit, apart from
 * an owner's car photos: a record's photos are bounded by it and by the two records of a booking.
 */
export const TRIP_PHOTOS_MAX = 12;
/**
 * The most a photo may have: a 40-megapixel camera's largest photo. An 8 MB PNG of a flat colour
 * that would unpack to gigabytes (a decompression bomb) is refused before it is decoded.
 */
export const PHOTO_MEGAPIXELS_MAX = 40;
export const PHOTO_PIXELS_MAX = PHOTO_MEGAPIXELS_MAX * 1_000_000;
/** A photo over either limit is scaled in the browser to at most this long a side (16 megapixels), then sent. */
export const PHOTO_LONG_SIDE_SCALED = 4_000;
/** The longest period one availability call answers for: three months of a calendar, in one request. */
export const AVAILABILITY_MAX_DAYS = 90;
/** The reason an admin gives for an action (delisting a car, cancelling a booking, removing a comment). */
export const ADMIN_REASON_MAX = 500;
/** A code texted to prove a phone number: its digits, how long it lasts, how many tries it allows. */
export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_TRIES = 5;
/** Codes sent within PHONE_CODE_SEND_MINUTES, per account and per number: each text costs money and annoys whoever holds the number. */
export const PHONE_CODE_SENDS = 3;
export const PHONE_CODE_SEND_MINUTES = 15;
