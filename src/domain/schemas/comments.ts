import { z } from 'zod';
import { pageParams } from './answers';
import { author, commentContent, id, Identified, isoInstant } from './fields';

/** Longer than any title the app links to; a longer name cannot be a post. */
const POST_NAME_MAX = 300;
/** A post named by its title (as the app links it) or its slug, in any letter case. */
const postName = z.string().trim().min(1).max(POST_NAME_MAX);

export const BlogPostParams = z.object({ slug: postName });

/** `GET /api/comments/get-comment`: every comment, or one post's; one page of them when `page` is sent. */
export const CommentsQuery = z.object({ post: postName.optional(), ...pageParams });

export const NewComment = z.object({ content: commentContent, author, post: postName.optional() });
export type NewComment = z.input<typeof NewComment>;

export const CommentIdParams = z.object({ commentId: id });

export const NewReply = z.object({ content: commentContent, author });
export type NewReply = z.input<typeof NewReply>;

export const Reply = Identified.extend({ author: z.string(), date: isoInstant, content: z.string() }).meta({ id: 'Reply' });
export type Reply = z.output<typeof Reply>;

/** `post` is the post's slug; a comment left without naming a post has an empty one. */
export const Comment = Identified.extend({
  post: z.string(),
  author: z.string(),
  date: isoInstant,
  content: z.string(),
  replies: z.array(Reply),
}).meta({ id: 'Comment' });
export type Comment = z.output<typeof Comment>;
