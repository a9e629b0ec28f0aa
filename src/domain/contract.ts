/**
 * The shapes of the HTTP contract (docs/api.md), as zod schemas with the types derived from them: a
 * request's type is what a client sends (`z.input`), an answer's is what the server writes
 * (`z.output`). The server validates and serializes with these schemas, the app's forms check with
 * them before sending, and the OpenAPI document is generated from them, so a change to a shape is
 * one edit. One file per resource in ./schemas; the shared fields are in ./schemas/fields.
 */

export * from './schemas/account';
export * from './schemas/phone';
export * from './schemas/accounts';
export * from './schemas/admin';
export * from './schemas/admin-money';
export * from './schemas/answers';
export * from './schemas/blog';
export * from './schemas/bookings';
export * from './schemas/car-photos';
export * from './schemas/cars';
export * from './schemas/comments';
export * from './schemas/config';
export * from './schemas/conversations';
export * from './schemas/earnings';
export * from './schemas/errors';
export * from './schemas/health';
export * from './schemas/messages';
export * from './schemas/notifications';
export * from './schemas/owner-cars';
export * from './schemas/password-reset';
export * from './schemas/payout-details';
export * from './schemas/payouts';
export * from './schemas/reviews';
export { Identified } from './schemas/fields';
