import { useState } from 'react';
import { t } from '../lib/i18n';
import { photoSrc, photoSrcset } from '../lib/photo-src';

const CAR_PLACEHOLDER_IMAGE = '/images/cars/placeholder.svg';

/** A card's width in a grid of cars (one, two or three to a row): the browser picks the photo version from it. */
export const CAR_CARD_IMAGE_SIZES = '(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw';

interface CarImageProps {
  src: string;
  carName: string;
  className?: string;
  /** An uploaded photo's versions by width, with `sizes` saying how wide the image shows, so a phone fetches the small one. */
  srcset?: string;
  sizes?: string;
  /**
   * The page's largest picture on its first screen: fetched at once and ahead of the rest, since the
   * page's Largest Contentful Paint waits for it; the others load when scrolled near.
   */
  priority?: boolean;
}

/** A car's picture in a fixed 16:10 box; an owner's broken image link falls back to a neutral silhouette. */
export function CarImage({ src, carName, className = '', srcset, sizes, priority = false }: CarImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showPlaceholder = !src || failedSrc === src;
  return (
    <div className={`ratio ratio-16x10 ${className}`}>
      <img
        src={showPlaceholder ? CAR_PLACEHOLDER_IMAGE : photoSrc(src)}
        srcSet={showPlaceholder || !srcset ? undefined : photoSrcset(srcset)}
        sizes={showPlaceholder || !srcset ? undefined : sizes}
        alt={showPlaceholder ? t('common.carImage.noPhoto', { carName }) : carName}
        width={320}
        height={200}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onError={() => {
          if (!showPlaceholder) setFailedSrc(src);
        }}
      />
    </div>
  );
}
