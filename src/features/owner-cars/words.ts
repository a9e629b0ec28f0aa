import owner from '#locales/en/owner';
import { wordsOf } from '../../lib/i18n';

/** The owner's car screens' words (src/locales/en/owner.json): never loaded by the public car pages. */
export const { t, Words } = wordsOf(owner);
