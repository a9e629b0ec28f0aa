import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Settings } from 'react-slick';
import { t } from '../lib/i18n';
import { FirstSlides, useCarousel } from './FirstSlides';

interface AutoplaySliderProps {
  /** What the carousel shows, read out as its name ("Offers", "What our customers say"). */
  label: string;
  settings: Settings;
  children: ReactNode;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * react-slick with the slider styles (loaded only by pages that show a slider) and a Pause/Play
 * button, because content that moves by itself must be stoppable. People who ask their system for
 * reduced motion get it paused from the start. Until react-slick arrives, the first slides stand still.
 */
export function AutoplaySlider({ label, settings, children }: AutoplaySliderProps) {
  const frame = useRef<HTMLElement>(null);
  const [playing, setPlaying] = useState(Boolean(settings.autoplay));
  const Carousel = useCarousel();

  // Read after hydration: the prerendered page cannot know the visitor's setting.
  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);

  // react-slick hides the slides out of view with aria-hidden but leaves their links in the tab
  // order; inert takes them out of it too, and follows every slide change.
  useEffect(() => {
    const root = frame.current;
    if (!root) return undefined;
    const syncInert = () =>
      root.querySelectorAll('.slick-slide').forEach((slide) => {
        slide.toggleAttribute('inert', slide.getAttribute('aria-hidden') === 'true');
      });
    syncInert();
    const observer = new MutationObserver(syncInert);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={frame} className="autoplay-slider" aria-roledescription="carousel" aria-label={label}>
      {Carousel ? (
        <Carousel settings={settings} playing={playing}>
          {children}
        </Carousel>
      ) : (
        <FirstSlides settings={settings}>{children}</FirstSlides>
      )}
      <button type="button" className="btn btn-light btn-sm autoplay-slider__toggle" onClick={() => setPlaying(!playing)}>
        {t(playing ? 'common.slider.pause' : 'common.slider.play')}
        <span className="visually-hidden"> {label}</span>
      </button>
    </section>
  );
}
