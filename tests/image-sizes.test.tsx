import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { allCars, fleetCar, paged, posts } from './mocks/answers';
import { serve } from './mocks/serve';

/** The public pages with pictures, each with something it shows once its data is in (and its pictures with it). */
const pages = [
  { path: '/', shows: /Best offers and variety of cars for your need!/ },
  { path: '/layout/home', shows: /Tata Nexon EV/ },
  { path: '/layout/about', shows: /Cars to rent across India, by the hour/ },
  { path: '/layout/cars', shows: /Tata Nexon EV/ },
  { path: '/layout/blogs', shows: /The best way to drive cars/ },
  { path: '/cars/Kia%20Seltos', shows: /₹65\.00 \/ hour/ },
  { path: '/blogs/If%20you%20are%20renting%20a%20car', shows: /Leave a Comment/ },
];

/**
 * A picture without its size takes no room until it arrives, and then pushes the page down under
 * the reader (Lighthouse's "unsized images", and layout shift). Each one says its size up front.
 */
describe('pictures on the public pages', () => {
  beforeEach(() => {
    serve('GET /api/cars', paged(allCars));
    serve('GET /api/cars/:carName', fleetCar('Kia Seltos'));
    serve('GET /api/comments/get-comment/:slug', posts.find((post) => post.title === 'If you are renting a car')!);
    serve('GET /api/comments/get-comment', []);
  });

  it.each(pages)('$path: every <img> has a width and a height', async ({ path, shows }) => {
    renderRoute(path);
    expect((await screen.findAllByText(shows)).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.querySelector('.spinner-border')).toBeNull());
    const images = [...document.querySelectorAll('img')];
    expect(images.length).toBeGreaterThan(0);
    const unsized = images
      .filter((image) => !(Number(image.getAttribute('width')) > 0 && Number(image.getAttribute('height')) > 0))
      .map((image) => image.getAttribute('src'));
    expect(unsized).toEqual([]);
  });

  it('/layout/cars: the first row’s pictures, the largest paint, are fetched at once and first; the rest when scrolled near', async () => {
    renderRoute('/layout/cars');
    await screen.findAllByText(/Tata Nexon EV/);
    await waitFor(() => expect(document.querySelector('.spinner-border')).toBeNull());
    const loading = [...document.querySelectorAll('.card img')].map((image) => ({
      loading: image.getAttribute('loading'),
      priority: image.getAttribute('fetchpriority'),
    }));
    expect(loading.length).toBeGreaterThan(3);
    expect(loading).toEqual(
      loading.map((_, index) => (index < 3 ? { loading: 'eager', priority: 'high' } : { loading: 'lazy', priority: null })),
    );
  });

  it('a car page: the car’s picture, the largest paint, is fetched at once and first', async () => {
    renderRoute('/cars/Kia%20Seltos');
    const [picture] = await screen.findAllByRole('img', { name: /^Kia Seltos/ });
    expect({ loading: picture?.getAttribute('loading'), priority: picture?.getAttribute('fetchpriority') }).toEqual({
      loading: 'eager',
      priority: 'high',
    });
  });
});
