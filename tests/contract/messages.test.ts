import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deleteComment, getBlogPost, listComments, postComment, postReply } from '../../src/features/blog/api';
import { latestReviews, sendContactMessage, subscribeNewsletter } from '../../src/features/marketing/api';
import { blogPosts } from '../../src/data/blogs';
import { BlogPost, Comment, DELETED_CONTENT, LatestReviews, MessageAnswer, Reply } from '../../src/domain/contract';
import { uuid } from '../mocks/answers';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const live = startLiveServer();

describe('blog posts and comments, against the real server', () => {
  it('finds a post by its title or its slug in any letter case, and says so for no post', async () => {
    const [first] = blogPosts;
    const post = conforms(BlogPost, await getBlogPost(first.title));
    expect(post).toMatchObject({
      title: first.title,
      author: first.author,
      quote: first.quote,
      slug: 'the-best-way-to-drive-cars',
    });
    expect(await getBlogPost(post.slug.toUpperCase())).toEqual(post);
    await expect(getBlogPost('No such post')).rejects.toMatchObject({ status: 404, message: serverSays.noSuchPost });
  });

  it("posts a comment and a reply under the account's username, and lists them together", async () => {
    const title = blogPosts[1].title;
    const { slug } = await getBlogPost(title);
    live.browser('visitor');
    await expect(postComment({ content: 'Lovely post', post: title })).rejects.toMatchObject({
      status: 401,
      message: serverSays.notSignedIn,
    });

    live.browser('reader');
    const reader = await signUpAndIn('user');
    const comment = conforms(Comment, await postComment({ content: 'Three seconds is the rule.', post: title }));
    expect(comment).toMatchObject({ post: slug, author: reader.username, content: 'Three seconds is the rule.', replies: [] });
    const reply = conforms(Reply, await postReply(comment.id, { content: 'Once a fortnight.' }));
    expect(reply).toMatchObject({ author: reader.username, content: 'Once a fortnight.' });
    // The app sends each write with a key of its own, and its forms send once until answered: the same
    // words sent again are a new comment, meant (a retry of one request, with its key, is answered from
    // the key: server/tests/idempotency.test.ts). Only a client sending no key is refused a repeat.
    const again = conforms(Comment, await postComment({ content: 'Three seconds is the rule.', post: title }));
    expect(again.id).not.toBe(comment.id);

    const listed = conforms(z.array(Comment), await listComments(slug));
    expect(listed).toHaveLength(2);
    expect(listed).toContainEqual({ ...comment, replies: [reply] });
    expect(listed).toContainEqual(again);
  });

  it("deletes the author's own comment, keeping its reply, and refuses someone else's in the words the app shows", async () => {
    const title = blogPosts[2].title;
    live.browser('writer');
    await signUpAndIn('user');
    const comment = await postComment({ content: 'Regret this one.', post: title });
    live.browser('replier');
    await signUpAndIn('owner');
    const reply = await postReply(comment.id, { content: 'Noted.' });
    await expect(deleteComment(comment.id)).rejects.toMatchObject({ status: 403, message: serverSays.notYourComment });

    live.browser('writer');
    const deleted = conforms(Comment, await deleteComment(comment.id));
    expect(deleted).toEqual({ ...comment, content: DELETED_CONTENT, deleted: true, replies: [reply] });
    await expect(deleteComment(uuid(999))).rejects.toMatchObject({ status: 404, message: serverSays.noSuchComment });
  });

  it('refuses an empty comment or reply and a reply to no comment, in the words the app shows', async () => {
    live.browser('reader');
    await signUpAndIn('user');
    await expect(postComment({ content: '   ', post: blogPosts[0].title })).rejects.toMatchObject({
      status: 400,
      message: serverSays.emptyComment,
    });
    await expect(postReply(uuid(999), { content: '   ' })).rejects.toMatchObject({
      status: 400,
      message: serverSays.emptyReply,
    });
    await expect(postReply(uuid(999), { content: 'Hello?' })).rejects.toMatchObject({
      status: 404,
      message: serverSays.noSuchComment,
    });
  });
});

describe('contact and newsletter, against the real server', () => {
  it('thanks for a message, and after five in an hour asks to wait', async () => {
    const message = { name: 'Asha', email: 'asha@example.com', message: 'Do you have seven-seaters in Pune?' };
    await expect(sendContactMessage({ ...message, email: 'not-an-email' })).rejects.toMatchObject({
      status: 400,
      message: serverSays.notAnEmail,
    });
    for (let sent = 1; sent <= 5; sent += 1) {
      expect(conforms(MessageAnswer, await sendContactMessage(message))).toEqual({ message: serverSays.contactThanks });
    }
    await expect(sendContactMessage(message)).rejects.toMatchObject({ status: 429, message: serverSays.tooManyMessages });
  });

  it('thanks for a newsletter sign-up, again for the same email, and refuses a bad one', async () => {
    for (const email of ['asha@example.com', 'ASHA@example.com']) {
      expect(conforms(MessageAnswer, await subscribeNewsletter({ email }))).toEqual({ message: serverSays.subscribed });
    }
    await expect(subscribeNewsletter({ email: 'asha' })).rejects.toMatchObject({ status: 400, message: serverSays.notAnEmail });
  });
});

describe("the home page's reviews, against the real server", () => {
  it('answers none on a site where nobody has reviewed a trip yet', async () => {
    expect(conforms(LatestReviews, await latestReviews())).toEqual([]);
  });
});
