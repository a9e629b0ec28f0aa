import cars from '#locales/en/cars';
import { wordsOf } from '../../lib/i18n';

/** The car entity's words, with the public car screens' (src/locales/en/cars.json). */
export const { t } = wordsOf(cars);
