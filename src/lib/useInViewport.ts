import { useCallback, useState } from 'react';

interface InViewportOptions {
  /** How far around the viewport still counts (IntersectionObserver's rootMargin). */
  margin?: string;
  /** Stay true once the element has been in view, and stop watching. */
  once?: boolean;
  /** The answer where the browser cannot tell (no IntersectionObserver). */
  whenUnknown: boolean;
}

/**
 * Whether the element given `ref` is within the viewport (widened by `margin`): a part below the fold
 * fetches what it shows only when a person scrolls toward it, and the phone's Book bar steps aside
 * while the checkout it leads to is on screen.
 */
export function useInViewport({ margin = '0px', once = false, whenUnknown }: InViewportOptions): {
  ref: (element: Element | null) => (() => void) | undefined;
  inView: boolean;
} {
  const [inView, setInView] = useState(false);
  const ref = useCallback(
    (element: Element | null) => {
      if (!element) return undefined;
      if (typeof IntersectionObserver === 'undefined') {
        setInView(whenUnknown);
        return undefined;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          const seen = entries.some((entry) => entry.isIntersecting);
          if (once && !seen) return;
          setInView(seen);
          if (once) observer.disconnect();
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, once, whenUnknown],
  );
  return { ref, inView };
}

/**
 * Whether the element given `ref` has come within a screen's height of the viewport (and stays true
 * from then on), so a part below the fold fetches what it shows only when a person scrolls toward
 * it. True at once where the browser cannot tell.
 */
export function useNearViewport(): { ref: (element: Element | null) => (() => void) | undefined; near: boolean } {
  const { ref, inView } = useInViewport({ margin: '100% 0px', once: true, whenUnknown: true });
  return { ref, near: inView };
}
