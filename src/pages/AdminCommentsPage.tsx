import { AdminComments } from '../features/admin/AdminComments';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/comments: every blog comment, reply and car review, to find and to remove. */
export default function AdminCommentsPage() {
  usePageTitle('Comments and reviews');
  return <AdminComments />;
}
