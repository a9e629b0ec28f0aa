import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from './render';
import { RouteError } from '../src/app/RouteError';
import { admin, asha, creta, paged, ravi, success, swift } from './mocks/answers';
import { overviewCounts } from './mocks/admin-answers';
import { unreachable } from './mocks/routes';
import { acceptRegistration, acceptSignIn, hold, recordAllRequests, serve, session } from './mocks/serve';

describe('owner-only routes', () => {
  it.each([
    ['/get/cars', 'Sign in to see your cars'],
    [`/get/car/${swift.id}`, 'Sign in to edit your car'],
    ['/renting', 'Sign in to add your car'],
    ['/owner', 'Sign in to open your owner dashboard'],
    ['/get/requests', 'Sign in to answer rental requests'],
  ])('send a signed-out visitor from %s to the owner sign-in, which says why: "%s"', async (path, why) => {
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: why })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Owner' })).toHaveAttribute('aria-selected', 'true');
  });

  it('do not mistake a session check that failed for a signed-out visitor, and offer Retry', async () => {
    session(ravi);
    serve('GET /api/session', unreachable, { once: true });
    serve('GET /get-cars', success([swift, creta]));
    const { router, user } = renderRoute('/get/cars');

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check whether you are signed in.');
    expect(router.state.location.pathname).toBe('/get/cars');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Maruti Swift')).toBeInTheDocument();
  });

  it('bring the owner back to the page they asked for after signing in', async () => {
    acceptSignIn(session(null), 'POST /ownerloginSchema', ravi);
    serve('GET /get-car/:id', success(swift));
    const { router, user } = renderRoute(`/get/car/${swift.id}`);
    await user.type(await screen.findByLabelText('Email'), ravi.email);
    await user.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/get/car/${swift.id}`));
    expect(await screen.findByLabelText('Car Name')).toHaveValue('Maruti Swift');
  });

  it('show a spinner while the session is being checked', async () => {
    const release = hold('GET /api/session');
    const asked = recordAllRequests();
    const { router } = renderRoute('/get/cars');
    // The router shows its own spinner while the screen's code loads; the guard asks once it is up.
    await waitFor(() => expect(asked).toContain('GET /api/session'));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    // A spinner alone could be the one a guard shows while it sends the visitor away to sign in.
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.location.pathname).toBe('/get/cars');
    release();
  });

  it('tell a renter the page is for owner accounts, with a way on', async () => {
    session(asha);
    const { router } = renderRoute('/get/cars');
    expect(await screen.findByRole('heading', { name: 'This page is for owner accounts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/layout/home');
    expect(screen.getByRole('link', { name: 'Sign in as an owner' })).toHaveAttribute('href', '/login?tab=owner');
    expect(router.state.location.pathname).toBe('/get/cars');
  });

  it("open the owner's dashboard with links to everything they manage", async () => {
    session(ravi);
    renderRoute('/owner');
    expect(await screen.findByRole('heading', { name: 'Owner Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, ravi.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your Cars' })).toHaveAttribute('href', '/get/cars');
    expect(screen.getByRole('link', { name: 'Add Cars' })).toHaveAttribute('href', '/renting');
    expect(screen.getByRole('link', { name: 'Rental requests' })).toHaveAttribute('href', '/get/requests');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Owner Dashboard'));
  });

  it("let the owner log out from the header's menu", async () => {
    const browser = session(ravi);
    const { router, user } = renderRoute('/owner');
    await user.click(await screen.findByRole('button', { name: 'Signed in as ravi' }));
    await user.click(screen.getByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(browser.holder).toBeNull());
  });
});

describe('the admin console', () => {
  it('sends a signed-out visitor to the login page, and back to the console once an admin signs in', async () => {
    acceptSignIn(session(null), 'POST /carsSchema', admin);
    serve('GET /api/admin/overview', overviewCounts);
    const { router, user } = renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to open the admin console' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByLabelText('Email'), admin.email);
    await user.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
  });

  it.each([
    ['renter', asha],
    ['owner', ravi],
  ])('sends a signed-in %s to the home page', async (_role, account) => {
    session(account);
    const { router } = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(screen.queryByRole('heading', { name: 'Admin console' })).not.toBeInTheDocument();
  });

  it.each([
    '/admin/accounts',
    '/admin/cars',
    '/admin/bookings',
    '/admin/comments',
    '/admin/messages',
    '/admin/messages?list=newsletter',
    '/admin/audit',
    '/admin/licences',
  ])('keeps %s from an owner too, asking the server nothing', async (path) => {
    session(ravi);
    const asked = recordAllRequests();
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(asked.filter((call) => call.includes('/api/admin/'))).toEqual([]);
  });
});

describe("a renter's pages", () => {
  it.each([
    ['/bookings', 'Sign in to see your bookings'],
    ['/bookings/booking-1', 'Sign in to see your booking'],
    ['/account', 'Sign in to open your account'],
  ])('send a signed-out visitor from %s to the user sign-in, which says why: "%s"', async (path, why) => {
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: why })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
  });

  it('bring a newcomer who signs up on the way back to the page they asked for, signed in', async () => {
    acceptRegistration(session(null), 'POST /register/user', { ...asha, username: 'dev', email: 'dev@example.com' });
    serve('GET /api/bookings', () => paged([]));
    const { router, user } = renderRoute('/bookings');
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await user.type(await screen.findByLabelText('Username'), 'dev');
    await user.type(screen.getByLabelText('Email'), 'dev@example.com');
    await user.type(screen.getByLabelText('Password'), 'dev-pass-123');
    await user.type(screen.getByLabelText('Confirm Password'), 'dev-pass-123');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    expect(await screen.findByText(/You have no upcoming bookings/)).toBeInTheDocument();
  });
});

describe('addresses in any letter case', () => {
  it.each([
    ['/Signup', 'Register'],
    ['/Forgotpassword', 'Forgot Password'],
  ])('%s reaches the %s screen', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('/Renting reaches the add-car screen for an owner', async () => {
    session(ravi);
    renderRoute('/Renting');
    expect(await screen.findByRole('heading', { name: 'Add Your Car' })).toBeInTheDocument();
  });
});

describe('unknown addresses', () => {
  it('show "Page not found" with links to the home page and the cars', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/layout/home');
    expect(screen.getByRole('link', { name: 'Browse cars' })).toHaveAttribute('href', '/layout/cars');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Page not found'));
  });
});

function Broken(): never {
  throw new Error('boom');
}

describe('router fallback', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads "Unexpected Application Error!" with what to do and a link home', async () => {
    // React and the router log the thrown error; the screen is what this test is about.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(/Reload the page to try again/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/layout/home');
  });
});
