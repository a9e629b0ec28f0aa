import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarPhoto } from '../src/domain/contract';
import { preparePhoto } from '../src/features/owner-cars/PhotoManager/photo-choice';
import { headerPixelSize, sniffPhotoType } from '../src/lib/image-file';
import { findNotice } from './find-notice';
import { renderRoute } from './render';
import { creta, ravi, success, swift, uuid } from './mocks/answers';
import { API } from './mocks/api';
import { fail } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { photoFile, textNamedAsPhoto } from './photo-files';

type User = ReturnType<typeof renderRoute>['user'];

const MB = 1024 * 1024;

/** A stored photo as the server answers it. */
function photo(n: number): CarPhoto {
  const key = String(n).padStart(32, '0');
  return {
    id: uuid(900 + n),
    url: `/uploads/${key}-1200.webp`,
    srcset: `/uploads/${key}-400.webp 400w, /uploads/${key}-1200.webp 1200w`,
    width: 1200,
    height: 750,
  };
}

function image(name: string, type: 'image/jpeg' | 'image/png' | 'image/webp' = 'image/jpeg', bytes = 2048): File {
  return photoFile(name, type, { bytes });
}

/** Local previews, counted: each address made must be let go again. */
let made: string[] = [];
let revoked: string[] = [];

beforeEach(() => {
  session(ravi);
  made = [];
  revoked = [];
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    n += 1;
    const address = `blob:preview-${n}`;
    made.push(address);
    return address;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((address: string) => {
    revoked.push(address);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function tiles(): HTMLElement[] {
  const list = screen.queryByRole('list', { name: 'Photos, the cover first' });
  return list ? within(list).getAllByRole('listitem') : [];
}

function tileNames(): string[] {
  return tiles().map((tile) => within(tile).getByRole('img').getAttribute('alt') ?? '');
}

/** Chooses files, and waits while they are checked and made ready to send. */
async function choose(user: User, ...files: File[]) {
  await user.upload(screen.getByLabelText('Add photos'), files);
  await waitFor(() => expect(screen.queryByText(PREPARING)).not.toBeInTheDocument());
}

/** Types the Renault Kwid's name, description and price into Add Your Car, once the form is on screen. */
async function describeKwid(user: User) {
  await user.type(await screen.findByLabelText('Car Name'), 'Renault Kwid');
  await user.type(screen.getByLabelText('Any Description'), 'Small and thrifty.');
  await user.type(screen.getByLabelText('Price'), '700');
}

const PREPARING = 'Checking the photos and making large ones smaller…';

describe('Add Your Car: photos', () => {
  it('previews the chosen photos, the first as the cover, and lets go of each preview when removed or on leaving', async () => {
    const { user, unmount } = renderRoute('/renting');
    await screen.findByRole('heading', { name: 'Add Your Car' });
    expect(screen.getByLabelText('Add photos')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    await choose(user, image('front.jpg'), image('side.png', 'image/png'), image('back.webp', 'image/webp'));
    expect(tileNames()).toEqual(['front.jpg (cover)', 'side.png', 'back.webp']);
    expect(tiles().map((tile) => within(tile).getByRole('img').getAttribute('src'))).toEqual([
      'blob:preview-1',
      'blob:preview-2',
      'blob:preview-3',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove side.png' }));
    expect(tileNames()).toEqual(['front.jpg (cover)', 'back.webp']);
    expect(revoked).toEqual(['blob:preview-2']);

    unmount();
    expect(revoked.sort()).toEqual([...made].sort());
  });

  it('refuses a text file named .jpg at once, by its bytes, saying which and why', async () => {
    const { user } = renderRoute('/renting');
    await screen.findByRole('heading', { name: 'Add Your Car' });
    await choose(user, textNamedAsPhoto('car.jpg'), image('ok.jpg'));
    expect(screen.getByRole('alert')).toHaveTextContent('car.jpg: A photo must be a JPEG, PNG or WebP image.');
    expect(tileNames()).toEqual(['ok.jpg (cover)']);
  });

  it('refuses, in words of the limit, a photo over 8 MB or 40 megapixels the browser cannot make smaller', async () => {
    // jsdom, like a browser short of memory for the photo, cannot decode it to scale it.
    const { user } = renderRoute('/renting');
    await screen.findByRole('heading', { name: 'Add Your Car' });
    await choose(
      user,
      image('heavy.jpg', 'image/jpeg', 9 * MB),
      photoFile('huge.png', 'image/png', { width: 20_000, height: 20_000 }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'heavy.jpg: A photo must be at most 8 MB. huge.png: 20,000 × 20,000 px is more than 40 megapixels.',
    );
    expect(tiles()).toEqual([]);
    expect(made).toEqual([]);

    await choose(user, image('ok.jpg'));
    expect(tileNames()).toEqual(['ok.jpg (cover)']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('makes a photo over 40 megapixels at most 4,000 px on its long side, and sends that', async () => {
    const drawn: number[][] = [];
    vi.stubGlobal('createImageBitmap', async () => ({ width: 8000, height: 6000, close: () => undefined }));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
        getContext() {
          return {
            drawImage: (_: unknown, x: number, y: number, width: number, height: number) => drawn.push([x, y, width, height]),
          };
        }
        async convertToBlob({ type }: { type: string }) {
          return new Blob([new Uint8Array(3 * MB)], { type });
        }
      },
    );
    const newId = uuid(197);
    serve('POST /add-cars', () => HttpResponse.text('saved', { status: 201, headers: { location: `/get-car/${newId}` } }));
    const uploads = serve('POST /api/cars/:id/photos', photo(1));
    serve('GET /get-cars', success([swift]));
    const { user, router } = renderRoute('/renting');
    await describeKwid(user);
    await choose(user, photoFile('wide.png', 'image/png', { width: 8000, height: 6000 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tileNames()).toEqual(['wide.png (cover)']);
    expect(drawn).toEqual([[0, 0, 4000, 3000]]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    const sent = uploads.map((call) => (call.body as FormData).get('photo') as File);
    expect(sent.map((file) => [file.size, file.type])).toEqual([[3 * MB, 'image/webp']]);
  });

  it('asks before listing a car whose every chosen photo was refused, and lists it only on yes', async () => {
    const adds = serve('POST /add-cars', 'saved');
    serve('GET /get-cars', success([swift]));
    const { user, router } = renderRoute('/renting');
    await user.type(await screen.findByLabelText('Picture address'), 'https://example.com/kwid.jpg');
    await describeKwid(user);
    await choose(user, textNamedAsPhoto('car.jpg'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const question = await screen.findByRole('dialog', { name: 'List this car without photos?' });
    await user.click(within(question).getByRole('button', { name: 'Choose other photos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(adds).toEqual([]);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const again = await screen.findByRole('dialog', { name: 'List this car without photos?' });
    await user.click(within(again).getByRole('button', { name: 'List without photos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(adds).toHaveLength(1);
  });

  it('pauses a saved car none of whose photos the server took, and lists it without them only when asked to', async () => {
    const newId = uuid(196);
    serve('POST /add-cars', () => HttpResponse.text('saved', { status: 201, headers: { location: `/get-car/${newId}` } }));
    serve('POST /api/cars/:id/photos', fail(503, 'The service is busy: try again in a minute.'));
    const pauses = serve('POST /api/cars/:id/pause', { ...swift, id: newId, paused: true });
    const resumes = serve('POST /api/cars/:id/resume', { ...swift, id: newId, paused: false });
    serve('GET /get-cars', success([swift]));
    const { user, router } = renderRoute('/renting');
    await describeKwid(user);
    await choose(user, image('front.jpg'), image('side.jpg'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const question = await screen.findByRole('dialog', { name: 'List this car without photos?' });
    expect(pauses.map((call) => call.params.id)).toEqual([newId]);
    expect(question).toHaveTextContent('so the car is paused: renters do not see it.');
    await user.click(within(question).getByRole('button', { name: 'Keep it paused' }));
    expect(
      await screen.findByText(
        'Your car was saved but is paused, since none of its photos was uploaded: add them from the car’s edit page, then resume it in Your Cars.',
      ),
    ).toBeInTheDocument();
    expect(resumes).toEqual([]);
    expect(router.state.location.pathname).toBe('/renting');
    await user.click(screen.getByRole('link', { name: 'Go to Your Cars' }));
    expect(await findNotice('Renault Kwid is paused.')).toBeInTheDocument();
  });

  it('resumes that car when the owner lists it without photos', async () => {
    const newId = uuid(195);
    serve('POST /add-cars', () => HttpResponse.text('saved', { status: 201, headers: { location: `/get-car/${newId}` } }));
    serve('POST /api/cars/:id/photos', fail(503, 'The service is busy: try again in a minute.'));
    serve('POST /api/cars/:id/pause', { ...swift, id: newId, paused: true });
    const resumes = serve('POST /api/cars/:id/resume', { ...swift, id: newId, paused: false });
    serve('GET /get-cars', success([swift]));
    const { user, router } = renderRoute('/renting');
    await describeKwid(user);
    await choose(user, image('front.jpg'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const question = await screen.findByRole('dialog', { name: 'List this car without photos?' });
    await user.click(within(question).getByRole('button', { name: 'List without photos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(resumes.map((call) => call.params.id)).toEqual([newId]);
    expect(await findNotice('Renault Kwid is listed.')).toBeInTheDocument();
  });

  it('refuses photos past the sixth', async () => {
    const { user } = renderRoute('/renting');
    await screen.findByRole('heading', { name: 'Add Your Car' });
    await choose(user, ...[1, 2, 3, 4, 5, 6, 7].map((n) => image(`p${n}.jpg`)));
    expect(tiles()).toHaveLength(6);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A car can have at most 6 photos: only 6 more could be added, so p7.jpg was left out.',
    );
    expect(screen.getByLabelText('Add photos')).toBeDisabled();
  });

  it('moves photos left and right and makes one the cover', async () => {
    const { user } = renderRoute('/renting');
    await screen.findByRole('heading', { name: 'Add Your Car' });
    await choose(user, image('a.jpg'), image('b.jpg'), image('c.jpg'));
    expect(screen.getByRole('button', { name: 'Move left a.jpg' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move right c.jpg' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move right a.jpg' }));
    expect(tileNames()).toEqual(['b.jpg (cover)', 'a.jpg', 'c.jpg']);
    await user.click(screen.getByRole('button', { name: 'Make cover c.jpg' }));
    expect(tileNames()).toEqual(['c.jpg (cover)', 'b.jpg', 'a.jpg']);
    await user.click(screen.getByRole('button', { name: 'Move left a.jpg' }));
    expect(tileNames()).toEqual(['c.jpg (cover)', 'a.jpg', 'b.jpg']);
  });

  it('makes the image link optional once photos are chosen', async () => {
    const { user } = renderRoute('/renting');
    expect(await screen.findByLabelText('Picture address')).toBeRequired();
    await choose(user, image('a.jpg'));
    expect(screen.getByLabelText('Picture address')).not.toBeRequired();
  });

  it('saves the car without a link, then uploads each photo in order, cover first, and goes to Your Cars', async () => {
    const newId = uuid(199);
    const adds = serve('POST /add-cars', () =>
      HttpResponse.text('saved', { status: 201, headers: { location: `/get-car/${newId}` } }),
    );
    let stored = 0;
    const uploads = serve('POST /api/cars/:id/photos', () => {
      stored += 1;
      return photo(stored);
    });
    serve('GET /get-cars', success([swift, creta]));
    const { user, router } = renderRoute('/renting');
    await describeKwid(user);
    await choose(user, image('front.jpg', 'image/jpeg', 2000), image('side.png', 'image/png', 3000));
    await user.click(screen.getByRole('button', { name: 'Make cover side.png' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(adds).toHaveLength(1);
    expect(adds[0]?.body).not.toHaveProperty('url');
    expect(uploads.map((call) => call.params.id)).toEqual([newId, newId]);
    // Told apart by size: the file names do not survive jsdom's form on its way to the fake server.
    const sent = uploads.map((call) => (call.body as FormData).get('photo'));
    expect(sent.map((file) => (file as File).size)).toEqual([3000, 2000]);
  });

  it("shows each photo's outcome and the server's reason when one is refused, and leaves the way to Your Cars", async () => {
    const newId = uuid(198);
    serve('POST /add-cars', () => HttpResponse.text('saved', { status: 201, headers: { location: `/get-car/${newId}` } }));
    let calls = 0;
    serve('POST /api/cars/:id/photos', () => {
      calls += 1;
      return calls === 1 ? fail(415, 'A photo must be a JPEG, PNG or WebP image.') : photo(1);
    });
    const { user, router } = renderRoute('/renting');
    await user.type(await screen.findByLabelText('Picture address'), 'https://example.com/kwid.jpg');
    await describeKwid(user);
    await choose(user, image('renamed.jpg'), image('real.jpg'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const uploadsList = await screen.findByRole('list', { name: 'Photo uploads' });
    await waitFor(() => expect(within(uploadsList).getByText('Uploaded')).toBeInTheDocument());
    const [first, second] = within(uploadsList).getAllByRole('listitem');
    expect(first).toHaveTextContent('renamed.jpgNot uploaded');
    expect(within(first as HTMLElement).getByRole('alert')).toHaveTextContent('A photo must be a JPEG, PNG or WebP image.');
    expect(second).toHaveTextContent('real.jpgUploaded');
    expect(
      await screen.findByText(
        'Your car was saved, but not every photo was uploaded. Add the missing ones from the car’s edit page.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/renting');
    expect(screen.getByRole('link', { name: 'Go to Your Cars' })).toHaveAttribute('href', '/get/cars');

    // The car is listed all the same, and Your Cars says so.
    serve('GET /get-cars', success([swift]));
    await user.click(screen.getByRole('link', { name: 'Go to Your Cars' }));
    expect(await findNotice('Renault Kwid is listed.')).toBeInTheDocument();
  });
});

describe('Edit Car: photos', () => {
  const withPhotos = { ...swift, photos: [photo(1), photo(2), photo(3)] };

  it('shows the stored photos from the API server with srcset, the cover first', async () => {
    serve('GET /get-car/:id', success(withPhotos));
    renderRoute(`/get/car/${swift.id}`);
    await screen.findByRole('heading', { name: 'Photos' });
    expect(tileNames()).toEqual(['Photo 1 (cover)', 'Photo 2', 'Photo 3']);
    const cover = within(tiles()[0] as HTMLElement).getByRole('img');
    expect(cover).toHaveAttribute('src', `${API}${photo(1).url}`);
    expect(cover.getAttribute('srcset')).toBe(
      `${API}/uploads/${'1'.padStart(32, '0')}-400.webp 400w, ${API}/uploads/${'1'.padStart(32, '0')}-1200.webp 1200w`,
    );
    expect(screen.getByLabelText('Picture address')).not.toBeRequired();
  });

  it('sends the new order with the cover, and shows what the server answers', async () => {
    serve('GET /get-car/:id', success(withPhotos));
    const orders = serve('PUT /api/cars/:id/photos', () => [photo(3), photo(1), photo(2)]);
    const { user } = renderRoute(`/get/car/${swift.id}`);
    await screen.findByRole('heading', { name: 'Photos' });
    await user.click(screen.getByRole('button', { name: 'Make cover Photo 3' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]?.body).toEqual({ order: [photo(3).id, photo(1).id, photo(2).id], cover: photo(3).id });
    expect(orders[0]?.params.id).toBe(swift.id);
    await waitFor(() =>
      expect(tiles().map((tile) => within(tile).getByRole('img').getAttribute('src'))).toEqual(
        [3, 1, 2].map((n) => `${API}${photo(n).url}`),
      ),
    );
    expect(await findNotice('Photo 3 is now the cover.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move right Photo 2' }));
    expect(await findNotice('Photo 2 is now photo 3.')).toBeInTheDocument();
    expect(screen.queryByText('Photo 3 is now the cover.')).not.toBeInTheDocument();
  });

  it("removes a photo, and shows the server's refusal", async () => {
    serve('GET /get-car/:id', success(withPhotos));
    const removals = serve('DELETE /api/cars/:id/photos/:photoId', () => [photo(2), photo(3)]);
    const { user } = renderRoute(`/get/car/${swift.id}`);
    await screen.findByRole('heading', { name: 'Photos' });
    await user.click(screen.getByRole('button', { name: 'Remove Photo 1' }));
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(removals[0]?.params).toEqual({ id: swift.id, photoId: photo(1).id });
    const notice = await findNotice('Photo 1 removed.');

    serve('DELETE /api/cars/:id/photos/:photoId', fail(404, 'There is no such photo of this car.'));
    await user.click(screen.getByRole('button', { name: 'Remove Photo 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such photo of this car.');
    expect(notice).toBeEmptyDOMElement();
  });

  it('uploads a chosen photo at once and adds it to the list', async () => {
    serve('GET /get-car/:id', () =>
      success({ ...withPhotos, photos: uploads.length > 0 ? [photo(1), photo(2), photo(3), photo(4)] : withPhotos.photos }),
    );
    const uploads = serve('POST /api/cars/:id/photos', photo(4));
    const { user } = renderRoute(`/get/car/${swift.id}`);
    await screen.findByRole('heading', { name: 'Photos' });
    await choose(user, image('new.jpg'));
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(uploads.map((call) => ((call.body as FormData).get('photo') as File).size)).toEqual([2048]);
    expect(within(screen.getByRole('list', { name: 'Photo uploads' })).getByText('Uploaded')).toBeInTheDocument();
    expect(await findNotice('1 photo uploaded.')).toBeInTheDocument();
  });
});

describe('a chosen photo, made ready on the device', () => {
  const head = async (file: File) => new Uint8Array(await file.arrayBuffer());

  it('is told by its bytes, never its name, and its size read from its header', async () => {
    for (const [type, width, height] of [
      ['image/jpeg', 4032, 3024],
      ['image/png', 20_000, 20_000],
      ['image/webp', 16_383, 9_000],
    ] as const) {
      const bytes = await head(photoFile('x.bin', type, { width, height }));
      expect(sniffPhotoType(bytes)).toBe(type);
      expect(headerPixelSize(bytes, type)).toEqual({ width, height });
    }
    expect(sniffPhotoType(await head(textNamedAsPhoto('car.jpg')))).toBeUndefined();
    expect(sniffPhotoType(await head(new File([new Uint8Array(64)], 'blank.png')))).toBeUndefined();
  });

  it('goes as it is within both limits, without scaling', async () => {
    const downscale = vi.fn<(photo: Blob, longSide: number) => Promise<Blob>>();
    const file = photoFile('ok.jpg', 'image/jpeg', { width: 6000, height: 6000, bytes: 8 * MB });
    expect(await preparePhoto(file, downscale)).toEqual({ file });
    expect(downscale).not.toHaveBeenCalled();
  });

  it('is refused at once when it is not a JPEG, PNG or WebP', async () => {
    const downscale = vi.fn<(photo: Blob, longSide: number) => Promise<Blob>>();
    expect(await preparePhoto(textNamedAsPhoto('car.jpg'), downscale)).toEqual({
      refused: 'car.jpg: A photo must be a JPEG, PNG or WebP image.',
    });
    expect(downscale).not.toHaveBeenCalled();
  });

  it('over either limit is scaled to 4,000 px on its long side, and refused only when it still does not fit', async () => {
    const scaledTo = (bytes: number) =>
      vi.fn(async (_photo: Blob, _longSide: number) => new Blob([new Uint8Array(bytes)], { type: 'image/webp' }));
    const huge = photoFile('huge.png', 'image/png', { width: 20_000, height: 20_000 });
    const heavy = photoFile('heavy.jpg', 'image/jpeg', { bytes: 8 * MB + 1 });

    const fits = scaledTo(MB);
    const prepared = await preparePhoto(huge, fits);
    expect(fits).toHaveBeenCalledWith(huge, 4000);
    expect('file' in prepared && [prepared.file.name, prepared.file.type, prepared.file.size]).toEqual([
      'huge.png',
      'image/webp',
      MB,
    ]);
    expect(await preparePhoto(heavy, fits)).toMatchObject({ file: { type: 'image/webp', size: MB } });

    const stillHeavy = scaledTo(8 * MB + 1);
    expect(await preparePhoto(heavy, stillHeavy)).toEqual({ refused: 'heavy.jpg: A photo must be at most 8 MB.' });
    const cannot = vi.fn(() => Promise.reject(new Error('out of memory')));
    expect(await preparePhoto(huge, cannot)).toEqual({ refused: 'huge.png: 20,000 × 20,000 px is more than 40 megapixels.' });
  });
});
