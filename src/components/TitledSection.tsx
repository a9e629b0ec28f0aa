import type { ReactNode } from 'react';

/** A part of a settings page under its own heading, which names the section for assistive technology. */
export function TitledSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-5">
      <h2 id={id} className="h4 mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}
