import { client } from '../../lib/api-client';
import type { BlogPost, Comment, NewComment, NewReply, Reply } from '../../domain/contract';

export async function getBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return (await client.get<BlogPost>(`/api/comments/get-comment/${encodeURIComponent(slug)}`, { signal })).data;
}

export async function listComments(post?: string, signal?: AbortSignal): Promise<Comment[]> {
  return (await client.get<Comment[]>('/api/comments/get-comment', { params: post ? { post } : undefined, signal })).data;
}

export async function postComment(body: NewComment): Promise<Comment> {
  return (await client.post<Comment>('/api/comments/get-comment', body)).data;
}

export async function postReply(commentId: string, body: NewReply): Promise<Reply> {
  return (await client.post<Reply>(`/api/comments/get-reply/${encodeURIComponent(commentId)}`, body)).data;
}

/** Answers the comment (with its replies) or the reply, reading `[deleted]` from now on. */
export async function deleteComment(id: string): Promise<Comment | Reply> {
  return (await client.delete<Comment | Reply>(`/api/comments/${encodeURIComponent(id)}`)).data;
}
