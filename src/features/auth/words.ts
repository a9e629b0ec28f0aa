import account from '#locales/en/account';
import { wordsOf } from '../../lib/i18n';

/** The sign-in and sign-up screens' words (src/locales/en/account.json). */
export const { t, Words } = wordsOf(account);
