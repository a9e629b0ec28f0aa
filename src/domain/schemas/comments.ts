import { z } from 'zod';
import { DELETED_CONTENT, REMOVED_CONTENT } from '../replaced-text';
import { pageParams } from './answers';
import { id, Identified, isoInstant, writtenText } from './fields';

/** Longer than any title the app links to; a longer name cannot be a post. */
const POST_NAME_MAX = 300;
/** A post named by its title (as the app links it) or its slug, in any letter case. */
const postName = z.string().trim().min(1).max(POST_NAME_MAX);

export const BlogPostParams = z.object({ slug: postName });

/** `GET /api/comments/get-comment`: every comment, or one post's; one page of them when `page` is sent. */
export const CommentsQuery = z.object({ post: postName.optional(), ...pageParams });

// The spec's form also sent the name typed into it. The author is the session's account, so the
// schema has no such field: zod drops it from a body that still names one, and the request goes through.
export const NewComment = z.object({
  content: writtenText('checks.field.comment'),
  post: postName.optional(),
});
export type NewComment = z.input<typeof NewComment>;

export const CommentIdParams = z.object({ commentId: id });

export const NewReply = z.object({ content: writtenText('checks.field.reply') });
export type NewReply = z.input<typeof NewReply>;

/** `DELETE /api/comments/{id}`: a comment or a reply. */
export const CommentDeleteParams = z.object({ id });

export { DELETED_CONTENT, REMOVED_CONTENT };

const entryFields = {
  author: z.string().meta({
    description:
      "The username of the account that posted it (one posted before this release may carry the name typed then). The app offers Delete when it is the signed-in account's: usernames are unique.",
  }),
  date: isoInstant,
  content: z
    .string()
    .meta({ description: `\`${DELETED_CONTENT}\` once deleted by its author, \`${REMOVED_CONTENT}\` once removed by an admin.` }),
  deleted: z.boolean().meta({ description: 'Deleted by its author or an admin: its text is gone, its replies stay.' }),
};

export const Reply = Identified.extend(entryFields).meta({ id: 'Reply' });
export type Reply = z.output<typeof Reply>;

/** `post` is the post's slug; a comment left without naming a post has an empty one. */
export const Comment = Identified.extend({
  post: z.string(),
  ...entryFields,
  replies: z.array(Reply),
}).meta({ id: 'Comment' });
export type Comment = z.output<typeof Comment>;
