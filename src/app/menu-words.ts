import menu from '#locales/en/menu';
import { wordsOf } from '../lib/i18n';

/** The account menu's words (src/locales/en/menu.json): loaded with the menu, which only a signed-in person sees. */
export const { t, Words } = wordsOf(menu);
