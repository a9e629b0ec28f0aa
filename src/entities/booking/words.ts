import bookings from '#locales/en/bookings';
import { wordsOf } from '../../lib/i18n';

/** A booking's words wherever it is shown (src/locales/en/bookings.json). */
export const { t, Words } = wordsOf(bookings);
