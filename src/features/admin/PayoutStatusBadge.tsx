import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { PayoutStatus } from '../../domain/schemas/payouts';
import { type AdminWordId, t } from './words';

/** A payout's status as the Payouts section shows it. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, AdminWordId> = {
  requested: 'admin.payouts.status.requested',
  processing: 'admin.payouts.status.processing',
  paid: 'admin.payouts.status.paid',
  failed: 'admin.payouts.status.failed',
};

/** Its colours: waiting on the admin, waiting on the bank, done, or back in the balance. Dark words on the light ones. */
const LOOKS: Record<PayoutStatus, { bg: string; text?: 'dark' }> = {
  requested: { bg: 'warning', text: 'dark' },
  processing: { bg: 'info', text: 'dark' },
  paid: { bg: 'success' },
  failed: { bg: 'danger' },
};

/** The status's badge, with its label unless other words are given ("Paid 2"). */
export function PayoutStatusBadge({ status, children }: { status: PayoutStatus; children?: ReactNode }) {
  return (
    <Badge bg={LOOKS[status].bg} text={LOOKS[status].text}>
      {children ?? t(PAYOUT_STATUS_LABELS[status])}
    </Badge>
  );
}
