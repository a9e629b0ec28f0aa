import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';

interface PageShellProps {
  title: string;
  /** Forms read best in a narrow column; lists use the full width. */
  narrow?: boolean;
  children: ReactNode;
}

/**
 * The page heading and column of the screens outside the marketing pages (sign-in, registration,
 * bookings, owner and admin screens); the site's header above them, with who is signed in and the
 * way out, is the layout's.
 */
export function PageShell({ title, narrow = false, children }: PageShellProps) {
  return (
    <Container className="py-4" style={narrow ? { maxWidth: '34rem' } : undefined}>
      <h1 className="h2 mb-4">{title}</h1>
      {children}
    </Container>
  );
}
