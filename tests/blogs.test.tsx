import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { blogPosts, BLOG_PREVIEW_LENGTH } from '../src/data/blogs';

describe('blogs page', () => {
  it('shows each post once, each card linking to its post', async () => {
    renderRoute('/layout/blogs');
    await screen.findByRole('heading', { name: /Latest Blogs/ });
    // Every card on the page, wherever it sits: a second list of the same posts would repeat titles here.
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(blogPosts.map((post) => post.title));
    for (const post of blogPosts) {
      expect(screen.getAllByRole('link', { name: `Read More about ${post.title}` })).toHaveLength(1);
    }
    expect(screen.getByRole('link', { name: `Read More about ${blogPosts[1].title}` })).toHaveAttribute(
      'href',
      `/blogs/${encodeURIComponent(blogPosts[1].title)}`,
    );
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Blogs'));
  });

  it('cuts each description to 100 characters with an ellipsis', async () => {
    renderRoute('/layout/blogs');
    const latest = (await screen.findByRole('heading', { name: /Latest Blogs/ })).closest('section')!;
    for (const post of blogPosts) {
      expect(post.description.length).toBeGreaterThan(BLOG_PREVIEW_LENGTH);
      const preview = within(latest).getByText((text) => text.endsWith('…') && post.description.startsWith(text.slice(0, 40)));
      const shown = preview.textContent!.slice(0, -1);
      expect(shown.length).toBeLessThanOrEqual(BLOG_PREVIEW_LENGTH);
      expect(post.description.startsWith(shown)).toBe(true);
      expect(within(latest).queryByText(post.description)).not.toBeInTheDocument();
    }
  });
});
