import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CarPhoto } from '../src/domain/contract';
import { renderRoute } from './render';
import { creta, listed, paged, swift, uuid } from './mocks/answers';
import { API } from './mocks/api';
import { serve } from './mocks/serve';

function photo(n: number): CarPhoto {
  const key = String(n).padStart(32, 'a');
  return {
    id: uuid(950 + n),
    url: `/uploads/${key}-1200.webp`,
    srcset: `/uploads/${key}-400.webp 400w, /uploads/${key}-1200.webp 1200w`,
    width: 1200,
    height: 750,
  };
}

const served = (p: CarPhoto) => ({
  src: `${API}${p.url}`,
  srcset: p.srcset.replaceAll('/uploads/', `${API}/uploads/`),
});

describe('a car page with uploaded photos', () => {
  it('shows them in a gallery, cover first, each from the API server with srcset and sizes', async () => {
    const car = listed({ ...swift, photos: [photo(1), photo(2), photo(3)] });
    serve('GET /api/cars/:carName', car);
    const { user } = renderRoute(`/cars/${swift.id}`);

    const gallery = await screen.findByRole('region', { name: 'Photos of Maruti Swift' });
    const images = within(gallery).getAllByRole('img', { hidden: true });
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'Maruti Swift, photo 1 of 3',
      'Maruti Swift, photo 2 of 3',
      'Maruti Swift, photo 3 of 3',
    ]);
    expect(images.map((img) => ({ src: img.getAttribute('src'), srcset: img.getAttribute('srcset') }))).toEqual(
      [photo(1), photo(2), photo(3)].map(served),
    );
    expect(images[0]).toHaveAttribute('sizes', '(min-width: 992px) 58vw, 100vw');

    // One photo in view at a time, once the carousel has arrived; the next arrow brings the second.
    const current = () => gallery.querySelector('.slick-current img')?.getAttribute('alt');
    await waitFor(() => expect(current()).toBe('Maruti Swift, photo 1 of 3'));
    await user.click(within(gallery).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(current()).toBe('Maruti Swift, photo 2 of 3'));
  });

  it('shows a single uploaded photo on its own, and the pasted image when there are none', async () => {
    serve('GET /api/cars/:carName', listed({ ...swift, photos: [photo(4)] }));
    renderRoute(`/cars/${swift.id}`);
    const single = await screen.findByRole('img', { name: 'Maruti Swift' });
    expect(single).toHaveAttribute('src', served(photo(4)).src);
    expect(single).toHaveAttribute('srcset', served(photo(4)).srcset);
    expect(screen.queryByRole('region', { name: 'Photos of Maruti Swift' })).not.toBeInTheDocument();
  });

  it('shows the pasted image, with no srcset, for a car without photos', async () => {
    serve('GET /api/cars/:carName', listed(creta));
    renderRoute(`/cars/${creta.id}`);
    const pasted = await screen.findByRole('img', { name: 'Hyundai Creta' });
    expect(pasted).toHaveAttribute('src', 'https://example.com/creta.jpg');
    expect(pasted).not.toHaveAttribute('srcset');
  });
});

describe('a car card with uploaded photos', () => {
  it('shows the cover with srcset and the grid width as sizes', async () => {
    serve('GET /api/cars', paged([listed({ ...swift, photos: [photo(5), photo(6)] }), listed(creta)]));
    renderRoute('/layout/cars');
    const cover = await screen.findByRole('img', { name: 'Maruti Swift' });
    expect(cover).toHaveAttribute('src', served(photo(5)).src);
    expect(cover).toHaveAttribute('srcset', served(photo(5)).srcset);
    expect(cover).toHaveAttribute('sizes', '(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw');
    expect(screen.getByRole('img', { name: 'Hyundai Creta' })).not.toHaveAttribute('srcset');
  });

  it("loads the cover from the photo store's own address when the API gives one (S3_PUBLIC_URL)", async () => {
    const store = 'https://photos.wheelsonweb.example';
    const key = 'f'.repeat(32);
    const fromStore: CarPhoto = {
      ...photo(7),
      url: `${store}/${key}-1200.webp`,
      srcset: `${store}/${key}-400.webp 400w, ${store}/${key}-1200.webp 1200w`,
    };
    serve('GET /api/cars', paged([listed({ ...swift, photos: [fromStore] })]));
    renderRoute('/layout/cars');
    const cover = await screen.findByRole('img', { name: 'Maruti Swift' });
    expect(cover).toHaveAttribute('src', fromStore.url);
    expect(cover).toHaveAttribute('srcset', fromStore.srcset);
  });
});
