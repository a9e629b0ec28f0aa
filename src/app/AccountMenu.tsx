import type { MouseEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Dropdown from 'react-bootstrap/Dropdown';
import { NavLink } from 'react-router-dom';
import { paths } from '../config/paths';
import type { Account, NotificationSummary, Role } from '../domain/contract';
import { useNotificationSummary } from '../features/notifications/queries';

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
  onLogout: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The signed-in person's name as a menu of their own screens and Logout. It stays outside the
 * collapsing navigation, so on a phone it sits beside the Menu button and its badge is seen without
 * opening anything; the toggle names the count, and the item inside carries it too.
 */
export default function AccountMenu({ user, onLogout }: AccountMenuProps) {
  const { data: summary } = useNotificationSummary({ enabled: true });
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
