import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';

interface AdminSection {
  label: string;
  to: string;
}

/** The console's sections in the order admins work through them; each one's page is built, so no link leads nowhere. */
const sections: readonly AdminSection[] = [
  { label: 'Overview', to: paths.admin },
  { label: 'Accounts', to: paths.adminAccounts },
  { label: 'Cars', to: paths.adminCars },
  { label: 'Bookings', to: paths.adminBookings },
  { label: 'Comments and reviews', to: paths.adminComments },
  { label: 'Messages', to: paths.adminMessages },
  { label: 'Audit log', to: paths.adminAudit },
];

/** The console's section navigation; the section on screen is marked current, whatever its filters. */
export function AdminNav() {
  return (
    <Nav as="nav" variant="pills" aria-label="Admin console" className="admin-nav flex-wrap gap-1 mb-4">
      {sections.map((section) => (
        // `end`: the overview's address begins every other section's, and is current only on its own.
        <Nav.Link key={section.to} as={NavLink} to={section.to} end={section.to === paths.admin}>
          {section.label}
        </Nav.Link>
      ))}
    </Nav>
  );
}
