import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, allCars, asha, creta, fleetCar, paged, posts, ravi, success, swift } from './mocks/answers';
import {
  consoleAccounts,
  consoleBookings,
  consoleCars,
  consoleContent,
  consoleMessages,
  consoleRuns,
  overviewCounts,
  platformMoney,
  raviDisabled,
} from './mocks/admin-answers';
import { serve, session } from './mocks/serve';

interface RouteCase {
  path: string;
  title: string;
  /** Something a person sees on that screen: text, or the value a form field is filled with. */
  shows: RegExp;
  prefilled?: boolean;
  signedInAs?: Account;
}

/** Every route of spec section 2 (and the marketplace screens), as a person typing the address would reach it. */
const cases: RouteCase[] = [
  { path: '/', title: 'Welcome', shows: /Best offers and variety of cars for your need!/ },
  { path: '/layout', title: 'Home', shows: /Popular Services/ },
  { path: '/layout/home', title: 'Home', shows: /Current offers/ },
  { path: '/layout/about', title: 'About', shows: /Cars to rent across India, by the hour/ },
  { path: '/layout/cars', title: 'Cars', shows: /Car Listing/ },
  { path: '/layout/blogs', title: 'Blogs', shows: /The best way to drive cars/ },
  { path: '/layout/contact', title: 'Contact', shows: /Send Message/ },
  { path: '/login', title: 'Sign in', shows: /Owner/ },
  { path: '/ownerlogin', title: 'Sign in', shows: /Owner/ },
  { path: '/signup', title: 'Register', shows: /Owner/ },
  { path: '/Signup', title: 'Register', shows: /Owner/ },
  { path: '/forgotpassword', title: 'Forgot Password', shows: /Email/ },
  { path: '/Forgotpassword', title: 'Forgot Password', shows: /Email/ },
  { path: '/owner-forgot-password', title: 'Forgot Password', shows: /Email/ },
  { path: '/start', title: 'Sign in', shows: /Do you need an Account\?/ },
  { path: '/cars/Kia%20Seltos', title: 'Kia Seltos', shows: /₹65\.00 \/ hour/ },
  { path: '/blogs/If%20you%20are%20renting%20a%20car', title: 'If you are renting a car', shows: /Leave a Comment/ },
  { path: '/bookcar', title: 'Book a car', shows: /Cars are booked from their own page/ },
  { path: '/get/cars', title: 'Your Cars', shows: /Maruti Swift/, signedInAs: ravi },
  { path: `/get/car/${creta.id}`, title: 'Edit your Car Details', shows: /Hyundai Creta/, prefilled: true, signedInAs: ravi },
  { path: '/renting', title: 'Add Your Car', shows: /Back to List/, signedInAs: ravi },
  { path: '/Renting', title: 'Add Your Car', shows: /Back to List/, signedInAs: ravi },
  { path: '/owner', title: 'Owner Dashboard', shows: /Add Cars/, signedInAs: ravi },
  { path: '/owner/payouts', title: 'Payout details', shows: /You have no payout details yet/, signedInAs: ravi },
  { path: '/get/requests', title: 'Rental requests', shows: /No rental requests are awaiting your answer/, signedInAs: ravi },
  { path: '/bookings', title: 'My bookings', shows: /You have no upcoming bookings/, signedInAs: asha },
  { path: '/account', title: 'Account', shows: /Sign out of all devices/, signedInAs: asha },
  { path: '/admin', title: 'Admin', shows: /Admin console/, signedInAs: admin },
  { path: '/admin/accounts', title: 'Accounts', shows: /asha@example\.com/, signedInAs: admin },
  { path: '/admin/cars', title: 'Cars', shows: /Maruti Ertiga/, signedInAs: admin },
  { path: '/admin/bookings', title: 'Bookings', shows: /WOW-00042/, signedInAs: admin },
  { path: '/admin/payouts', title: 'Payouts', shows: /Weekly run/, signedInAs: admin },
  { path: '/admin/money', title: 'Money', shows: /Owed in all/, signedInAs: admin },
  { path: '/admin/comments', title: 'Comments and reviews', shows: /Do I need an international licence/, signedInAs: admin },
  { path: '/admin/messages', title: 'Messages', shows: /Do you rent cars in Goa/, signedInAs: admin },
  { path: '/admin/audit', title: 'Audit log', shows: /Disabled account/, signedInAs: admin },
  { path: '/admin/licences', title: 'Driving licences to review', shows: /No driving licence awaits review/, signedInAs: admin },
  { path: '/notfound', title: 'Under construction', shows: /This page is not ready yet/ },
  { path: '/privacy', title: 'Privacy Policy', shows: /What we store, and why/ },
  { path: '/terms', title: 'Terms of Use', shows: /Cancelling/ },
  { path: '/no/such/page', title: 'Page not found', shows: /Page not found/ },
  { path: '/layout/nothing-here', title: 'Page not found', shows: /Page not found/ },
];

describe('every route renders its screen', () => {
  // What each screen asks the server for when it opens: the answers the cases above show.
  beforeEach(() => {
    serve('GET /api/cars', paged(allCars));
    serve('GET /api/cars/:carName', fleetCar('Kia Seltos'));
    serve('GET /api/comments/get-comment/:slug', posts.find((post) => post.title === 'If you are renting a car')!);
    serve('GET /api/comments/get-comment', []);
    serve('GET /get-cars', success([swift, creta]));
    serve('GET /get-car/:id', success(creta));
    serve('GET /api/bookings', paged([]));
    serve('GET /api/account', { user: asha });
    serve('GET /api/owner/payout-details', { details: null, route: null });
    serve('GET /api/admin/overview', overviewCounts);
    serve('GET /api/admin/accounts', paged(consoleAccounts, 1, 50));
    serve('GET /api/admin/audit', paged([raviDisabled], 1, 50));
    serve('GET /api/admin/cars', paged(consoleCars, 1, 50));
    serve('GET /api/admin/bookings', paged(consoleBookings, 1, 50));
    serve('GET /api/admin/comments', paged(consoleContent, 1, 50));
    serve('GET /api/admin/messages', paged(consoleMessages, 1, 50));
    serve('GET /api/admin/payouts/runs', paged(consoleRuns, 1, 50));
    serve('GET /api/admin/money', platformMoney());
    serve('GET /api/admin/licences', { licences: [] });
  });

  it.each(cases)('$path', async ({ path, title, shows, prefilled, signedInAs }) => {
    if (signedInAs) session(signedInAs);
    renderRoute(path);
    const found = prefilled ? await screen.findAllByDisplayValue(shows) : await screen.findAllByText(shows);
    expect(found.length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe(`WheelsOnWeb - ${title}`));
  });
});
