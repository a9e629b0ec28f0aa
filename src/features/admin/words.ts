import admin from '#locales/en/admin';
import { wordsOf } from '../../lib/i18n';

/** The admin console's words (src/locales/en/admin.json). */
export const { t, Words } = wordsOf(admin);

/** The id of one of the console's messages (or a shared one), kept in a table until the words are shown. */
export type AdminWordId = Parameters<typeof t>[0];
