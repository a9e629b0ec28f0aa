import { AdminOptionalReason, AdminReason } from '../../domain/schemas/admin';
import type { BookingAction } from '../../domain/schemas/bookings';
import { checked } from '../../lib/form-check';
import type { ReasonNeed } from '../../components/ReasonDialog';
import type { CarListingAction } from './api';

/**
 * Whether an action needs a reason. Those whose people are told why (delisting a car, cancelling a
 * booking, removing a comment or review) do; the rest (disabling an account, accepting a request,
 * marking a message answered) keep one in the audit log only if given.
 */
export type { ReasonNeed };

export const CAR_LISTING_REASON: Record<CarListingAction, ReasonNeed> = { delist: 'required', relist: 'optional' };

export const BOOKING_STEP_REASON: Record<BookingAction, ReasonNeed> = {
  accept: 'optional',
  decline: 'optional',
  cancel: 'required',
  no_show: 'optional',
};

/** The body of an action that needs a reason, checked as the server checks it before it is sent. */
export function requiredReason(reason: string | undefined): AdminReason {
  // A missing reason is refused in the words a blank one is.
  return checked(AdminReason, { reason: reason ?? '' });
}

/** An action's body, checked as the server checks it before it is sent; an optional reason left blank is left out. */
export function reasonBody(need: ReasonNeed, reason: string | undefined): AdminOptionalReason {
  if (need === 'required') return requiredReason(reason);
  return checked(AdminOptionalReason, reason === undefined ? {} : { reason });
}
