import bookings from '#locales/en/bookings';
import { wordsOf } from '../../lib/i18n';

/** A booking's conversation is part of the booking's page, in its words (src/locales/en/bookings.json). */
export const { t, Words } = wordsOf(bookings);
