import trips from '#locales/en/trips';
import { wordsOf } from '../../lib/i18n';

/** The trip records' words (src/locales/en/trips.json). */
export const { t } = wordsOf(trips);
