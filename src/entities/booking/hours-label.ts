import { t } from './words';

/** "1 hour", "8 hours": how the checkout and the receipt count a period. */
export function hoursLabel(hours: number): string {
  return t('bookings.hours', { hours });
}
