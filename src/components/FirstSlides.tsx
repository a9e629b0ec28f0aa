import { Children, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import type { Settings } from 'react-slick';
import { whenIdle } from '../lib/when-idle';
import type { SlickCarousel } from './SlickCarousel';
import 'slick-carousel/slick/slick.css';
import '../styles/slider.css';

/**
 * react-slick, fetched once the page is idle: null until then. The first screen (and the
 * prerendered page) shows FirstSlides in its place, so its first paint does not wait for it.
 */
export function useCarousel(): typeof SlickCarousel | null {
  const [Carousel, setCarousel] = useState<typeof SlickCarousel | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      void import('./SlickCarousel').then((module) => {
        if (live) setCarousel(() => module.SlickCarousel);
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return Carousel;
}

/** How many slides react-slick shows at each width (its breakpoints are max-widths), as the CSS variables FirstSlides reads. */
function slidesShown(settings: Settings): CSSProperties {
  const wide = settings.slidesToShow ?? 1;
  const shownUpTo = (width: number, fallback: number) => {
    const rule = settings.responsive
      ?.filter((candidate) => candidate.breakpoint >= width)
      .sort((a, b) => a.breakpoint - b.breakpoint)[0]?.settings;
    return typeof rule === 'object' && rule.slidesToShow !== undefined ? rule.slidesToShow : fallback;
  };
  const medium = shownUpTo(992, wide);
  return { '--slides-wide': wide, '--slides-medium': medium, '--slides-small': shownUpTo(576, medium) } as CSSProperties;
}

/**
 * The slides as react-slick will first lay them out, as plain markup: the first ones in a row, as
 * many to a width as the carousel shows, and room for its dots, so nothing moves when it takes over.
 */
export function FirstSlides({ settings, children }: { settings: Settings; children: ReactNode }) {
  return (
    <>
      <div className="first-slides" style={slidesShown(settings)}>
        {Children.map(children, (slide, index) => (
          // Only the first slide is in view at every width; the carousel says which others are.
          <div inert={index > 0}>{slide}</div>
        ))}
      </div>
      {settings.dots ? <div className="first-slides__dots-space" /> : null}
    </>
  );
}
