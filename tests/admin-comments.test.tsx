import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ADMIN_PAGE_SIZE, AdminReason, REMOVED_CONTENT, type AdminContent } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, paged, swift } from './mocks/answers';
import { adminContent, ashaComment, ashaReview, consoleContent } from './mocks/admin-answers';
import { fail, type Call } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const REASON_REQUIRED = 'Reason is required: say why, in 1 to 500 characters.';

/** The console's comments and reviews, paged and filtered by kind as the server pages them. */
function serveContent(entries: AdminContent[]) {
  return serve('GET /api/admin/comments', ({ query }) => {
    const matching = query.kind ? entries.filter((entry) => entry.kind === query.kind) : entries;
    return paged(matching, Number(query.page ?? 1), ADMIN_PAGE_SIZE);
  });
}

/** The entries as the server keeps them, removed as it removes them: the reason is required, the text is gone. */
function serveRemovals() {
  let entries = consoleContent;
  const remove = ({ params, body }: Call) => {
    AdminReason.parse(body);
    entries = entries.map((entry) =>
      entry.id === params.id ? { ...entry, state: 'removed' as const, text: REMOVED_CONTENT, rating: null } : entry,
    );
    return entries.find((entry) => entry.id === params.id) ?? fail(404, serverSays.noCommentOrReply);
  };
  serve('GET /api/admin/comments', () => paged(entries, 1, ADMIN_PAGE_SIZE));
  return {
    comments: serve('DELETE /api/admin/comments/:id', remove),
    reviews: serve('DELETE /api/admin/reviews/:id', remove),
  };
}

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

describe('the comments and reviews list', () => {
  it('shows each one with its author, text, stars, what it was left on, and whether it is shown', async () => {
    session(admin);
    const calls = serveContent(consoleContent);
    renderRoute('/admin/comments');

    expect(await screen.findByRole('heading', { level: 1, name: 'Comments and reviews (4)' })).toBeInTheDocument();
    expect(calls[0]?.query).toEqual({});
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Kind',
      'Author',
      'Text',
      'On',
      'Written',
      'State',
      'Action',
    ]);
    expect(
      within(rowOf('Do I need an international licence'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Comment',
      'asha',
      'Do I need an international licence?',
      'If you are renting a car',
      'Feb 03 2026 10:30',
      'Shown',
      'Remove',
    ]);
    expect(
      within(rowOf('Do I need an international licence')).getByRole('link', { name: 'If you are renting a car' }),
    ).toHaveAttribute('href', '/blogs/If%20you%20are%20renting%20a%20car');

    const review = within(rowOf('Clean car'));
    expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(review.getByRole('link', { name: 'Maruti Swift' })).toHaveAttribute('href', `/cars/${swift.id}`);
    expect(review.getByText('Review')).toBeInTheDocument();

    expect(within(rowOf('Yes: bring it with your own')).getByText('Reply')).toBeInTheDocument();
    const removed = within(rowOf('spammer'));
    expect(removed.getByText('Removed by an admin')).toBeInTheDocument();
    expect(removed.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Comments and reviews'));
  });

  it('puts the search and the filters in the address and the request', async () => {
    session(admin);
    const calls = serveContent(consoleContent);
    const { user, router } = renderRoute('/admin/comments');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Kind' }), 'Review');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=review'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Comments and reviews (1)' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Text or author' }), 'asha{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Shown');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=review&q=asha&state=shown'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'asha', kind: 'review', state: 'shown' }));
  });

  it('pages past 50 entries, from the page in the address', async () => {
    session(admin);
    const many = Array.from({ length: 51 }, (_, n) => adminContent(3000 + n, { text: `Comment number ${n + 1}` }));
    const calls = serveContent(many);
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    onTestFinished(() => scrolled.mockRestore());
    renderRoute('/admin/comments?page=2');

    expect(await screen.findByText('Comment number 51')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ page: '2' });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('navigation', { name: 'Comments and reviews pages' })).toHaveTextContent('51–51 of 51');
  });
});

describe('removing a comment or a review', () => {
  it('asks first, naming the author and the post, sends the required reason to the comment address, and shows it removed', async () => {
    session(admin);
    const { comments, reviews } = serveRemovals();
    const { user } = renderRoute('/admin/comments');

    await user.click(
      await screen.findByRole('button', { name: "Remove comment by asha on 'If you are renting a car', Feb 03 2026 10:30" }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Remove this comment by asha on 'If you are renting a car'?" });
    expect(dialog).toHaveTextContent('Do I need an international licence?');
    expect(dialog).toHaveTextContent(
      `It reads "${REMOVED_CONTENT}" wherever it is shown and takes no more replies; its replies stay.`,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Remove comment' }));
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(comments).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam link.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove comment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ params: { id: ashaComment.id }, body: { reason: 'Spam link.' } });
    expect(reviews).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent("The comment by asha on 'If you are renting a car' is removed.");
    const row = within(rowOf('Feb 03 2026 10:30'));
    expect(row.getByText(REMOVED_CONTENT)).toBeInTheDocument();
    expect(row.getByText('Removed by an admin')).toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
  });

  it("sends a review's removal to the review address, naming the car", async () => {
    session(admin);
    const { comments, reviews } = serveRemovals();
    const { user } = renderRoute('/admin/comments');

    await user.click(await screen.findByRole('button', { name: 'Remove review by asha of the Maruti Swift, Feb 04 2026 10:30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this review by asha of the Maruti Swift?' });
    expect(dialog).toHaveTextContent("its stars no longer count in the car's rating");
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Abusive language.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove review' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('The review by asha of the Maruti Swift is removed.'),
    );
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ params: { id: ashaReview.id }, body: { reason: 'Abusive language.' } });
    expect(comments).toHaveLength(0);
  });

  it("shows the server's refusal inside the dialog, with the reason still there", async () => {
    session(admin);
    serveContent(consoleContent);
    serve('DELETE /api/admin/comments/:id', fail(404, serverSays.noCommentOrReply));
    const { user } = renderRoute('/admin/comments');

    await user.click(
      await screen.findByRole('button', {
        name: "Remove reply by WheelsOnWeb Support on 'If you are renting a car', Feb 02 2026 10:30",
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: "Remove this reply by WheelsOnWeb Support on 'If you are renting a car'?",
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Speaks for the platform.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove reply' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverSays.noCommentOrReply);
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Speaks for the platform.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
