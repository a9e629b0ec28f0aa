interface SectionTitleProps {
  /** The small first line, such as "See our". */
  lead: string;
  /** The heading itself, such as "Popular Services". */
  title: string;
  /** Headings below a page's h1 are h2; a section that is the page's main heading can be h1. */
  level?: 1 | 2;
  className?: string;
}

/** The two-line section heading used across the marketing pages; both lines form the heading's name. */
export function SectionTitle({ lead, title, level = 2, className = 'text-center mb-4' }: SectionTitleProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading className={className}>
      <span className="d-block section-title__lead">{lead}</span>
      <span className="d-block">{title}</span>
    </Heading>
  );
}
