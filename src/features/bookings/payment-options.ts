import { usePublicConfig } from '../../lib/public-config';

/**
 * The ways to pay the server takes (`GET /api/config`), so the checkout never offers a card payment
 * the server cannot charge. They change only when the server restarts with other keys.
 */
export function usePaymentOptions() {
  return usePublicConfig((config) => config.payments);
}

/** The seller's GST setting, when it charges GST: the checkout's total adds it as the server will. */
export function useGstConfig() {
  return usePublicConfig((config) => config.gst);
}

/** The cancellation policy the server stores on a booking requested now; undefined until known. */
export function useCancellationPolicy() {
  return usePublicConfig((config) => config.cancellation);
}

/** Demo mode: the server's providers are its own stand-ins, so the checkouts are the app's own demo forms. */
export function useDemoPayments(): boolean {
  return usePublicConfig((config) => config.demo === true).data === true;
}
