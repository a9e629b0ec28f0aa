/** A post, and its comments under one root: a comment, a reply or an admin's removal makes every post's comments stale. */
export const blogKeys = {
  post: (title: string) => ['blog', 'post', title] as const,
  allComments: ['blog', 'comments'] as const,
  comments: (slug: string) => ['blog', 'comments', slug] as const,
};
