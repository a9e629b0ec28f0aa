import type { MouseEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Dropdown from 'react-bootstrap/Dropdown';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { Icon } from '../components/icons';
import type { Account, NotificationSummary, Role } from '../domain/contract';
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

/** The signed-in account's own screens, in its menu; fleet cars' requests are answered by admins. */
const accountLinks: Record<Role, AccountLink[]> = {
  user: [
    { to: paths.myBookings, label: 'My bookings', counts: 'bookingUpdates' },
    { to: paths.account, label: 'Account' },
  ],
  owner: [
    { to: paths.ownerCars, label: 'My cars' },
    { to: paths.rentalRequests, label: 'Rental requests', counts: 'requestsAwaitingAnswer' },
    { to: paths.account, label: 'Account' },
  ],
  admin: [
    { to: paths.admin, label: 'Admin console' },
    { to: paths.rentalRequests, label: 'Rental requests', counts: 'requestsAwaitingAnswer' },
    { to: paths.account, label: 'Account' },
  ],
};

/** What a badge's number means, said with the link's name, since a bare number read aloud says nothing. */
const countWords: Record<Count, (count: number) => string> = {
  requestsAwaitingAnswer: (count) => `${count} awaiting your answer`,
  bookingUpdates: (count) => `${count} ${count === 1 ? 'booking' : 'bookings'} updated`,
};

/**
 * The count as the account menu's button names it. The button shows the name, then the count, so
 * its name says them in that order (a voice user says what they see: WCAG 2.5.3), and the count
 * carries its own noun since the link it belongs to is not named beside it.
 */
const toggleCountWords: Record<Count, (count: number) => string> = {
  requestsAwaitingAnswer: (count) => `${count} rental ${count === 1 ? 'request' : 'requests'} awaiting your answer`,
  bookingUpdates: countWords.bookingUpdates,
};

/** The link's count, 0 while unknown or for a link that counts nothing. */
function countOf(link: AccountLink, summary: NotificationSummary | undefined): number {
  return link.counts && summary ? summary[link.counts] : 0;
}

/** "Rental requests, 1 awaiting your answer" while the link has a count to tell, else nothing beyond its text. */
function countedName(link: AccountLink, count: number): string | undefined {
  return link.counts && count > 0 ? `${link.label}, ${countWords[link.counts](count)}` : undefined;
}

function CountBadge({ count }: { count: number }) {
  return count > 0 ? (
    <Badge pill bg="danger" className="ms-1">
      {count}
    </Badge>
  ) : null;
}

interface AccountMenuProps {
  user: Account;
  summary: NotificationSummary | undefined;
  onLogout: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The signed-in person's name as a menu of their own screens and Logout. It stays outside the
 * collapsing navigation, so on a phone it sits beside the Menu button and its badge is seen without
 * opening anything; the toggle names the count, and the item inside carries it too.
 */
function AccountMenu({ user, summary, onLogout }: AccountMenuProps) {
  const links = accountLinks[user.role];
  const counted = links.find((link) => countOf(link, summary) > 0);
  const count = counted ? countOf(counted, summary) : 0;
  const toggleName = `Signed in as ${user.username}${counted?.counts ? `, ${toggleCountWords[counted.counts](count)}` : ''}`;

  return (
    <Dropdown align="end">
      <Dropdown.Toggle id="account-menu" variant="outline-secondary" aria-label={toggleName}>
        <span className="account-menu__name text-truncate">{user.username}</span> <CountBadge count={count} />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.ItemText className="text-muted small">
          Signed in as <strong>{user.username}</strong>
        </Dropdown.ItemText>
        {links.map((link) => {
          const linkCount = countOf(link, summary);
          return (
            <Dropdown.Item key={link.to} as={NavLink} to={link.to} end aria-label={countedName(link, linkCount)}>
              {link.label}
              <CountBadge count={linkCount} />
            </Dropdown.Item>
          );
        })}
        <Dropdown.Divider />
        <Dropdown.Item href={paths.landing} onClick={onLogout}>
          Logout
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

/**
 * Every page's header but the landing page's: where and when we work, the navigation (a Menu button
 * on phones), and the account: Sign in for visitors; signed in, the person's name opens a menu of
 * their screens and the spec's Logout, which only shows to someone who can log out.
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
                <strong>India</strong> <span className="text-muted">anywhere you want to go!</span>
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
          {/* On phones the account sits before the Menu button; from lg on, after the links, as in the reading order. */}
          <Navbar.Toggle aria-controls="main-navigation" label="Menu" className="order-2" />
          <Navbar.Collapse id="main-navigation" className="order-3 order-lg-1">
            <Nav className="me-auto">
              {mainLinks.map((link) => (
                <Nav.Link key={link.to} as={NavLink} to={link.to} eventKey={link.to} end={link.to !== paths.cars}>
                  {link.label}
                </Nav.Link>
              ))}
            </Nav>
          </Navbar.Collapse>
          <div className="order-1 order-lg-2 ms-auto me-2 me-lg-0 ms-lg-3">
            {user ? (
              <AccountMenu user={user} summary={summary} onLogout={handleLogout} />
            ) : (
              <Link to={paths.login} className="btn btn-outline-primary">
                Sign in
              </Link>
            )}
          </div>
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
