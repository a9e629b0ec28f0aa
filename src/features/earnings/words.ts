import earnings from '#locales/en/earnings';
import { wordsOf } from '../../lib/i18n';

/** The earnings and statement screens' words (src/locales/en/earnings.json), loaded with them alone. */
export const { t, Words } = wordsOf(earnings);
