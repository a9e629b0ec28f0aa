import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { NewBooking } from '../../../domain/contract';
import { statusOf } from '../../../lib/api-error';
import type { SignInState } from '../../../lib/auth/sign-in-state';
import { useCheckBooking, useCreateBooking } from '../queries';
import { t } from '../words';

/** What a booking request carries besides its payment: the car, the period and the driver choice. */
export type BookingChoice = Omit<NewBooking, 'paymentToken' | 'razorpay'>;
export type BookingPayment = Pick<NewBooking, 'paymentToken' | 'razorpay'>;

/**
 * The booking request, and the way to sign in first that keeps the period (the page's address rides
 * in the router state). A session that ended meanwhile (401) leads there too.
 */
export function useReservation(carName: string, choice: BookingChoice) {
  const location = useLocation();
  const navigate = useNavigate();
  const booking = useCreateBooking();
  const check = useCheckBooking();

  const signIn = () => {
    const state: SignInState = { from: location, reason: t('bookings.checkout.signInReason', { car: carName }) };
    navigate(paths.login, { state });
  };

  const reserve = (payment: BookingPayment = {}) =>
    booking.mutate(
      { ...choice, ...payment },
      // A session that ended meanwhile: sign in first, and come back with the period kept.
      {
        onError: (error) => {
          if (statusOf(error) === 401) signIn();
        },
      },
    );

  /**
   * Asks the server first whether it would refuse the request (a period already taken, the renter's
   * own request for it): true when a checkout may open. A refusal stays in `check.error`, shown as the
   * request's own would be, so the renter never pays for a request the server already knows it refuses.
   */
  const checkFirst = async (): Promise<boolean> => {
    booking.reset();
    try {
      await check.mutateAsync(choice);
      return true;
    } catch (error) {
      if (statusOf(error) === 401) signIn();
      return false;
    }
  };

  return { booking, check, signIn, reserve, checkFirst };
}
