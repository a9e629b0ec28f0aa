import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, AdminContent, AdminContentQuery, AdminIdParams, AdminReason } from '#domain/schemas/admin';
import { REMOVED_CONTENT } from '#domain/schemas/comments';
import { contentList, type EntryRow } from '../content/entries';
import { NO_SUCH_COMMENT, NO_SUCH_REVIEW, removeComment, removeReview } from '../content/removals';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { adminPage, ADMIN_TAGS as TAGS, badListQuery, listAnswers, REFUSED } from '../http/admin-lists';
import { t } from '../i18n';

function toAdminContent(row: EntryRow): AdminContent {
  const on: AdminContent['on'] =
    row.carId !== null && row.carKind !== null && row.carName !== null
      ? { type: 'car', id: row.carId, kind: row.carKind, carName: row.carName }
      : row.postTitle !== null && row.postSlug !== null
        ? { type: 'post', title: row.postTitle, slug: row.postSlug }
        : { type: 'none' };
  return {
    _id: row.id,
    id: row.id,
    kind: row.kind,
    author: row.author,
    text: row.text,
    rating: row.rating,
    on,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A DELETE without a body reaches the validator as null: no body is no reason, which is required. */
const reasonBody = z.preprocess((body) => body ?? {}, AdminReason);

const LIST_SCHEMA = {
  tags: TAGS,
  summary: 'Every comment, reply and review, newest first',
  description: `Blog comments, their replies and cars' reviews in one list, paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise), searched by \`q\` (part of the text or the author's name, in any case) and filtered by \`kind\` and \`state\`. The text is what readers see: a removed entry's own text is not kept, so a search does not find it. An empty parameter counts as not sent.`,
  security: SIGNED_IN,
  querystring: AdminContentQuery,
  response: listAnswers(AdminContent, 'One page of the matching comments, replies and reviews.', badListQuery('kind', 'state')),
};

const removalAnswers = (done: string, unknown: string) => ({
  200: answer(AdminContent, done),
  ...errors([...JSON_BODY_ERRORS, 401, 403, 404], {
    ...REFUSED,
    400: 'An id that is not a uuid, or a reason that is missing, blank or over 500 characters.',
    404: `"${unknown}"`,
  }),
});

const REMOVE_COMMENT_SCHEMA = {
  tags: TAGS,
  summary: 'Remove a comment or a reply',
  description: `It reads \`${REMOVED_CONTENT}\` wherever it is shown, takes no more replies, and its author can no longer delete it; a comment's replies stay. Its text is not kept but in the audit row's \`before\`, with the \`reason\` (required). One deleted by its author may be removed too. One already removed is answered as it stands and writes no audit row.`,
  security: SIGNED_IN,
  params: AdminIdParams,
  body: reasonBody,
  response: removalAnswers('The comment or reply, now removed.', t(NO_SUCH_COMMENT)),
};

const REMOVE_REVIEW_SCHEMA = {
  tags: TAGS,
  summary: 'Remove a review',
  description: `Its comment reads \`${REMOVED_CONTENT}\` on the car's page and the renter's booking, the owner's reply is gone (and none can be given), and its rating no longer counts in the car's \`ratingAverage\` and \`ratingCount\`. Its text and reply are not kept but in the audit row's \`before\`, with the \`reason\` (required). One already removed is answered as it stands and writes no audit row.`,
  security: SIGNED_IN,
  params: AdminIdParams,
  body: reasonBody,
  response: removalAnswers('The review, now removed.', t(NO_SUCH_REVIEW)),
};

/** Comments, replies and reviews for the console: listed together, and removed by an admin with a reason. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmins = app.requireRole('admin');

  app.get('/api/admin/comments', { onRequest: onlyAdmins, schema: LIST_SCHEMA }, async (request) =>
    adminPage(request.query, contentList(app.db, request.query), toAdminContent),
  );

  app.delete('/api/admin/comments/:id', { onRequest: onlyAdmins, schema: REMOVE_COMMENT_SCHEMA }, async (request) => {
    const removal = { adminId: signedInAccount(request).id, id: request.params.id, reason: request.body.reason };
    return toAdminContent(await removeComment(app.db, removal, app.clock.now()));
  });

  app.delete('/api/admin/reviews/:id', { onRequest: onlyAdmins, schema: REMOVE_REVIEW_SCHEMA }, async (request) => {
    const removal = { adminId: signedInAccount(request).id, id: request.params.id, reason: request.body.reason };
    return toAdminContent(await removeReview(app.db, removal, app.clock.now()));
  });
};
