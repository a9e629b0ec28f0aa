import { AdminAudit } from '../features/admin/AdminAudit';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/audit: every action admins took, who took it, on what and why. */
export default function AdminAuditPage() {
  usePageTitle('Audit log');
  return <AdminAudit />;
}
