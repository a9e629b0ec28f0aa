import account from '#locales/en/account';
import { wordsOf } from '../../lib/i18n';

/** The password reset screens' words (src/locales/en/account.json). */
export const { t, Words } = wordsOf(account);
