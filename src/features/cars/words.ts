import cars from '#locales/en/cars';
import { wordsOf } from '../../lib/i18n';

/** The public car screens' words (src/locales/en/cars.json). */
export const { t, Words } = wordsOf(cars);
