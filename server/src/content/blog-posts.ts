import { eq } from 'drizzle-orm';
import { slugify } from '#domain/slug';
import type { Database } from '../db/client';
import { type BlogPostRow, blogPosts } from '../db/schema';
import { HttpError } from '../http/errors';
import { t } from '../i18n';

export const UNKNOWN_POST = 'server.blogPosts.unknownPost';

/** A post named by its title (as the app links it) or its slug, in any letter case; 404 when there is none. */
export async function findPost(db: Database, name: string): Promise<BlogPostRow> {
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.slug, slugify(name)))
    .limit(1);
  if (!post) throw new HttpError(404, t(UNKNOWN_POST));
  return post;
}
