import { API_URL } from '../config/env';
import { UPLOADS_PATH } from '../domain/photo-urls';

/** A file the server stored from an upload (`/uploads/{key}-{width}.webp`), not a path an owner pasted. */
const isUploaded = (url: string) => url.startsWith(`${UPLOADS_PATH}/`) && url.endsWith('.webp');

/**
 * Uploaded photos served through the API server (`/uploads/…`) are its files, and under `npm run
 * dev` it is another origin than the app: their addresses are the API's. Any other address (a
 * photo store's own, which the API gives whole when it has one; an owner's pasted link; the app's
 * own images) is left as it is.
 */
export function photoSrc(url: string): string {
  return isUploaded(url) ? `${API_URL}${url}` : url;
}

/** `srcset` ("/uploads/k-400.webp 400w, …") with each address the API's. */
export function photoSrcset(srcset: string): string {
  return srcset
    .split(',')
    .map((entry) => {
      const [url = '', width = ''] = entry.trim().split(/\s+/);
      return `${photoSrc(url)} ${width}`.trim();
    })
    .join(', ');
}
