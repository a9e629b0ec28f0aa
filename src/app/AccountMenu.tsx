import type { MouseEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Dropdown from 'react-bootstrap/Dropdown';
import { NavLink } from 'react-router-dom';
import { paths } from '../config/paths';
import type { Account, NotificationSummary, Role } from '../domain/contract';
import { useNotificationSummary } from '../features/notifications/queries';
import { t, Words } from './menu-words';

type Count = Exclude<keyof NotificationSummary, 'unreadMessagesIn'>;

interface AccountLink {
  to: string;
  /** The link's words, by id. */
  label: Parameters<typeof t>[0];
  /** The count its badge shows, when there is one. */
  counts?: Count;
}

/** The signed-in account's own screens, in its menu; fleet cars' requests are answered by admins. */
const accountLinks: Record<Role, AccountLink[]> = {
  user: [
    { to: paths.myBookings, label: 'menu.myBookings', counts: 'bookingUpdates' },
    { to: paths.account, label: 'menu.account' },
  ],
  owner: [
    { to: paths.ownerCars, label: 'menu.myCars' },
    { to: paths.rentalRequests, label: 'menu.rentalRequests', counts: 'requestsAwaitingAnswer' },
    { to: paths.ownerPayouts, label: 'menu.payoutDetails' },
    { to: paths.ownerEarnings, label: 'menu.earnings' },
    { to: paths.account, label: 'menu.account' },
  ],
  admin: [
    { to: paths.admin, label: 'menu.adminConsole' },
    { to: paths.rentalRequests, label: 'menu.rentalRequests', counts: 'requestsAwaitingAnswer' },
    { to: paths.account, label: 'menu.account' },
  ],
};

/** While messages wait, a link to the booking whose conversation holds the oldest of them. */
function messagesLink(summary: NotificationSummary | undefined): AccountLink[] {
  return summary?.unreadMessagesIn
    ? [{ to: paths.booking(summary.unreadMessagesIn), label: 'menu.messages', counts: 'unreadMessages' }]
    : [];
}

/**
 * What a badge's number means, said with the link's name ("{label}, 1 awaiting your answer"), since
 * a bare number read aloud says nothing.
 */
const countedNames = {
  requestsAwaitingAnswer: 'menu.countedRequests',
  bookingUpdates: 'menu.countedBookings',
  unreadMessages: 'menu.countedMessages',
} as const satisfies Record<Count, Parameters<typeof t>[0]>;

/**
 * The account menu's button with a count. The button shows the name, then the count, so its name
 * says them in that order (a voice user says what they see: WCAG 2.5.3), and the count carries its
 * own noun since the link it belongs to is not named beside it.
 */
const toggleNames = {
  requestsAwaitingAnswer: 'menu.toggleNameRequests',
  bookingUpdates: 'menu.toggleNameBookings',
  unreadMessages: 'menu.toggleNameMessages',
} as const satisfies Record<Count, Parameters<typeof t>[0]>;

/** The link's count, 0 while unknown or for a link that counts nothing. */
function countOf(link: AccountLink, summary: NotificationSummary | undefined): number {
  return link.counts && summary ? summary[link.counts] : 0;
}

/** "Rental requests, 1 awaiting your answer" while the link has a count to tell, else nothing beyond its text. */
function countedName(link: AccountLink, count: number): string | undefined {
  return link.counts && count > 0 ? t(countedNames[link.counts], { label: t(link.label), count }) : undefined;
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
  const links = [...messagesLink(summary), ...accountLinks[user.role]];
  const counted = links.find((link) => countOf(link, summary) > 0);
  const count = counted ? countOf(counted, summary) : 0;
  const toggleName = counted?.counts
    ? t(toggleNames[counted.counts], { username: user.username, count })
    : t('menu.toggleName', { username: user.username });

  return (
    <Dropdown align="end">
      <Dropdown.Toggle id="account-menu" variant="outline-secondary" aria-label={toggleName}>
        <span className="account-menu__name text-truncate">{user.username}</span> <CountBadge count={count} />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.ItemText className="text-muted small">
          <Words id="menu.signedInAs" values={{ username: user.username }} components={{ 0: <strong /> }} />
        </Dropdown.ItemText>
        {links.map((link) => {
          const linkCount = countOf(link, summary);
          return (
            <Dropdown.Item key={link.to} as={NavLink} to={link.to} end aria-label={countedName(link, linkCount)}>
              {t(link.label)}
              <CountBadge count={linkCount} />
            </Dropdown.Item>
          );
        })}
        <Dropdown.Divider />
        <Dropdown.Item href={paths.landing} onClick={onLogout}>
          {t('menu.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
