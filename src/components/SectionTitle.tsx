interface SectionTitleProps {
  /** The small first line, such as "See our". */
  lead: string;
  /** The heading itself, such as "Popular Services". */
  title: string;
  className?: string;
}

/** The two-line section heading used across the marketing pages; both lines form the heading's name. */
export function SectionTitle({ lead, title, className = 'text-center mb-4' }: SectionTitleProps) {
  return (
    <h2 className={className}>
      <span className="d-block section-title__lead">{lead}</span>
      <span className="d-block">{title}</span>
    </h2>
  );
}
