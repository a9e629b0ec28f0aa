import type { ReactNode } from 'react';
import { PayoutStatusBadge as StatusBadge } from '../../entities/payout/PayoutStatusBadge';
import type { PayoutStatus } from '../../domain/schemas/payouts';
import { type AdminWordId, t } from './words';

/** A payout's status as the Payouts section shows it. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, AdminWordId> = {
  requested: 'admin.payouts.status.requested',
  processing: 'admin.payouts.status.processing',
  paid: 'admin.payouts.status.paid',
  failed: 'admin.payouts.status.failed',
};

/** The status's badge, with its label unless other words are given ("Paid 2"). */
export function PayoutStatusBadge({ status, children }: { status: PayoutStatus; children?: ReactNode }) {
  return <StatusBadge status={status}>{children ?? t(PAYOUT_STATUS_LABELS[status])}</StatusBadge>;
}
