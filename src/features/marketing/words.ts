import site from '#locales/en/site';
import { wordsOf } from '../../lib/i18n';

/** The marketing sections' words (src/locales/en/site.json). */
export const { t, Words } = wordsOf(site);
