import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from './render';
import { RouteError } from '../src/app/RouteError';
import { admin, asha, creta, ravi, success, swift } from './mocks/answers';
import { overviewCounts } from './mocks/admin-answers';
import { unreachable } from './mocks/routes';
import { acceptSignIn, hold, recordAllRequests, serve, session } from './mocks/serve';

describe('owner-only routes', () => {
  it.each(['/get/cars', `/get/car/${swift.id}`, '/renting', '/owner'])(
    'send a signed-out visitor from %s to the login page',
    async (path) => {
      const { router } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('tab', { name: 'User' })).toBeInTheDocument();
    },
  );

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
    await user.click(await screen.findByRole('tab', { name: 'Become a Owner' }));
    await user.type(screen.getByLabelText('Email'), ravi.email);
    await user.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Login' }));

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

  it('let the owner sign out from the page frame', async () => {
    const browser = session(ravi);
    const { router, user } = renderRoute('/owner');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(browser.holder).toBeNull());
  });
});

describe('the admin console', () => {
  it('sends a signed-out visitor to the login page, and back to the console once an admin signs in', async () => {
    acceptSignIn(session(null), 'POST /carsSchema', admin);
    serve('GET /api/admin/overview', overviewCounts);
    const { router, user } = renderRoute('/admin');
    await user.type(await screen.findByLabelText('Email'), admin.email);
    await user.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Login' }));
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
  ])('keeps %s from an owner too, asking the server nothing', async (path) => {
    session(ravi);
    const asked = recordAllRequests();
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(asked.filter((call) => call.includes('/api/admin/'))).toEqual([]);
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
