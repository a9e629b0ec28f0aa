import type { ReactNode } from 'react';
import { PageShell } from '../../components/PageShell';
import { AdminNav } from './AdminNav';
import { formatCount } from './format';
import { t } from './words';

interface AdminFrameProps {
  /** The page's one heading: "Admin console", "Accounts". */
  title: string;
  /** How many items the section's list holds with its filters, shown in the heading once known: "Accounts (123)". */
  count?: number;
  children: ReactNode;
}

/** Every console page: who is signed in with a way out, the heading, and the section navigation. */
export function AdminFrame({ title, count, children }: AdminFrameProps) {
  return (
    <PageShell title={count === undefined ? title : t('admin.frame.titleCount', { title, count: formatCount(count) })}>
      <AdminNav />
      {children}
    </PageShell>
  );
}
