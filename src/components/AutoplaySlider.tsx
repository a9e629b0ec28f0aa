import { useEffect, useRef, useState, type ReactNode } from 'react';
import SlickSlider, { type Settings } from 'react-slick';
import 'slick-carousel/slick/slick.css';
import '../styles/slider.css';
import { cjsDefault } from './cjs-default';

const Slider = cjsDefault(SlickSlider);

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
 * reduced motion get it paused from the start.
 */
export function AutoplaySlider({ label, settings, children }: AutoplaySliderProps) {
  const frame = useRef<HTMLElement>(null);
  const slider = useRef<SlickSlider>(null);
  const [autoplayAtStart] = useState(() => Boolean(settings.autoplay) && !prefersReducedMotion());
  const [playing, setPlaying] = useState(autoplayAtStart);

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

  const toggle = () => {
    if (playing) slider.current?.slickPause();
    else slider.current?.slickPlay();
    setPlaying(!playing);
  };

  return (
    <section ref={frame} className="autoplay-slider" aria-roledescription="carousel" aria-label={label}>
      <Slider ref={slider} {...settings} autoplay={autoplayAtStart}>
        {children}
      </Slider>
      <button type="button" className="btn btn-light btn-sm autoplay-slider__toggle" onClick={toggle}>
        {playing ? 'Pause' : 'Play'}
        <span className="visually-hidden"> {label}</span>
      </button>
    </section>
  );
}
