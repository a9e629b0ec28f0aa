import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useSession } from '../lib/auth/session';
import { LinkCards } from '../components/LinkCards';
import { PageShell } from '../components/PageShell';
import { t } from '../features/owner-cars/words';

/** Each section's title and text by their ids in the catalogue. */
const sections = [
  { title: 'owner.dashboard.carsTitle', text: 'owner.dashboard.carsText', to: paths.ownerCars },
  { title: 'owner.dashboard.addTitle', text: 'owner.dashboard.addText', to: paths.addCar },
  { title: 'owner.dashboard.requestsTitle', text: 'owner.dashboard.requestsText', to: paths.rentalRequests },
  { title: 'owner.dashboard.payoutsTitle', text: 'owner.dashboard.payoutsText', to: paths.ownerPayouts },
  { title: 'owner.dashboard.earningsTitle', text: 'owner.dashboard.earningsText', to: paths.ownerEarnings },
] as const;

/** /owner: where an owner finds everything they can manage. */
export default function OwnerPage() {
  usePageTitle(t('owner.dashboard.title'));
  const { user } = useSession();
  return (
    <PageShell title={t('owner.dashboard.title')}>
      {user ? <p className="lead">{t('owner.dashboard.welcome', { username: user.username })}</p> : null}
      <LinkCards cards={sections.map(({ title, text, to }) => ({ title: t(title), text: t(text), to }))} columns={2} />
    </PageShell>
  );
}
