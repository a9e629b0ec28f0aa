/**
 * Where an uploaded photo's files are served from. The server stores each photo as WebP at these
 * widths under one random key, and answers these addresses; the app puts them in `srcset`.
 */
export const PHOTO_WIDTHS = [400, 1200] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

export const UPLOADS_PATH = '/uploads';

export const photoFileName = (key: string, width: PhotoWidth): string => `${key}-${width}.webp`;

/**
 * The largest version as `url`, every version in `srcset`, each a file name after `base`: the API
 * server's `/uploads`, or the photo store's own public address when it serves the files itself.
 */
export function photoUrls(key: string, base: string): { url: string; srcset: string } {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] as PhotoWidth;
  return {
    url: `${base}/${photoFileName(key, largest)}`,
    srcset: PHOTO_WIDTHS.map((width) => `${base}/${photoFileName(key, width)} ${width}w`).join(', '),
  };
}
