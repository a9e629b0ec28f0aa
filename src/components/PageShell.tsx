import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { useSession } from '../lib/auth/session';
import { useSignOut } from '../lib/auth/useSignOut';
import { ErrorAlert } from './ErrorAlert';

interface PageShellProps {
  title: string;
  /** Forms read best in a narrow column; lists use the full width. */
  narrow?: boolean;
  children: ReactNode;
}

/**
 * The frame of the screens that live outside the marketing layout (sign-in, registration, owner
 * screens): a way back home, who is signed in with a way out, and the page heading.
 */
export function PageShell({ title, narrow = false, children }: PageShellProps) {
  const { user } = useSession();
  const { signOutAndLeave, error, dismissError } = useSignOut();

  return (
    <Container as="main" className="py-4" style={narrow ? { maxWidth: '34rem' } : undefined}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <Link to={paths.home} className="fs-4 fw-bold text-decoration-none">
          {PRODUCT_NAME}
        </Link>
        {user ? (
          <div className="d-flex align-items-center gap-2">
            <span className="text-muted small">Signed in as {user.username}</span>
            <Button variant="outline-secondary" size="sm" onClick={() => void signOutAndLeave()}>
              Sign out
            </Button>
          </div>
        ) : null}
      </div>
      <ErrorAlert message={error} onClose={dismissError} />
      <h1 className="h2 mb-4">{title}</h1>
      {children}
    </Container>
  );
}
