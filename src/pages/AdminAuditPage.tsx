import { AdminAudit } from '../features/admin/AdminAudit';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/audit: every action admins took, who took it, on what and why. */
export default function AdminAuditPage() {
  usePageTitle(t('admin.audit.title'));
  return <AdminAudit />;
}
