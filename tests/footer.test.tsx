import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderRoute } from './render';
import { serve } from './mocks/serve';

const profiles = {
  instagram: 'https://www.instagram.com/wheelsonweb',
  youtube: 'https://www.youtube.com/@wheelsonweb',
};

describe('footer', () => {
  it('links every quick link to a real page: the privacy policy and the terms too', async () => {
    renderRoute('/layout/home');
    const footer = await screen.findByRole('contentinfo');
    const expected: [string, string][] = [
      ['About', '/layout/about'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Use', '/terms'],
      ['Cars', '/layout/cars'],
      ['Blog', '/layout/blogs'],
      ['Contact', '/layout/contact'],
    ];
    for (const [name, href] of expected) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(
      within(footer)
        .queryAllByRole('link')
        .filter((link) => link.getAttribute('href') === '#'),
    ).toEqual([]);
  });

  it('shows an icon for each social profile the server is configured with, and only those', async () => {
    serve('GET /api/config', { payments: {}, social: profiles });
    renderRoute('/layout/home');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'WheelsOnWeb on Instagram' })).toHaveAttribute(
      'href',
      profiles.instagram,
    );
    expect(within(footer).getByRole('link', { name: 'WheelsOnWeb on YouTube' })).toHaveAttribute('href', profiles.youtube);
    expect(within(footer).queryByRole('link', { name: /on (Facebook|X|LinkedIn)$/ })).not.toBeInTheDocument();
  });

  it('shows no social icons when the server has no profile set', async () => {
    const asked = serve('GET /api/config', { payments: {} });
    renderRoute('/layout/home');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(within(footer).queryByRole('link', { name: /^WheelsOnWeb on / })).not.toBeInTheDocument();
    expect(within(footer).queryByRole('heading', { name: 'Follow us' })).not.toBeInTheDocument();
  });
});

/** A browser's IntersectionObserver that reports an element near the viewport only when the test scrolls to it. */
function watchScrolling(): { scrollToWatched: () => void } {
  const watchers = new Set<ScrollWatcher>();
  class ScrollWatcher {
    readonly watched: Element[] = [];
    constructor(readonly report: IntersectionObserverCallback) {
      watchers.add(this);
    }
    observe(element: Element) {
      this.watched.push(element);
    }
    disconnect() {
      watchers.delete(this);
    }
  }
  vi.stubGlobal('IntersectionObserver', ScrollWatcher);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  const near = (target: Element) => ({ target, isIntersecting: true }) as IntersectionObserverEntry;
  return {
    scrollToWatched: () => {
      for (const watcher of [...watchers]) watcher.report(watcher.watched.map(near), watcher as unknown as IntersectionObserver);
    },
  };
}

describe('footer below the first screen', () => {
  it('asks the server for the social profiles only as the footer scrolls near', async () => {
    const scrolling = watchScrolling();
    const asked = serve('GET /api/config', { payments: {}, social: profiles });
    renderRoute('/layout/home');
    const footer = await screen.findByRole('contentinfo');
    await screen.findByRole('heading', { level: 1 });
    expect(asked).toHaveLength(0);
    act(() => scrolling.scrollToWatched());
    expect(await within(footer).findByRole('link', { name: 'WheelsOnWeb on Instagram' })).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });
});

describe('social links elsewhere', () => {
  it('shows the contact page’s "Follow Us" only with the profiles that are set', async () => {
    serve('GET /api/config', { payments: {}, social: { x: 'https://x.com/wheelsonweb' } });
    renderRoute('/layout/contact');
    const information = (await screen.findByRole('heading', { name: 'Contact Information' })).parentElement!;
    expect(await within(information).findByRole('heading', { name: 'Follow Us' })).toBeInTheDocument();
    expect(within(information).getAllByRole('link', { name: /^WheelsOnWeb on / })).toHaveLength(1);
    expect(within(information).getByRole('link', { name: 'WheelsOnWeb on X' })).toHaveAttribute(
      'href',
      'https://x.com/wheelsonweb',
    );
  });

  it('leaves the contact page without "Follow Us" when no profile is set', async () => {
    const asked = serve('GET /api/config', { payments: {} });
    renderRoute('/layout/contact');
    const information = (await screen.findByRole('heading', { name: 'Contact Information' })).parentElement!;
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(within(information).queryByRole('heading', { name: 'Follow Us' })).not.toBeInTheDocument();
  });
});
