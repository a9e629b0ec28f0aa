import { useEffect, useRef, useState, type ReactNode } from 'react';
import SlickSlider, { type Settings } from 'react-slick';
import { cjsDefault } from './cjs-default';

const Slider = cjsDefault(SlickSlider);

interface SlickCarouselProps {
  settings: Settings;
  /** Whether the slides move by themselves; the frame's Pause/Play button sets it. */
  playing: boolean;
  children: ReactNode;
}

/**
 * react-slick itself, a module of its own so the sliders can fetch it once the page is idle: the
 * first screen shows their first slides without it.
 */
export function SlickCarousel({ settings, playing, children }: SlickCarouselProps) {
  const slider = useRef<SlickSlider>(null);
  // react-slick reads autoplay when it mounts; later changes go through its methods.
  const [playingAtMount] = useState(playing);
  const mounted = useRef(false);

  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (playing) slider.current?.slickPlay();
    else slider.current?.slickPause();
  }, [playing]);

  return (
    <Slider ref={slider} {...settings} autoplay={playingAtMount}>
      {children}
    </Slider>
  );
}
