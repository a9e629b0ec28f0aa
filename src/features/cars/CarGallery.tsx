import type { Settings } from 'react-slick';
import { CarImage } from '../../components/CarImage';
import { FirstSlides, useCarousel } from '../../components/FirstSlides';
import type { CarPhoto } from '../../domain/contract';
import { t } from './words';

/** The car page's picture column: the whole width on a phone, seven twelfths from `lg`. */
export const CAR_PAGE_IMAGE_SIZES = '(min-width: 992px) 58vw, 100vw';

/** One photo at a time, moved by the arrows, the dots or a swipe; never by itself, so nothing moves unasked. */
const SETTINGS: Settings = { dots: true, arrows: true, infinite: false, speed: 300, adaptiveHeight: false };

interface CarGalleryProps {
  carName: string;
  photos: readonly Pick<CarPhoto, 'url' | 'srcset'>[];
  className?: string;
}

/** A car's uploaded photos, the cover first: a slider when there are several, the photo itself when there is one. */
export function CarGallery({ carName, photos, className = '' }: CarGalleryProps) {
  const Carousel = useCarousel();
  const [cover] = photos;
  if (!cover) return null;
  if (photos.length === 1) {
    return (
      <CarImage
        src={cover.url}
        srcset={cover.srcset}
        sizes={CAR_PAGE_IMAGE_SIZES}
        carName={carName}
        className={className}
        priority
      />
    );
  }
  const slides = photos.map((photo, index) => (
    <div key={photo.url}>
      <CarImage
        src={photo.url}
        srcset={photo.srcset}
        sizes={CAR_PAGE_IMAGE_SIZES}
        carName={t('cars.gallery.photo', { carName, number: index + 1, count: photos.length })}
        className="rounded"
        priority={index === 0}
      />
    </div>
  ));
  return (
    <section
      className={`car-gallery ${className}`}
      aria-roledescription="carousel"
      aria-label={t('cars.gallery.label', { carName })}
    >
      {Carousel ? (
        <Carousel settings={SETTINGS} playing={false}>
          {slides}
        </Carousel>
      ) : (
        <FirstSlides settings={SETTINGS}>{slides}</FirstSlides>
      )}
    </section>
  );
}
