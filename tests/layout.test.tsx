import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import type { Account } from '../src/domain/contract';
import { admin, allCars, asha, paged, posts, ravi } from './mocks/answers';
import { unreachable } from './mocks/routes';
import { serve, session } from './mocks/serve';

function header(): HTMLElement {
  return screen.getByRole('banner');
}

/** Opens the menu under the signed-in person's name in the header, and answers the header. */
async function openAccountMenu(user: UserEvent, who: Account): Promise<HTMLElement> {
  const banner = await waitFor(() => header());
  const toggle = await within(banner).findByRole('button', { name: `Signed in as ${who.username}` });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  await within(banner).findByRole('link', { name: 'Logout' });
  return banner;
}

describe('header', () => {
  it('links the logo home, the five pages, and a call request; shows where and when we work', async () => {
    renderRoute('/layout/about');
    const banner = await waitFor(() => header());
    expect(within(banner).getByRole('link', { name: 'WheelsOnWeb home' })).toHaveAttribute('href', '/layout/home');
    const navigation = within(banner).getByRole('navigation');
    const expected: [string, string][] = [
      ['Home', '/layout/home'],
      ['About', '/layout/about'],
      ['Cars', '/layout/cars'],
      ['Blog', '/layout/blogs'],
      ['Contact', '/layout/contact'],
    ];
    for (const [name, href] of expected) {
      expect(within(navigation).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(navigation).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(banner).getByRole('button', { name: 'Request a call' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(banner).toHaveTextContent('India wherever you want to go');
    expect(banner).toHaveTextContent('Sunday to Friday 10am - 7pm');
    expect(within(banner).getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it("folds where and when we work and the call request into the phone's menu, which a link taken closes", async () => {
    const { user } = renderRoute('/layout/about');
    const banner = await waitFor(() => header());
    // The bar over the header is for wide screens; below lg it takes no room.
    const bar = within(banner).getByRole('button', { name: 'Request a call' }).closest('.header-top');
    expect(bar).toHaveClass('d-none', 'd-lg-block');

    const menuButton = within(banner).getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = within(document.getElementById('main-navigation')!);
    expect(menu.getByText('wherever you want to go')).toBeInTheDocument();
    expect(menu.getByText('10am - 7pm')).toBeInTheDocument();
    await user.click(menu.getByRole('button', { name: 'Request a call' }));
    expect(await screen.findByRole('dialog', { name: 'Request a call' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(menu.getByRole('link', { name: 'Blog' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(within(banner).getAllByRole('button', { name: 'Request a call' })).toHaveLength(1);
  });

  it('offers a signed-out visitor Sign in, and neither Logout nor Sign out', async () => {
    renderRoute('/layout/home');
    const banner = await waitFor(() => header());
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(banner).queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(banner).queryByText(/Sign out|Logout/)).not.toBeInTheDocument();
  });

  it.each([
    {
      who: asha,
      links: [['My bookings', '/bookings']],
      others: ['My cars', 'Admin console', 'Rental requests', 'Payout details'],
    },
    {
      who: ravi,
      links: [
        ['My cars', '/get/cars'],
        ['Rental requests', '/get/requests'],
        ['Payout details', '/owner/payouts'],
      ],
      others: ['My bookings', 'Admin console'],
    },
    {
      who: admin,
      links: [
        ['Admin console', '/admin'],
        ['Rental requests', '/get/requests'],
      ],
      others: ['My bookings', 'My cars', 'Payout details'],
    },
  ])('shows $who.username their name as a menu of their own screens, Account and Logout', async ({ who, links, others }) => {
    session(who);
    const { user } = renderRoute('/layout/home');
    const banner = await openAccountMenu(user, who);
    expect(within(banner).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    for (const [name, href] of [...links, ['Account', '/account']]) {
      expect(within(banner).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    for (const name of others) expect(within(banner).queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it('signs out and goes to the landing page when Logout is pressed', async () => {
    const browser = session(asha);
    serve('GET /api/cars', paged(allCars));
    const { router, user } = renderRoute('/layout/cars');
    await user.click(within(await openAccountMenu(user, asha)).getByRole('link', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(browser.holder).toBeNull();
    expect(await screen.findByRole('link', { name: 'Rent Now' })).toBeInTheDocument();
  });

  it('says so and stays signed in when the server cannot end the session', async () => {
    const browser = session(asha);
    serve('GET /api/cars', paged(allCars));
    // The sign-out and both of the client's retries get no answer.
    for (let attempt = 0; attempt < 3; attempt += 1) serve('DELETE /api/session', unreachable, { once: true });
    const { router, user } = renderRoute('/layout/cars');
    await user.click(within(await openAccountMenu(user, asha)).getByRole('link', { name: 'Logout' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not sign you out.');
    expect(router.state.location.pathname).toBe('/layout/cars');

    await user.click(within(await openAccountMenu(user, asha)).getByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(browser.holder).toBeNull();
  });
});

describe('the same header on every page but the landing page', () => {
  it.each([
    ['/cars/Tata%20Nexon%20EV', null, '← Car Listing'],
    [`/blogs/${encodeURIComponent(posts[0].title)}`, null, '← All blog posts'],
    ['/login', null, null],
    ['/bookings', asha, null],
    ['/get/requests', ravi, 'Back to Your Cars'],
  ] as const)('%s has the five links, the account, and keeps its own way back', async (path, who, ownLink) => {
    session(who);
    serve('GET /api/bookings', paged([]));
    serve('GET /api/comments/get-comment/:slug', posts[0]);
    serve('GET /api/comments/get-comment', []);
    renderRoute(path);
    const banner = await waitFor(() => header());
    const navigation = within(banner).getByRole('navigation');
    for (const name of ['Home', 'About', 'Cars', 'Blog', 'Contact']) {
      expect(within(navigation).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(banner).getByRole('link', { name: 'WheelsOnWeb home' })).toHaveAttribute('href', '/layout/home');
    if (who) expect(await within(banner).findByRole('button', { name: `Signed in as ${who.username}` })).toBeInTheDocument();
    else expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    if (ownLink) expect(within(screen.getByRole('main')).getByRole('link', { name: ownLink })).toBeInTheDocument();
    // One header and one main: the pages no longer bring frames of their own.
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('takes a renter from a car page to My bookings', async () => {
    session(asha);
    serve('GET /api/bookings', paged([]));
    const { router, user } = renderRoute('/cars/Tata%20Nexon%20EV');
    await user.click(within(await openAccountMenu(user, asha)).getByRole('link', { name: 'My bookings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My bookings' })).toBeInTheDocument();
  });

  it('ends only the marketing pages with the footer, and leaves the landing page without the header', async () => {
    const marketing = renderRoute('/layout/about');
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    marketing.unmount();

    const login = renderRoute('/login');
    await waitFor(() => header());
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    login.unmount();

    renderRoute('/');
    expect(await screen.findByRole('link', { name: 'Rent Now' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});

describe('other marketing pages', () => {
  it('shows the About page with its banner, the configured help line, and no invented team', async () => {
    serve('GET /api/config', { payments: {}, support: { phone: '+91 80 4567 8900' } });
    renderRoute('/layout/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(await screen.findByText('Need any help?')).toBeInTheDocument();
    // The page's only section heading is its own introduction: no "Our Members" of people who do not work here.
    const page = within(screen.getByRole('main'));
    expect(page.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'About UsCars to rent across India, by the hour',
    ]);
    expect(page.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - About'));
  });
});
