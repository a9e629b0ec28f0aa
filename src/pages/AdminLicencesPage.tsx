import { AdminLicences } from '../features/admin/AdminLicences';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/licences: renters' driving licences awaiting review, oldest first. */
export default function AdminLicencesPage() {
  usePageTitle(t('admin.licences.title'));
  return <AdminLicences />;
}
