import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';

interface WayOnProps {
  /** What happened, as the page's heading. */
  title: string;
  /** What it means for the person, and what they can do. */
  children: ReactNode;
  /** Where to go from here, the likeliest first (drawn as the main button). */
  links: readonly { to: string; label: string }[];
}

/** A page that is not where the person meant to be: says what happened and offers the ways on, so no address is a dead end. */
export function WayOn({ title, children, links }: WayOnProps) {
  return (
    <Container className="py-5 text-center" style={{ maxWidth: '40rem' }}>
      <h1 className="h2 mb-3">{title}</h1>
      <p className="mb-4">{children}</p>
      <div className="d-flex flex-wrap justify-content-center gap-3">
        {links.map((link, index) => (
          <Link key={link.to} to={link.to} className={index === 0 ? 'btn btn-primary' : 'btn btn-outline-primary'}>
            {link.label}
          </Link>
        ))}
      </div>
    </Container>
  );
}
