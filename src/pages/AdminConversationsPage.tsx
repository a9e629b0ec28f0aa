import { AdminConversations } from '../features/admin/AdminConversations';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/conversations: the bookings' conversations a party reported a message of, to read as sent. */
export default function AdminConversationsPage() {
  usePageTitle(t('admin.conversations.title'));
  return <AdminConversations />;
}
