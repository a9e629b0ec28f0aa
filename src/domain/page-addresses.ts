import type { CarKind } from './contract';

/**
 * The pages anyone may open without signing in. The app links to them through src/config/paths.ts
 * and the server lists them in its sitemap, both from here, so a link and the sitemap never name
 * two different addresses for one page.
 */
export const publicPages = {
  landing: '/',
  home: '/layout/home',
  about: '/layout/about',
  cars: '/layout/cars',
  blogs: '/layout/blogs',
  contact: '/layout/contact',
} as const;

/** A catalogue car by its name (the spec's links); an owner's car by its id, since owners may list cars of the same name. */
export const carPagePath = (car: { kind?: CarKind; id?: string; carName: string }): string =>
  `/cars/${encodeURIComponent(car.kind === 'listed' && car.id ? car.id : car.carName)}`;

export const blogPostPath = (title: string): string => `/blogs/${encodeURIComponent(title)}`;

/** A booking's page (its receipt) in the app, by the booking's id: where the app and the server's answers link to it. */
export const bookingPagePath = (id: string): string => `/bookings/${encodeURIComponent(id)}`;
