import { useState } from 'react';

const CAR_PLACEHOLDER_IMAGE = '/images/cars/placeholder.svg';

interface CarImageProps {
  src: string;
  carName: string;
  className?: string;
}

/** A car's picture in a fixed 16:10 box; an owner's broken image link falls back to a neutral silhouette. */
export function CarImage({ src, carName, className = '' }: CarImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showPlaceholder = !src || failedSrc === src;
  return (
    <div className={`ratio ratio-16x10 ${className}`}>
      <img
        src={showPlaceholder ? CAR_PLACEHOLDER_IMAGE : src}
        alt={showPlaceholder ? `${carName} (no photo available)` : carName}
        loading="lazy"
        decoding="async"
        onError={() => {
          if (!showPlaceholder) setFailedSrc(src);
        }}
      />
    </div>
  );
}
