import licences from '#locales/en/licences';
import { wordsOf } from '../../lib/i18n';

/** The driving licence's words (src/locales/en/licences.json). */
export const { t } = wordsOf(licences);
