import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { SectionTitle } from './SectionTitle';

interface PageSectionProps {
  /** The section's two-line heading; left out, the section has none of its own. */
  heading?: { lead: string; title: string };
  /** The light grey band that sets alternate sections apart. */
  band?: boolean;
  children: ReactNode;
}

/** One full-width band of a marketing page: spacing, the page's column, and a heading. */
export function PageSection({ heading, band = false, children }: PageSectionProps) {
  return (
    <section className={band ? 'section band-light' : 'section'}>
      <Container>
        {heading ? <SectionTitle lead={heading.lead} title={heading.title} /> : null}
        {children}
      </Container>
    </section>
  );
}
