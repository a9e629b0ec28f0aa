import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { blogPosts, type BlogPostData } from '../../data/blogs';
import type { NewComment, NewReply } from '../../domain/schemas/comments';
import { slugify } from '../../domain/slug';
import { blogKeys } from '../../entities/blog/keys';
import { statusOf } from '../../lib/api-error';
import { deleteComment, getBlogPost, listComments, postComment, postReply } from './api';

export type PostView = Pick<BlogPostData, 'title' | 'author' | 'date' | 'time' | 'imgUrl' | 'description' | 'quote'> & {
  slug: string;
};

function savedPost(title: string): PostView | undefined {
  const slug = slugify(title);
  const post = blogPosts.find((candidate) => slugify(candidate.title) === slug);
  return post ? { ...post, slug } : undefined;
}

/**
 * The post as the server has it; when the server cannot give it (but does not say there is no
 * such post), the copy saved in the app, marked `offline`.
 */
export function useBlogPost(title: string) {
  const saved = savedPost(title);
  return useQuery({
    queryKey: blogKeys.post(title),
    queryFn: async ({ signal }): Promise<{ post: PostView; offline: boolean }> => {
      try {
        return { post: await getBlogPost(title, signal), offline: false };
      } catch (failure) {
        if (statusOf(failure) === 404 || !saved) throw failure;
        return { post: saved, offline: true };
      }
    },
    // The saved copy is shown while the server's loads, so a post's text is on its first screen and in its prerendered page.
    placeholderData: saved ? { post: saved, offline: false } : undefined,
  });
}

export function useComments(slug: string) {
  return useQuery({ queryKey: blogKeys.comments(slug), queryFn: ({ signal }) => listComments(slug, signal) });
}

/** A comment or a reply changes the comments: the list is loaded again before the form says it is done. */
export function usePostComment() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form checked the body with the contract's NewComment.
    mutationFn: (body: NewComment) => postComment(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.allComments }),
  });
}

export function usePostReply(commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The form checked the body with the contract's NewReply.
    mutationFn: (body: NewReply) => postReply(commentId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.allComments }),
  });
}

export function useDeleteComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteComment(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.allComments }),
  });
}
