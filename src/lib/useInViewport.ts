import { useCallback, useState } from 'react';

/**
 * Whether the element given `ref` has come within a screen's height of the viewport (and stays true
 * from then on), so a part below the fold fetches what it shows only when a person scrolls toward
 * it. True at once where the browser cannot tell (no IntersectionObserver).
 */
export function useNearViewport(): { ref: (element: Element | null) => (() => void) | undefined; near: boolean } {
  const [near, setNear] = useState(false);
  const ref = useCallback((element: Element | null) => {
    if (!element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, near };
}
