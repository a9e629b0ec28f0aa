import type { MouseEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { Icon } from '../components/icons';
import type { NotificationSummary, Role } from '../domain/contract';
import { useSession } from '../lib/auth/session';
import { useNotificationSummary } from '../features/notifications/queries';
import { useSignOut } from '../lib/auth/useSignOut';
import { ErrorAlert } from '../components/ErrorAlert';

const mainLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About' },
  { to: paths.cars, label: 'Cars' },
  { to: paths.blogs, label: 'Blog' },
  { to: paths.contact, label: 'Contact' },
] as const;

type Count = keyof NotificationSummary;

interface AccountLink {
  to: string;
  label: string;
  /** The count its badge shows, when there is one. */
  counts?: Count;
}

/** The signed-in account's own screens; fleet cars' requests are answered by admins. */
const accountLinks: Record<Role, AccountLink[]> = {
  user: [
    { to: paths.myBookings, label: 'My bookings', counts: 'bookingUpdates' },
    { to: paths.account, label: 'Account' },
  ],
  owner: [
    { to: paths.ownerCars, label: 'Your Cars' },
    { to: paths.rentalRequests, label: 'Rental requests', counts: 'requestsAwaitingAnswer' },
    { to: paths.account, label: 'Account' },
  ],
  admin: [
    { to: paths.rentalRequests, label: 'Rental requests', counts: 'requestsAwaitingAnswer' },
    { to: paths.account, label: 'Account' },
  ],
};

/** What a badge's number means, said with the link's name, since a bare number read aloud says nothing. */
const countWords: Record<Count, (count: number) => string> = {
  requestsAwaitingAnswer: (count) => `${count} awaiting your answer`,
  bookingUpdates: (count) => `${count} ${count === 1 ? 'booking' : 'bookings'} updated`,
};

/** A link with its count, when the count is not zero; nothing is shown while the count is unknown. */
function AccountNavLink({ link, summary }: { link: AccountLink; summary: NotificationSummary | undefined }) {
  const count = link.counts && summary ? summary[link.counts] : 0;
  return (
    <Nav.Link
      as={NavLink}
      to={link.to}
      eventKey={link.to}
      aria-label={link.counts && count > 0 ? `${link.label}, ${countWords[link.counts](count)}` : undefined}
    >
      {link.label}
      {count > 0 ? (
        <Badge pill bg="danger" className="ms-1">
          {count}
        </Badge>
      ) : null}
    </Nav.Link>
  );
}

/**
 * The marketing pages' header: where and when we work, the navigation (a menu button on phones),
 * and the account links. Logout always shows, as the spec asks; signed in, the name and the links
 * for that role show too.
 */
export function Header() {
  const { user } = useSession();
  const { data: summary } = useNotificationSummary({ enabled: user !== null });
  const { signOutAndLeave, error, dismissError } = useSignOut();

  const handleLogout = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void signOutAndLeave();
  };

  return (
    <header>
      <div className="header-top">
        <Container className="d-flex flex-wrap justify-content-between align-items-center gap-2 py-2">
          <div className="d-flex flex-wrap gap-3">
            <p className="d-flex align-items-center gap-2 mb-0">
              <Icon name="location" className="text-primary" />
              <span>
                <strong>India</strong> <span className="text-muted">any where you want to go!</span>
              </span>
            </p>
            <p className="d-flex align-items-center gap-2 mb-0">
              <Icon name="clock" className="text-primary" />
              <span>
                <strong>Sunday to Friday</strong> <span className="text-muted">10am - 7pm</span>
              </span>
            </p>
          </div>
          <Link to={paths.contact} className="btn btn-navy btn-sm">
            <Icon name="phone" size={16} className="me-2" />
            Request a call
          </Link>
        </Container>
      </div>
      <Navbar expand="lg" bg="white" className="shadow-sm" collapseOnSelect>
        <Container>
          <Navbar.Brand as={Link} to={paths.home} className="py-0">
            <img src="/images/logo.svg" alt={`${PRODUCT_NAME} home`} width={176} height={38} />
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="main-navigation" label="Menu" />
          <Navbar.Collapse id="main-navigation">
            <Nav as="ul" className="me-auto">
              {mainLinks.map((link) => (
                <Nav.Item as="li" key={link.to}>
                  <Nav.Link as={NavLink} to={link.to} eventKey={link.to} end={link.to !== paths.cars}>
                    {link.label}
                  </Nav.Link>
                </Nav.Item>
              ))}
            </Nav>
            <Nav as="ul" className="align-items-lg-center">
              {user ? (
                <>
                  <Nav.Item as="li" className="navbar-text me-lg-2">
                    Signed in as <strong>{user.username}</strong>
                  </Nav.Item>
                  {accountLinks[user.role].map((link) => (
                    <Nav.Item as="li" key={link.to}>
                      <AccountNavLink link={link} summary={summary} />
                    </Nav.Item>
                  ))}
                </>
              ) : (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={paths.login} eventKey={paths.login}>
                    Sign in
                  </Nav.Link>
                </Nav.Item>
              )}
              <Nav.Item as="li">
                <Nav.Link href={paths.landing} onClick={handleLogout}>
                  Logout
                </Nav.Link>
              </Nav.Item>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      {error ? (
        <Container className="pt-3">
          <ErrorAlert message={error} onClose={dismissError} />
        </Container>
      ) : null}
    </header>
  );
}
