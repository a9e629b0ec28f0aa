// @vitest-environment node
// The build renders these pages in Node, where there is no document: what needs one must wait for the browser.
import { describe, expect, it, vi } from 'vitest';
import { blogPosts } from '../src/data/blogs';
import { catalogueCars } from '../src/data/cars';
import { blogPostPath, carPagePath } from '../src/domain/page-addresses';
import { prerenderedAddresses, render } from '../src/entry-prerender';

// The picker's package requires its stylesheet, which Node cannot load (the build's bundle drops it). The car page
// shows the checkout, and the picker in it, only once hydrated, so the prerender never renders it.
vi.mock('react-datetime-range-picker', async () => ({ default: (await import('react')).Component }));

/** The h1 and the title (after the product name) each prerendered page must carry. */
const fixed: Record<string, [heading: string, title: string]> = {
  '/': ['Best offers and variety of cars for your need!', 'Welcome'],
  '/layout': ['Rent a car anywhere in India', 'Home'],
  '/layout/home': ['Rent a car anywhere in India', 'Home'],
  '/layout/about': ['About Us', 'About'],
  '/layout/cars': ['Car Listing', 'Cars'],
  '/layout/blogs': ['Blogs', 'Blogs'],
  '/layout/contact': ['Contact', 'Contact'],
};

/** The text a browser would show for a piece of React's HTML: no tags, no comments, entities read. */
function textOf(html: string): string {
  return html
    .replace(/<!--.*?-->|<[^>]*>/gs, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
}

function expectedOf(address: string): [heading: string, title: string] {
  const car = catalogueCars.find((candidate) => carPagePath(candidate) === address);
  if (car) return [car.carName, car.carName];
  const post = blogPosts.find((candidate) => blogPostPath(candidate.title) === address);
  if (post) return [post.title, post.title];
  const page = fixed[address];
  if (!page) throw new Error(`no expectation for ${address}`);
  return page;
}

describe('the build’s prerender of the public pages', () => {
  it('covers the fixed pages, every catalogue car and every blog post', () => {
    expect([...prerenderedAddresses].sort()).toEqual(
      [...Object.keys(fixed), ...catalogueCars.map(carPagePath), ...blogPosts.map((post) => blogPostPath(post.title))].sort(),
    );
  });

  it.each(prerenderedAddresses)('renders %s with its heading, its title and a description', async (address) => {
    const page = await render(address);
    const [heading, title] = expectedOf(address);
    expect({
      h1s: Array.from(page.html.matchAll(/<h1[^>]*>(.*?)<\/h1>/gs), ([, inner = '']) => textOf(inner)),
      title: page.title,
    }).toEqual({ h1s: [heading], title: `WheelsOnWeb - ${title}` });
    expect(page.description.length).toBeGreaterThan(40);
    expect(page.description.length).toBeLessThanOrEqual(160);
  });

  it('shows the fleet’s cards, a catalogue car’s details and a post’s text, not a spinner in their place', async () => {
    const listing = textOf((await render('/layout/cars')).html);
    for (const car of catalogueCars) expect(listing).toContain(car.carName);
    const car = catalogueCars[0]!;
    const carPage = await render(carPagePath(car));
    expect(textOf(carPage.html)).toContain(car.description);
    // Its price as every other price is written, in the page and in what a search result shows of it.
    expect(textOf(carPage.html)).toContain(`₹${car.price}.00 / hour`);
    expect(carPage.description).toContain(`at ₹${car.price}.00 an hour`);
    const post = blogPosts[0]!;
    expect(textOf((await render(blogPostPath(post.title))).html)).toContain(post.description);
  });
});
