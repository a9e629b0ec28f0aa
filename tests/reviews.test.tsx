import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Account, REMOVED_CONTENT, type Review } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, asha, creta, fleetCar, listed, paged, ravi, uuid } from './mocks/answers';
import { fail } from './mocks/routes';
import { recordAllRequests, serve, session } from './mocks/serve';

const nexon = fleetCar('Tata Nexon EV');
const meera: Account = { ...ravi, _id: uuid(4), id: uuid(4), username: 'meera', email: 'meera@example.com' };

/** The `n`th review, newest first: renter{n}'s, written `n` hours before a fixed instant. */
function review(n: number, fields: Partial<Review> = {}): Review {
  return {
    _id: uuid(800 + n),
    id: uuid(800 + n),
    rating: (n % 5) + 1,
    comment: `Comment number ${n}.`,
    author: `renter${n}`,
    createdAt: new Date(Date.UTC(2026, 9, 1, 12) - n * 3600 * 1000).toISOString(),
    ...fields,
  };
}

/** `GET /api/cars/{car}/reviews` answers these reviews, a page at a time as asked; returns its calls. */
function serveReviews(reviews: Review[]) {
  return serve('GET /api/cars/:carName/reviews', ({ query }) =>
    paged(reviews, Number(query.page ?? 1), Number(query.pageSize ?? 24)),
  );
}

function reviewList(): HTMLElement {
  return screen.getByRole('list', { name: 'Reviews' });
}

describe('reviews on the car page', () => {
  it('shows the average, the count and the reviews newest first with the owner’s reply; Load more adds the next page', async () => {
    const reviews = Array.from({ length: 26 }, (_, n) =>
      review(n, n === 0 ? { reply: { content: 'Thank you, drive with us again!', createdAt: '2026-10-02T09:00:00.000Z' } } : {}),
    );
    const pages = serveReviews(reviews);
    serve('GET /api/cars/:carName', { ...nexon, ratingAverage: 4.3, ratingCount: 26 });
    const { user } = renderRoute('/cars/Tata%20Nexon%20EV');

    expect(await screen.findByRole('img', { name: 'Rated 4.3 out of 5 stars, 26 ratings' })).toBeInTheDocument();
    expect(screen.getByText('4.3')).toBeInTheDocument();
    const items = within(reviewList()).getAllByRole('listitem');
    expect(items).toHaveLength(24);
    expect(items[0]).toHaveTextContent('renter0');
    expect(items[0]).toHaveTextContent('Comment number 0.');
    expect(within(items[0]!).getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Reply from the owner');
    expect(items[0]).toHaveTextContent('Thank you, drive with us again!');
    expect(items[1]).toHaveTextContent('renter1');
    expect(items[1]).not.toHaveTextContent('Reply from the owner');
    // Signed out: nobody is offered a reply form.
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await waitFor(() => expect(within(reviewList()).getAllByRole('listitem')).toHaveLength(26));
    expect(within(reviewList()).getAllByRole('listitem')[25]).toHaveTextContent('renter25');
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).not.toBeInTheDocument();
    expect(pages.map((call) => call.query.page)).toEqual(['1', '2']);
    expect(pages[0]?.params).toEqual({ carName: 'Tata Nexon EV' });
  });

  it('shows a fleet car without reviews as New, with no stars and no count, and asks for no average', async () => {
    const asked = recordAllRequests();
    renderRoute('/cars/Tata%20Nexon%20EV');
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.queryByTestId('stars')).not.toBeInTheDocument();
    expect(screen.queryByText(/ratings?\)/)).not.toBeInTheDocument();
    expect(asked).not.toContain('GET /api/cars/Tata%20Nexon%20EV');
  });

  it('shows an owner’s car without reviews as New, with no stars', async () => {
    serve('GET /api/cars/:carName', listed(creta));
    renderRoute(`/cars/${creta.id}`);
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.queryByTestId('stars')).not.toBeInTheDocument();
  });

  it('shows a fleet car’s real average and count from the server, and not New', async () => {
    serveReviews([review(1), review(2)]);
    serve('GET /api/cars/:carName', { ...nexon, ratingAverage: 3.5, ratingCount: 2 });
    renderRoute('/cars/Tata%20Nexon%20EV');
    expect(await screen.findByRole('img', { name: 'Rated 3.5 out of 5 stars, 2 ratings' })).toBeInTheDocument();
    expect(screen.getByText('(2 ratings)')).toBeInTheDocument();
    expect(screen.queryByText('New')).not.toBeInTheDocument();
  });

  it('lets the car’s owner reply to a review that has none, and shows the reply in its place', async () => {
    session(ravi);
    let reviews = [review(1), review(2, { reply: { content: 'Already answered.', createdAt: '2026-10-02T09:00:00.000Z' } })];
    serveReviews(reviews);
    serve('GET /api/cars/:carName', { ...listed(creta), ratingAverage: 3.5, ratingCount: 2 });
    const replies = serve('POST /api/reviews/:id/reply', ({ params, body }) => {
      const { content } = body as { content: string };
      reviews = reviews.map((item) =>
        item.id === params.id ? { ...item, reply: { content, createdAt: '2026-10-03T09:00:00.000Z' } } : item,
      );
      serveReviews(reviews);
      return reviews.find((item) => item.id === params.id) ?? fail(404, 'There is no such review.');
    });
    const { user } = renderRoute(`/cars/${creta.id}`);

    expect(await screen.findByRole('img', { name: 'Rated 3.5 out of 5 stars, 2 ratings' })).toBeInTheDocument();
    const [unanswered, answered] = within(reviewList()).getAllByRole('listitem');
    expect(within(answered!).queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    await user.type(within(unanswered!).getByRole('textbox', { name: 'Your reply' }), 'Sorry about the AC, fixed now.');
    await user.click(within(unanswered!).getByRole('button', { name: 'Send reply' }));

    await waitFor(() =>
      expect(within(reviewList()).getAllByRole('listitem')[0]).toHaveTextContent('Sorry about the AC, fixed now.'),
    );
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    expect(replies.map((call) => [call.params.id, call.body])).toEqual([
      [review(1).id, { content: 'Sorry about the AC, fixed now.' }],
    ]);
  });

  it('shows a review an admin removed as removed, without its stars, and offers its owner no reply to it', async () => {
    session(ravi);
    serveReviews([review(1), review(2, { comment: REMOVED_CONTENT, removed: true })]);
    serve('GET /api/cars/:carName', { ...listed(creta), ratingAverage: 2, ratingCount: 1 });
    renderRoute(`/cars/${creta.id}`);

    // The car's count is the server's, without the removed review.
    expect(await screen.findByText('(1 rating)')).toBeInTheDocument();
    const [kept, removed] = within(reviewList()).getAllByRole('listitem');
    expect(removed).toHaveTextContent('renter2');
    expect(within(removed!).getByText(REMOVED_CONTENT)).toHaveClass('fst-italic');
    expect(within(removed!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(removed!).queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    expect(within(kept!).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(within(kept!).getByRole('textbox', { name: 'Your reply' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a reply', async () => {
    session(ravi);
    serveReviews([review(1)]);
    serve('GET /api/cars/:carName', { ...listed(creta), ratingAverage: 2, ratingCount: 1 });
    serve('POST /api/reviews/:id/reply', fail(409, 'This review already has a reply.'));
    const { user } = renderRoute(`/cars/${creta.id}`);
    expect(await screen.findByText('(1 rating)')).toBeInTheDocument();

    await user.type(await screen.findByRole('textbox', { name: 'Your reply' }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This review already has a reply.');
  });

  it.each([
    ['a renter', asha],
    ['another owner', meera],
    ['an admin', admin],
  ])('offers no reply form on an owner’s car to %s', async (_, who) => {
    session(who);
    serveReviews([review(1)]);
    serve('GET /api/cars/:carName', { ...listed(creta), ratingAverage: 2, ratingCount: 1 });
    renderRoute(`/cars/${creta.id}`);
    expect(await within(await screen.findByRole('list', { name: 'Reviews' })).findByText('renter1')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
  });

  it('offers an admin, and not an owner, the reply form on a fleet car', async () => {
    session(admin);
    serveReviews([review(1)]);
    serve('GET /api/cars/:carName', { ...nexon, ratingAverage: 2, ratingCount: 1 });
    renderRoute('/cars/Tata%20Nexon%20EV');
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toBeInTheDocument();
  });

  it('offers no reply form on a fleet car to an owner', async () => {
    session(ravi);
    serveReviews([review(1)]);
    serve('GET /api/cars/:carName', { ...nexon, ratingAverage: 2, ratingCount: 1 });
    renderRoute('/cars/Tata%20Nexon%20EV');
    expect(await within(await screen.findByRole('list', { name: 'Reviews' })).findByText('renter1')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
  });
});
