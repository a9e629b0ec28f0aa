import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useSession } from '../lib/auth/session';
import { LinkCards } from '../components/LinkCards';
import { PageShell } from '../components/PageShell';

const sections = [
  { title: 'Your Cars', text: 'See, edit and remove the cars you have listed.', to: paths.ownerCars },
  { title: 'Add Cars', text: 'List another car for renters to book.', to: paths.addCar },
  { title: 'Rental requests', text: 'Accept or decline the requests renters send for your cars.', to: paths.rentalRequests },
];

/** /owner: where an owner finds everything they can manage. */
export default function OwnerPage() {
  usePageTitle('Owner Dashboard');
  const { user } = useSession();
  return (
    <PageShell title="Owner Dashboard">
      {user ? <p className="lead">Welcome, {user.username}.</p> : null}
      <LinkCards cards={sections} columns={3} />
    </PageShell>
  );
}
