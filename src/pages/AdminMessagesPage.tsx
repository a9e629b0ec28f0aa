import { AdminMessages } from '../features/admin/AdminMessages';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/messages: the contact page's messages to mark answered, and the newsletter's sign-ups to export. */
export default function AdminMessagesPage() {
  usePageTitle(t('admin.messages.pageTitle'));
  return <AdminMessages />;
}
