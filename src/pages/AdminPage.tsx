import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useSession } from '../lib/auth/session';
import { LinkCards } from '../components/LinkCards';
import { PageShell } from '../components/PageShell';

const sections = [
  { title: 'Rental requests', text: 'Accept or decline the requests renters send for fleet cars.', to: paths.rentalRequests },
  { title: 'Account', text: 'Your phone number, password and signed-in devices.', to: paths.account },
];

/** /admin: where an admin lands after signing in, with what admins can already do. */
export default function AdminPage() {
  usePageTitle('Admin');
  const { user } = useSession();
  return (
    <PageShell title="Admin console">
      {user ? <p className="lead">Signed in as {user.username}, an admin.</p> : null}
      <p>Managing accounts, cars, bookings, comments and messages from here is not available yet.</p>
      <LinkCards cards={sections} columns={2} />
    </PageShell>
  );
}
