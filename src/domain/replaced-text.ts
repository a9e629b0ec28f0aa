/**
 * What a comment, reply or review reads once its text is gone. Apart from the schemas (./schemas/comments,
 * which name them too) so the pages that quote them do not load zod with them.
 */

/** What a deleted comment or reply reads in place of its text, which is not kept. */
export const DELETED_CONTENT = '[deleted]';

/** What a comment, reply or review an admin removed reads in place of its text. */
export const REMOVED_CONTENT = '[removed by an admin]';
