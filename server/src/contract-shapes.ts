import type { Account, BlogPost, Comment, OwnerCar, Reply } from '../../src/domain/contract';
import type { accounts, blogPosts, cars, comments } from './db/schema';

/** Rows to the contract's shapes: the only place that decides what a client may see of a row. */

export type AccountRow = typeof accounts.$inferSelect;
export type CarRow = typeof cars.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

export function toAccount(row: AccountRow): Account {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    ...(row.phoneNumber === null ? {} : { phoneNumber: row.phoneNumber }),
    ...(row.country === null ? {} : { country: row.country }),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOwnerCar(row: CarRow): OwnerCar {
  return {
    _id: row.id,
    id: row.id,
    url: row.imgUrl,
    carname: row.carName,
    description: row.description,
    price: row.price,
    ownerId: row.ownerId ?? '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    date: row.date,
    time: row.time,
    imgUrl: row.imgUrl,
    description: row.description,
    quote: row.quote,
  };
}

export function toReply(row: CommentRow): Reply {
  return { _id: row.id, id: row.id, author: row.author, date: row.createdAt.toISOString(), content: row.content };
}

/** `post` is the post's slug; a comment left without naming a post has an empty one. */
export function toComment(row: CommentRow, postSlug: string | null, replies: CommentRow[]): Comment {
  return {
    _id: row.id,
    id: row.id,
    post: postSlug ?? '',
    author: row.author,
    date: row.createdAt.toISOString(),
    content: row.content,
    replies: replies.map(toReply),
  };
}
