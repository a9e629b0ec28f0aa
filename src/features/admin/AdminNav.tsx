import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { type AdminWordId, t } from './words';

interface AdminSection {
  label: AdminWordId;
  to: string;
}

/** The console's sections in the order admins work through them; each one's page is built, so no link leads nowhere. */
const sections: readonly AdminSection[] = [
  { label: 'admin.nav.overview', to: paths.admin },
  { label: 'admin.nav.accounts', to: paths.adminAccounts },
  { label: 'admin.nav.licences', to: paths.adminLicences },
  { label: 'admin.nav.cars', to: paths.adminCars },
  { label: 'admin.nav.bookings', to: paths.adminBookings },
  { label: 'admin.nav.payouts', to: paths.adminPayouts },
  { label: 'admin.nav.money', to: paths.adminMoney },
  { label: 'admin.nav.comments', to: paths.adminComments },
  { label: 'admin.nav.messages', to: paths.adminMessages },
  { label: 'admin.nav.conversations', to: paths.adminConversations },
  { label: 'admin.nav.audit', to: paths.adminAudit },
];

/** The console's section navigation; the section on screen is marked current, whatever its filters. */
export function AdminNav() {
  return (
    <Nav as="nav" variant="pills" aria-label={t('admin.nav.label')} className="admin-nav flex-wrap gap-1 mb-4">
      {sections.map((section) => (
        // `end`: the overview's address begins every other section's, and is current only on its own.
        <Nav.Link key={section.to} as={NavLink} to={section.to} end={section.to === paths.admin}>
          {t(section.label)}
        </Nav.Link>
      ))}
    </Nav>
  );
}
