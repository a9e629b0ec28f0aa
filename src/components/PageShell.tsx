import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { useSession } from '../app/session';

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
  const { user, signOut } = useSession();
  const navigate = useNavigate();

  const handleSignOut = () => {
    // Leave first: signing out while still on an owner page would make its guard send the person to /login.
    navigate(paths.landing);
    signOut().catch(() => {
      // Nothing to show: the session provider forgets the user here even when the server cannot be reached.
    });
  };

  return (
    <Container as="main" className="py-4" style={narrow ? { maxWidth: '34rem' } : undefined}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <Link to={paths.home} className="fs-4 fw-bold text-decoration-none">
          {PRODUCT_NAME}
        </Link>
        {user ? (
          <div className="d-flex align-items-center gap-2">
            <span className="text-muted small">Signed in as {user.username}</span>
            <Button variant="outline-secondary" size="sm" onClick={handleSignOut}>
              Sign out
            </Button>
          </div>
        ) : null}
      </div>
      <h1 className="h2 mb-4">{title}</h1>
      {children}
    </Container>
  );
}
