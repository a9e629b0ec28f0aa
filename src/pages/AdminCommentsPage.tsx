import { AdminComments } from '../features/admin/AdminComments';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/comments: every blog comment, reply and car review, to find and to remove. */
export default function AdminCommentsPage() {
  usePageTitle(t('admin.comments.title'));
  return <AdminComments />;
}
