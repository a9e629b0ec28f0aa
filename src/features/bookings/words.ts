import bookings from '#locales/en/bookings';
import { wordsOf } from '../../lib/i18n';

/** The bookings screens' words (src/locales/en/bookings.json). */
export const { t, Words } = wordsOf(bookings);

/** A message id of the bookings screens, for tables that name their words before they are shown. */
export type BookingsId = Parameters<typeof t>[0];
