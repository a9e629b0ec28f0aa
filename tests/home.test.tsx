import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { allCars, paged, uuid } from './mocks/answers';
import { serve } from './mocks/serve';
import { catalogueCars, HOT_OFFERS_COUNT } from '../src/data/cars';
import type { LatestReview } from '../src/domain/contract';

/** Two renters' reviews as the server answers them, newest first: a poor one of an owner's car, a good one of a fleet car. */
const latestReviews: LatestReview[] = [
  {
    _id: uuid(71),
    id: uuid(71),
    rating: 2,
    comment: 'Pickup was an hour late.',
    author: 'kabir_r',
    // 01:30 on 3 February in India, still the 2nd in UTC.
    createdAt: '2026-02-02T20:00:00.000Z',
    car: { id: uuid(72), carName: 'Tata Nexon', path: `/cars/${uuid(72)}` },
  },
  {
    _id: uuid(73),
    id: uuid(73),
    rating: 5,
    comment: 'Spotless, and the driver knew every shortcut.',
    author: 'asha_k',
    createdAt: '2026-01-20T12:00:00.000Z',
    car: { id: uuid(74), carName: 'Tata Nexon EV', path: '/cars/Tata%20Nexon%20EV' },
  },
];

function sectionOf(heading: HTMLElement): HTMLElement {
  const section = heading.closest('section');
  if (!section) throw new Error('heading is not inside a section');
  return section;
}

describe('home page', () => {
  it('shows the marketing sections in the spec order', async () => {
    serve('GET /api/reviews/latest', latestReviews);
    renderRoute('/layout/home');
    await screen.findByRole('heading', { name: /What renters say/ });
    // In the page's order, hidden ones too: the reviews come after the hero slider has started
    // moving, when its first slide may be out of view.
    const headings = [...document.querySelectorAll('h2')].map((heading) => heading.textContent ?? '');
    const order = [
      'Welcome!',
      'Find your best car here',
      'Cars to rent across India, by the hour',
      'Popular Services',
      'Current offers',
      'Do You Want to Earn With Us?',
      'What renters say',
      'Latest Blogs',
    ];
    const positions = order.map((text) => headings.findIndex((heading) => heading.includes(text)));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Home'));
  });

  it('is also the index of /layout', async () => {
    renderRoute('/layout');
    expect(await screen.findByRole('heading', { name: /Popular Services/ })).toBeInTheDocument();
  });

  it('offers the first six catalogue cars, each linking Rent and Details to its car page', async () => {
    renderRoute('/layout/home');
    const offers = sectionOf(await screen.findByRole('heading', { name: /Current offers/ }));
    const names = within(offers)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(catalogueCars.slice(0, HOT_OFFERS_COUNT).map((car) => car.carName));
    expect(within(offers).getByRole('link', { name: 'Rent Tata Nexon EV' })).toHaveAttribute('href', '/cars/Tata%20Nexon%20EV');
    expect(within(offers).getByRole('link', { name: 'Details of Tata Nexon EV' })).toHaveAttribute(
      'href',
      '/cars/Tata%20Nexon%20EV',
    );
  });

  it('lists the six services and sends owners to sign in from "List your car"', async () => {
    renderRoute('/layout/home');
    const services = sectionOf(await screen.findByRole('heading', { name: /Popular Services/ }));
    expect(within(services).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'List your car' })).toHaveAttribute('href', '/login?tab=owner');
  });

  it('has hero slides whose Reserve Now buttons lead to the car listing', async () => {
    renderRoute('/layout/home');
    const hero = await screen.findByRole('region', { name: 'Offers' });
    expect(within(hero).getByRole('heading', { name: 'Welcome!' })).toBeInTheDocument();
    const reserve = within(hero).getAllByRole('link', { name: 'Reserve Now' });
    expect(reserve.length).toBeGreaterThan(0);
    for (const link of reserve) expect(link).toHaveAttribute('href', '/layout/cars');
  });

  it('advertises only prices a booking charges, per hour: the fleet’s lowest price and the driver’s surcharge', async () => {
    renderRoute('/layout/home');
    const hero = await screen.findByRole('region', { name: 'Offers' });
    const lowest = Math.min(...catalogueCars.map((car) => car.price));
    expect(hero).toHaveTextContent(`From ₹${lowest}.00 an hour`);
    expect(hero).toHaveTextContent('Reserve Now and Pay by the Hour');
    expect(hero).toHaveTextContent('A driver is ₹30.00 an hour more');
    expect(hero).not.toHaveTextContent(/per day|% off/i);
    expect(screen.getByText(/You set the price per hour/)).toBeInTheDocument();
  });

  it('shows the first slide without the carousel, which takes over once the page is idle', async () => {
    renderRoute('/layout/home');
    const hero = await screen.findByRole('region', { name: 'Offers' });
    expect(within(hero).getByRole('heading', { name: 'Welcome!' })).toBeVisible();
    // The carousel's dots, one per slide, come with react-slick.
    expect(await within(hero).findAllByRole('button', { name: /^\d$/ })).toHaveLength(3);
    expect(within(hero).getByRole('button', { name: 'Pause Offers' })).toBeInTheDocument();
  });

  it('lets a person pause the moving sliders', async () => {
    const { user } = renderRoute('/layout/home');
    const hero = await screen.findByRole('region', { name: 'Offers' });
    await user.click(within(hero).getByRole('button', { name: 'Pause Offers' }));
    expect(within(hero).getByRole('button', { name: 'Play Offers' })).toBeInTheDocument();
  });

  it('carries the journey date and time to the car listing as an India-time instant', async () => {
    serve('GET /api/cars', paged(allCars));
    const { router, user } = renderRoute('/layout/home');
    await user.type(await screen.findByLabelText('From address'), 'MG Road, Bengaluru');
    await user.type(screen.getByLabelText('Journey date'), '2030-01-31');
    await user.type(screen.getByLabelText('Journey time'), '22:30');
    expect(screen.getByLabelText('Car type')).toHaveDisplayValue('AC Car');
    await user.selectOptions(screen.getByLabelText('Car type'), 'Non AC Car');
    await user.click(screen.getByRole('button', { name: 'Find Car' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/cars'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2030-01-31T22:30:00+05:30');
    expect(await screen.findByLabelText('Available from')).toHaveValue('2030-01-31T22:30');
    expect(screen.getByLabelText('to')).toHaveValue('2030-02-01T22:30');
    expect(await screen.findByText(/cars match your filters/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for the From address, date and time before searching, and for no destination', async () => {
    const { router, user } = renderRoute('/layout/home');
    await user.click(await screen.findByRole('button', { name: 'Find Car' }));
    expect(screen.getByLabelText('From address')).toBeInvalid();
    expect(screen.queryByLabelText(/To address/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Journey date')).toBeRequired();
    expect(screen.getByLabelText('Journey time')).toBeRequired();
    expect(router.state.location.pathname).toBe('/layout/home');
  });

  it("shows renters' latest reviews, poor ones too, each with its stars, author, date and a link to its car", async () => {
    const asked = serve('GET /api/reviews/latest', latestReviews);
    renderRoute('/layout/home');
    const reviews = await screen.findByRole('region', { name: "Renters' reviews" });
    expect(sectionOf(screen.getByRole('heading', { name: /What renters say/ }))).toContainElement(reviews);
    expect(asked).toHaveLength(1);
    const cards = within(reviews).getAllByRole('figure');
    expect(cards).toHaveLength(2);
    const [late, spotless] = cards.map((card) => within(card));
    expect(late.getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(late.getByText('Pickup was an hour late.')).toBeInTheDocument();
    expect(late.getByText('kabir_r')).toBeInTheDocument();
    expect(late.getByText('3 Feb 2026')).toBeInTheDocument();
    expect(late.getByRole('link', { name: 'Tata Nexon' })).toHaveAttribute('href', `/cars/${uuid(72)}`);
    expect(spotless.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(spotless.getByText('asha_k')).toBeInTheDocument();
    expect(spotless.getByRole('link', { name: 'Tata Nexon EV' })).toHaveAttribute('href', '/cars/Tata%20Nexon%20EV');
  });

  it('has no reviews section at all while there are no reviews yet', async () => {
    const asked = serve('GET /api/reviews/latest', []);
    renderRoute('/layout/home');
    await screen.findByRole('heading', { name: /Latest Blogs/ });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: /What renters say/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "Renters' reviews" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Testimonials|Aarav Sharma/)).not.toBeInTheDocument();
  });

  it('shows the three latest blog posts', async () => {
    renderRoute('/layout/home');
    const blogs = sectionOf(await screen.findByRole('heading', { name: /Latest Blogs/ }));
    expect(within(blogs).getAllByRole('link', { name: /Read More/ })).toHaveLength(3);
  });
});
