import blog from '#locales/en/blog';
import { wordsOf } from '../../lib/i18n';

/** A post's page words (src/locales/en/blog.json): the post, its comments and replies; apart from the cards the home page shows. */
export const { t, Words } = wordsOf(blog);
