import { AdminMessages } from '../features/admin/AdminMessages';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/messages: the contact page's messages to mark answered, and the newsletter's sign-ups to export. */
export default function AdminMessagesPage() {
  usePageTitle('Messages');
  return <AdminMessages />;
}
