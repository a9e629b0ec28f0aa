import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { allCars, asha, paged, ravi } from './mocks/answers';
import { unreachable } from './mocks/routes';
import { serve, session } from './mocks/serve';

function header(): HTMLElement {
  return screen.getByRole('banner');
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
    expect(within(banner).getByRole('link', { name: 'Request a call' })).toHaveAttribute('href', '/layout/contact');
    expect(banner).toHaveTextContent('India any where you want to go!');
    expect(banner).toHaveTextContent('Sunday to Friday 10am - 7pm');
    expect(within(banner).getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('shows Sign in and Logout to a signed-out visitor', async () => {
    renderRoute('/layout/home');
    const banner = await waitFor(() => header());
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows a renter their name and bookings, and an owner their cars', async () => {
    session(asha);
    const first = renderRoute('/layout/home');
    expect(await within(await waitFor(() => header())).findByText('asha')).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/bookings');
    expect(within(header()).queryByRole('link', { name: 'Your Cars' })).not.toBeInTheDocument();
    first.unmount();

    session(ravi);
    renderRoute('/layout/home');
    expect(await within(await waitFor(() => header())).findByText('ravi')).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Your Cars' })).toHaveAttribute('href', '/get/cars');
    expect(within(header()).queryByRole('link', { name: 'My bookings' })).not.toBeInTheDocument();
  });

  it('signs out and goes to the landing page when Logout is pressed', async () => {
    const browser = session(asha);
    serve('GET /api/cars', paged(allCars));
    const { router, user } = renderRoute('/layout/cars');
    await within(await waitFor(() => header())).findByText('asha');
    await user.click(within(header()).getByRole('link', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(browser.holder).toBeNull();
    expect(await screen.findByRole('link', { name: 'Rent Now' })).toBeInTheDocument();
  });

  it('says so and stays signed in when the server cannot end the session', async () => {
    const browser = session(asha);
    serve('GET /api/cars', paged(allCars));
    serve('DELETE /api/session', unreachable, { once: true });
    const { router, user } = renderRoute('/layout/cars');
    await within(await waitFor(() => header())).findByText('asha');
    await user.click(within(header()).getByRole('link', { name: 'Logout' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not sign you out.');
    expect(router.state.location.pathname).toBe('/layout/cars');
    expect(within(header()).getByText('asha')).toBeInTheDocument();

    await user.click(within(header()).getByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(browser.holder).toBeNull();
  });
});

describe('other marketing pages', () => {
  it('shows the About page with its banner, help line and members', async () => {
    renderRoute('/layout/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByText('Need any help?')).toBeInTheDocument();
    const members = screen.getByRole('heading', { name: /Our Members/ }).closest('section')!;
    expect(
      within(members)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Ananya Rao', 'Vikram Singh', 'Kavya Menon']);
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - About'));
  });

  it('greets on /bookcar and points to the car listing', async () => {
    renderRoute('/bookcar');
    expect(await screen.findByRole('heading', { name: 'Hello!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Car Listing' })).toHaveAttribute('href', '/layout/cars');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Book a car'));
  });

  it('says /notfound is still under construction', async () => {
    renderRoute('/notfound');
    expect(await screen.findByRole('heading', { name: 'hello still under construction!' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Under construction'));
  });
});
