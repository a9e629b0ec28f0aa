import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comment, Reply } from '../src/domain/contract';
import { DELETED_CONTENT, NewComment, NewReply, REMOVED_CONTENT } from '../src/domain/contract';
import { blogPosts } from '../src/data/blogs';
import { renderRoute } from './render';
import { admin, asha, comment, posts, reply } from './mocks/answers';
import { fail, unreachable } from './mocks/routes';
import { acceptSignIn, serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const FIRST_POST = blogPosts[0];
const FIRST_POST_PATH = `/blogs/${encodeURIComponent(FIRST_POST.title)}`;
const SLUG = posts[0].slug;

const aaravs = comment(401, {
  post: SLUG,
  author: 'Aarav Sharma',
  date: '2026-01-10T09:30:00.000Z',
  content: 'The three-second gap tip changed how I drive on the expressway.',
  replies: [reply(402, { author: 'Muhib', date: '2026-01-10T11:00:00.000Z', content: 'Glad it helped, safe travels!' })],
});
const priyas = comment(403, {
  post: SLUG,
  author: 'Priya Nair',
  date: '2026-01-11T16:45:00.000Z',
  content: 'How often should I check the tyre pressure in summer?',
});

const ashas = comment(404, {
  post: SLUG,
  author: asha.username,
  date: '2026-01-11T18:00:00.000Z',
  content: 'Is the Ooty road open in the monsoon?',
  replies: [
    reply(405, { author: 'Priya Nair', date: '2026-01-11T18:30:00.000Z', content: 'It was last week.' }),
    reply(406, { author: asha.username, date: '2026-01-11T19:00:00.000Z', content: 'Thanks, booking for Friday then.' }),
  ],
});

/**
 * The first post and its comments, as the server would keep them for this test: what the app
 * posts is added under the signed-in reader's (asha's) username, whatever name it sends, and what
 * it deletes reads "[deleted]". Returns the calls that posted a comment and that deleted one.
 */
function servePostWithComments(initial: Comment[] = [aaravs, priyas]) {
  let comments = initial;
  let lastId = 500;
  const nextId = () => {
    lastId += 1;
    return lastId;
  };
  const date = '2026-01-12T10:00:00.000Z';
  serve('GET /api/comments/get-comment/:slug', posts[0]);
  serve('GET /api/comments/get-comment', () => comments);
  serve('POST /api/comments/get-reply/:commentId', ({ body, params }) => {
    const sent = NewReply.parse(body);
    const added = reply(nextId(), { author: asha.username, content: sent.content, date });
    comments = comments.map((c) => (c.id === params.commentId ? { ...c, replies: [...c.replies, added] } : c));
    return added;
  });
  const deletions = serve('DELETE /api/comments/:id', ({ params }) => {
    const deleted = <T extends Reply>(entry: T): T =>
      entry.id === params.id ? { ...entry, content: DELETED_CONTENT, deleted: true } : entry;
    comments = comments.map((c) => ({ ...deleted(c), replies: c.replies.map(deleted) }));
    return (
      comments.find((c) => c.id === params.id) ??
      comments.flatMap((c) => c.replies).find((r) => r.id === params.id) ??
      fail(404, serverSays.noSuchComment)
    );
  });
  const posted = serve('POST /api/comments/get-comment', ({ body }) => {
    const sent = NewComment.parse(body);
    const added = comment(nextId(), { post: SLUG, author: asha.username, content: sent.content, date });
    comments = [...comments, added];
    return added;
  });
  return { posted, deletions };
}

function commentsSection(): HTMLElement {
  return screen.getByRole('heading', { name: 'Comments' }).closest('section')!;
}

describe('blog post page', () => {
  it('shows the post with its author, date, time and quote, and the recent posts', async () => {
    servePostWithComments();
    renderRoute(FIRST_POST_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: FIRST_POST.title })).toBeInTheDocument();
    expect(screen.getByText(`By ${FIRST_POST.author} · ${FIRST_POST.date} · ${FIRST_POST.time}`)).toBeInTheDocument();
    expect(screen.getByText(FIRST_POST.description)).toBeInTheDocument();
    expect(screen.getByText(FIRST_POST.quote)).toBeInTheDocument();
    const recent = screen.getByRole('complementary', { name: 'Recent Posts' });
    for (const post of blogPosts) {
      expect(within(recent).getByRole('link', { name: post.title })).toHaveAttribute(
        'href',
        `/blogs/${encodeURIComponent(post.title)}`,
      );
    }
    await waitFor(() => expect(document.title).toBe(`WheelsOnWeb - ${FIRST_POST.title}`));
  });

  it('lists the post’s comments with their replies', async () => {
    servePostWithComments();
    renderRoute(FIRST_POST_PATH);
    const comments = await waitFor(() => commentsSection());
    await within(comments).findByText('The three-second gap tip changed how I drive on the expressway.');
    expect(within(comments).getByText('Aarav Sharma')).toBeInTheDocument();
    expect(within(comments).getByText('Jan 10 2026 15:00')).toBeInTheDocument();
    const replies = within(comments).getByRole('list', { name: 'Replies to Aarav Sharma' });
    expect(within(replies).getByText('Glad it helped, safe travels!')).toBeInTheDocument();
    expect(within(comments).getByText('How often should I check the tyre pressure in summer?')).toBeInTheDocument();
  });

  it('offers a signed-out visitor only a way to sign in, with nothing to fill in', async () => {
    servePostWithComments();
    renderRoute(FIRST_POST_PATH);
    const signIn = await screen.findByRole('link', { name: 'Sign in to comment' });
    expect(signIn).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form', { name: 'Leave a Comment' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Comment')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Commenting as/)).not.toBeInTheDocument();
    expect(within(commentsSection()).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('tells a signed-out visitor who opens Reply to sign in', async () => {
    servePostWithComments();
    const { user } = renderRoute(FIRST_POST_PATH);
    await within(await waitFor(() => commentsSection())).findByText('Aarav Sharma');
    await user.click(within(commentsSection()).getAllByRole('button', { name: /^Reply/ })[0]);
    expect(screen.getByText('You must sign in to reply.')).toBeInTheDocument();
  });

  it('comes back to the post from signing in to comment, with the form to write in', async () => {
    servePostWithComments();
    acceptSignIn(session(null), 'POST /carsSchema', asha);
    const { router, user } = renderRoute(FIRST_POST_PATH);
    await user.click(await screen.findByRole('link', { name: 'Sign in to comment' }));
    expect(await screen.findByRole('tab', { name: 'User' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(FIRST_POST_PATH));
    const form = await screen.findByRole('form', { name: 'Leave a Comment' });
    expect(within(form).getByText('Commenting as asha')).toBeInTheDocument();
    expect(within(form).getByLabelText('Comment')).toHaveValue('');
  });

  it('posts a signed-in reader’s comment under their username, which the form names instead of asking', async () => {
    session(asha);
    const { posted } = servePostWithComments();
    const { user } = renderRoute(FIRST_POST_PATH);
    await within(await waitFor(() => commentsSection())).findByText('Aarav Sharma');
    const form = screen.getByRole('form', { name: 'Leave a Comment' });
    expect(await within(form).findByText('Commenting as asha')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Email')).not.toBeInTheDocument();
    expect(within(form).queryByText(/You must sign in/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveAccessibleDescription('2,000 characters left');
    await user.type(screen.getByLabelText('Comment'), 'Three seconds is the rule I teach my kids.');
    expect(screen.getByLabelText('Comment')).toHaveAccessibleDescription('1,958 characters left');
    await user.click(screen.getByRole('button', { name: 'Post a Comment' }));

    const shown = await within(commentsSection()).findByText('Three seconds is the rule I teach my kids.');
    expect(shown.closest('li')).toHaveTextContent(/^asha/);
    expect(screen.getByLabelText('Comment')).toHaveValue('');
    expect(screen.getByLabelText('Comment')).toHaveAccessibleDescription('2,000 characters left');
    expect(posted.map((call) => call.body)).toEqual([
      { content: 'Three seconds is the rule I teach my kids.', post: 'the-best-way-to-drive-cars' },
    ]);
  });

  it('shows markup in a comment as the text that was typed', async () => {
    session(asha);
    servePostWithComments();
    const { user } = renderRoute(FIRST_POST_PATH);
    await within(await waitFor(() => commentsSection())).findByText('Aarav Sharma');
    const markup = '<img src=x onerror="alert(1)"><b>bold</b>';
    await user.click(screen.getByLabelText('Comment'));
    await user.paste(markup);
    await user.click(screen.getByRole('button', { name: 'Post a Comment' }));

    expect(await within(commentsSection()).findByText(markup)).toBeInTheDocument();
    expect(commentsSection().querySelector('img, b')).toBeNull();
  });

  it('replies in place under a comment and shows the reply', async () => {
    session(asha);
    servePostWithComments();
    const { user } = renderRoute(FIRST_POST_PATH);
    const comments = await waitFor(() => commentsSection());
    await within(comments).findByText('Priya Nair');
    await user.click(within(comments).getByRole('button', { name: 'Reply to Priya Nair' }));
    expect(within(comments).getByRole('form', { name: 'Reply to Priya Nair' })).toHaveTextContent('Commenting as asha');
    await user.type(within(comments).getByLabelText('Your reply to Priya Nair'), 'Once a fortnight, and before long trips.');
    await user.click(within(comments).getByRole('button', { name: 'Post Reply' }));

    const replies = await within(comments).findByRole('list', { name: 'Replies to Priya Nair' });
    expect(within(replies).getByText('Once a fortnight, and before long trips.')).toBeInTheDocument();
    expect(within(replies).getByText('asha')).toBeInTheDocument();
    expect(within(comments).queryByLabelText('Your reply to Priya Nair')).not.toBeInTheDocument();
  });

  it('says when a comment or a reply could not be posted and keeps what was typed', async () => {
    session(asha);
    servePostWithComments();
    serve('POST /api/comments/get-comment', fail(500, serverSays.serverFault));
    serve('POST /api/comments/get-reply/:commentId', fail(400, serverSays.emptyReply));
    const { user } = renderRoute(FIRST_POST_PATH);
    const comments = await waitFor(() => commentsSection());
    await within(comments).findByText('Priya Nair');

    await user.type(screen.getByLabelText('Comment'), 'Will this stay?');
    await user.click(screen.getByRole('button', { name: 'Post a Comment' }));
    expect(await screen.findByText(serverSays.serverFault)).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveValue('Will this stay?');

    await user.click(within(comments).getByRole('button', { name: 'Reply to Priya Nair' }));
    await user.type(within(comments).getByLabelText('Your reply to Priya Nair'), 'My reply');
    await user.click(within(comments).getByRole('button', { name: 'Post Reply' }));
    expect(await within(comments).findByText(serverSays.emptyReply)).toBeInTheDocument();
    expect(within(comments).getByLabelText('Your reply to Priya Nair')).toHaveValue('My reply');
  });

  it('says the comment or reply was posted a moment ago when the server refuses it as a repeat', async () => {
    session(asha);
    servePostWithComments();
    serve('POST /api/comments/get-comment', fail(409, serverSays.repeatedComment));
    serve('POST /api/comments/get-reply/:commentId', fail(409, serverSays.repeatedComment));
    const { user } = renderRoute(FIRST_POST_PATH);
    const comments = await waitFor(() => commentsSection());
    await within(comments).findByText('Priya Nair');

    await user.type(screen.getByLabelText('Comment'), 'Said it already');
    await user.click(screen.getByRole('button', { name: 'Post a Comment' }));
    const form = screen.getByRole('form', { name: 'Leave a Comment' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(serverSays.repeatedComment);

    await user.click(within(comments).getByRole('button', { name: 'Reply to Priya Nair' }));
    await user.type(within(comments).getByLabelText('Your reply to Priya Nair'), 'Replied already');
    await user.click(within(comments).getByRole('button', { name: 'Post Reply' }));
    expect(await within(comments).findByText(serverSays.repeatedComment)).toBeInTheDocument();
  });

  it('shows the saved copy of the post when the server cannot be reached, and retries the comments', async () => {
    servePostWithComments();
    serve('GET /api/comments/get-comment/:slug', unreachable);
    serve('GET /api/comments/get-comment', unreachable, { once: true });
    const { user } = renderRoute(FIRST_POST_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: FIRST_POST.title })).toBeInTheDocument();
    // The saved copy shows at once; the note comes when the server turns out to be away.
    expect(await screen.findByText(/this is the copy of the post saved in the app/)).toBeInTheDocument();
    const alert = await within(commentsSection()).findByRole('alert');
    expect(alert).toHaveTextContent('The comments could not be loaded.');

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(commentsSection()).findByText('Aarav Sharma')).toBeInTheDocument();
  });

  it('says so when no post has that title', async () => {
    serve('GET /api/comments/get-comment/:slug', fail(404, serverSays.noSuchPost));
    renderRoute('/blogs/No%20such%20post');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all blog posts' })).toHaveAttribute('href', '/layout/blogs');
  });
});

describe('deleting a comment', () => {
  /** The list item of the comment or reply whose text this is. */
  async function entry(text: string): Promise<HTMLElement> {
    return (await within(await waitFor(() => commentsSection())).findByText(text)).closest('li')!;
  }

  it('offers Delete on the reader’s own comments and replies only', async () => {
    session(asha);
    servePostWithComments([aaravs, ashas]);
    renderRoute(FIRST_POST_PATH);
    const comments = await waitFor(() => commentsSection());
    await within(comments).findByText(ashas.content);
    expect(
      within(comments)
        .getAllByRole('button', { name: /^Delete/ })
        .map((button) => button.textContent),
    ).toEqual(['Delete comment by asha', 'Delete reply by asha']);
  });

  it('asks first, naming the comment, and sends nothing when cancelled', async () => {
    session(asha);
    const { deletions } = servePostWithComments([aaravs, ashas]);
    const { user } = renderRoute(FIRST_POST_PATH);
    const mine = await entry(ashas.content);
    await user.click(within(mine).getByRole('button', { name: 'Delete comment by asha' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(dialog).toHaveTextContent(ashas.content);
    expect(dialog).toHaveTextContent('Its text will read “[deleted]” for everyone; its replies stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletions).toEqual([]);
    expect(within(mine).getByText(ashas.content)).toBeInTheDocument();
  });

  it('deletes the reader’s comment once confirmed: it reads [deleted], says so and keeps its replies', async () => {
    session(asha);
    const { deletions } = servePostWithComments([aaravs, ashas]);
    const { user } = renderRoute(FIRST_POST_PATH);
    const mine = await entry(ashas.content);
    await user.click(within(mine).getByRole('button', { name: 'Delete comment by asha' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete comment' }));

    expect(await within(mine).findByRole('status')).toHaveTextContent('Comment deleted.');
    expect(deletions.map((call) => call.params.id)).toEqual([ashas.id]);
    expect(within(mine).queryByText(ashas.content)).not.toBeInTheDocument();
    expect(within(mine).getAllByText(DELETED_CONTENT)).toHaveLength(1);
    const replies = within(mine).getByRole('list', { name: 'Replies to asha' });
    for (const kept of ashas.replies) expect(within(replies).getByText(kept.content)).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Delete comment by asha' })).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Reply to asha' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes the reader’s reply and leaves the comment and the other reply', async () => {
    session(asha);
    servePostWithComments([aaravs, ashas]);
    const { user } = renderRoute(FIRST_POST_PATH);
    const [others, own] = ashas.replies;
    const mine = await entry(own!.content);
    await user.click(within(mine).getByRole('button', { name: 'Delete reply by asha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this reply?' });
    expect(dialog).toHaveTextContent('Its text will read “[deleted]” for everyone. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete reply' }));

    expect(await within(mine).findByRole('status')).toHaveTextContent('Reply deleted.');
    expect(within(mine).getByText(DELETED_CONTENT)).toBeInTheDocument();
    expect(within(commentsSection()).getByText(ashas.content)).toBeInTheDocument();
    expect(within(commentsSection()).getByText(others!.content)).toBeInTheDocument();
  });

  it('offers an admin no Delete on someone else’s comment: the console removes it, with a reason', async () => {
    session(admin);
    servePostWithComments();
    renderRoute(FIRST_POST_PATH);
    await entry(aaravs.content);
    expect(within(commentsSection()).queryAllByRole('button', { name: /^Delete/ })).toHaveLength(0);
  });

  it.each([
    ['its author', asha],
    ['an admin', admin],
  ])(
    'shows a comment an admin removed as removed, with its replies, and offers %s neither Delete nor Reply on it',
    async (_, who) => {
      session(who);
      const removed = { ...ashas, content: REMOVED_CONTENT, deleted: true };
      servePostWithComments([aaravs, removed]);
      renderRoute(FIRST_POST_PATH);
      const item = await entry(REMOVED_CONTENT);
      expect(within(item).getByText(REMOVED_CONTENT)).toHaveClass('fst-italic');
      expect(within(item).queryByRole('button', { name: 'Delete comment by asha' })).not.toBeInTheDocument();
      expect(within(item).queryByRole('button', { name: 'Reply to asha' })).not.toBeInTheDocument();
      const replies = within(item).getByRole('list', { name: 'Replies to asha' });
      for (const kept of ashas.replies) expect(within(replies).getByText(kept.content)).toBeInTheDocument();
    },
  );

  it('says beside the comment why it was not deleted, and keeps its text', async () => {
    session(asha);
    servePostWithComments([aaravs, ashas]);
    serve('DELETE /api/comments/:id', fail(403, serverSays.notYourComment));
    const { user } = renderRoute(FIRST_POST_PATH);
    const mine = await entry(ashas.content);
    await user.click(within(mine).getByRole('button', { name: 'Delete comment by asha' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete comment' }));

    expect(await within(mine).findByRole('alert')).toHaveTextContent(serverSays.notYourComment);
    expect(within(mine).getByText(ashas.content)).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete comment by asha' })).toBeInTheDocument();
  });
});
