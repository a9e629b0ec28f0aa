import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways when the screen is narrower than it, as on a phone. The scrolling
 * box is a named region a keyboard can reach, so someone without a pointer can scroll it too.
 */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls, and arrow keys scroll it only once it has focus.
    <section className="table-responsive" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
