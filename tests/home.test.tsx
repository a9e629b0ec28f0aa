import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { allCars, paged } from './mocks/answers';
import { serve } from './mocks/serve';
import { catalogueCars, HOT_OFFERS_COUNT } from '../src/data/cars';

function sectionOf(heading: HTMLElement): HTMLElement {
  const section = heading.closest('section');
  if (!section) throw new Error('heading is not inside a section');
  return section;
}

describe('home page', () => {
  it('shows the marketing sections in the spec order', async () => {
    renderRoute('/layout/home');
    await screen.findByRole('heading', { name: /Current offers/ });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
    const order = [
      'Welcome!',
      'Find your best car here',
      'Cars to rent across India, by the hour',
      'Popular Services',
      'Current offers',
      'Do You Want to Earn With Us?',
      'Testimonials',
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
    expect(within(offers).getByRole('link', { name: 'Rent Tesla Malibu' })).toHaveAttribute('href', '/cars/Tesla%20Malibu');
    expect(within(offers).getByRole('link', { name: 'Details of Tesla Malibu' })).toHaveAttribute('href', '/cars/Tesla%20Malibu');
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
    await user.type(screen.getByLabelText('To address'), 'Kempegowda Airport');
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

  it('asks for the addresses, date and time before searching', async () => {
    const { router, user } = renderRoute('/layout/home');
    await user.click(await screen.findByRole('button', { name: 'Find Car' }));
    expect(screen.getByLabelText('From address')).toBeInvalid();
    expect(screen.getByLabelText('To address')).toBeRequired();
    expect(screen.getByLabelText('Journey date')).toBeRequired();
    expect(screen.getByLabelText('Journey time')).toBeRequired();
    expect(router.state.location.pathname).toBe('/layout/home');
  });

  it('shows the four testimonials and the three latest blog posts', async () => {
    renderRoute('/layout/home');
    const testimonials = await screen.findByRole('region', { name: 'What our customers say' });
    expect(testimonials).toHaveTextContent('Aarav Sharma');
    expect(testimonials).toHaveTextContent('Meera Iyer');
    const blogs = sectionOf(screen.getByRole('heading', { name: /Latest Blogs/ }));
    expect(within(blogs).getAllByRole('link', { name: /Read More/ })).toHaveLength(3);
  });
});
