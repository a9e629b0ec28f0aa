import type { CheckMessage } from '../domain/issue-message';
import { PHOTO_BYTES_MAX, PHOTO_LONG_SIDE_SCALED, PHOTO_PIXELS_MAX } from '../domain/limits';
import { PHOTO_REFUSALS, type PHOTO_TYPES, tooManyPixels } from '../domain/schemas/car-photos';

// What an image file really is, read from its bytes as the server reads them (never from its name
// or the type the system guesses from it), and how the browser makes a large one smaller.

export type PhotoType = (typeof PHOTO_TYPES)[number];

export interface PixelSize {
  width: number;
  height: number;
}

/** Enough of a file for its type and size: a JPEG's size comes after its EXIF, colour profile and thumbnail. */
export const IMAGE_HEAD_BYTES = 512 * 1024;

const startsWith = (bytes: Uint8Array, expected: readonly number[], at = 0) =>
  expected.every((byte, index) => bytes[at + index] === byte);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** The type a file's first bytes say it is, among those the server takes; undefined for anything else (a text file named .jpg). */
export function sniffPhotoType(head: Uint8Array): PhotoType | undefined {
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  return undefined;
}

/** A JPEG's frame header (SOF0 to SOF15; C4, C8 and CC are other markers) holds its size. */
const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegSize(view: DataView): PixelSize | undefined {
  let at = 2;
  while (at + 9 <= view.byteLength) {
    if (view.getUint8(at) !== 0xff) return undefined;
    const marker = view.getUint8(at + 1);
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (isFrameMarker(marker)) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

function webpSize(view: DataView, head: Uint8Array): PixelSize | undefined {
  const chunk = String.fromCharCode(...head.subarray(12, 16));
  if (chunk === 'VP8X' && view.byteLength >= 30) {
    const uint24 = (at: number) => view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getUint8(at + 2) << 16);
    return { width: uint24(24) + 1, height: uint24(27) + 1 };
  }
  if (chunk === 'VP8L' && view.byteLength >= 25) {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && view.byteLength >= 30) {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return undefined;
}

/**
 * A photo's size in pixels from its header, without decoding it (a 20,000 × 20,000 px photo would
 * not fit in a phone's memory); undefined when the head given does not say.
 */
export function headerPixelSize(head: Uint8Array, type: PhotoType): PixelSize | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (type === 'image/png') return view.byteLength >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : undefined;
  if (type === 'image/webp') return webpSize(view, head);
  return jpegSize(view);
}

/** Makes a photo at most `longSide` px on its long side, re-encoded; fails when the browser cannot. */
export type Downscale = (photo: Blob, longSide: number) => Promise<Blob>;

const QUALITY = 0.9;

interface Surface {
  context: CanvasDrawImage | null;
  encode: (type: string) => Promise<Blob | null>;
}

/** A canvas off the page's thread where the browser has one, else one that is never shown. */
function surface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    return { context: canvas.getContext('2d'), encode: (type) => canvas.convertToBlob({ type, quality: QUALITY }) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return {
    context: canvas.getContext('2d'),
    encode: (type) => new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY)),
  };
}

/**
 * The browser's downscale: decoded (turned upright by its EXIF orientation), drawn smaller on a
 * canvas, and encoded as WebP, which keeps a PNG's transparency; as JPEG where the browser cannot
 * encode WebP (it answers PNG instead).
 */
export const downscaleInBrowser: Downscale = async (photo, longSide) => {
  const bitmap = await createImageBitmap(photo);
  try {
    const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const { context, encode } = surface(width, height);
    if (!context) throw new Error('no 2D canvas to scale the photo on');
    context.drawImage(bitmap, 0, 0, width, height);
    const webp = await encode('image/webp');
    const encoded = webp?.type === 'image/webp' ? webp : await encode('image/jpeg');
    if (!encoded) throw new Error('the scaled photo could not be encoded');
    return encoded;
  } finally {
    bitmap.close();
  }
};

/** A chosen file as it will be sent (itself, or made smaller), or the limit it broke. */
export type FittedPhoto = { file: File } | { refused: CheckMessage };

/**
 * One chosen file: refused at once unless its bytes are a JPEG, PNG or WebP; over either limit (its
 * pixels read from its header, its bytes), made at most 4,000 px on its long side by `downscale`;
 * refused, in words of the limit it broke, only when that fails or leaves it still too large.
 */
export async function fitPhoto(file: File, downscale: Downscale = downscaleInBrowser): Promise<FittedPhoto> {
  const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
  const type = sniffPhotoType(head);
  if (!type) return { refused: PHOTO_REFUSALS.wrongType };
  const size = headerPixelSize(head, type);
  const overPixels = size !== undefined && size.width * size.height > PHOTO_PIXELS_MAX;
  if (!overPixels && file.size <= PHOTO_BYTES_MAX) return { file };
  const scaled = await downscale(file, PHOTO_LONG_SIDE_SCALED).catch(() => undefined);
  // Still under the name it was chosen by: its type says what it now is.
  if (scaled && scaled.size <= PHOTO_BYTES_MAX) return { file: new File([scaled], file.name, { type: scaled.type }) };
  return { refused: overPixels ? tooManyPixels(size.width, size.height) : PHOTO_REFUSALS.tooLarge };
}
