import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('gives the placeholder team members no social links that lead nowhere', async () => {
    serve('GET /api/config', { payments: {}, social: profiles });
    renderRoute('/layout/about');
    const members = (await screen.findByRole('heading', { name: /Our Members/ })).closest('section')!;
    expect(within(members).getByRole('heading', { name: 'Ananya Rao' })).toBeInTheDocument();
    expect(within(members).queryAllByRole('link')).toEqual([]);
  });
});
