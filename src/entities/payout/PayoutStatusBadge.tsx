import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { PayoutStatus } from '../../domain/schemas/payouts';

/** Its colours: waiting on the admin, waiting on the bank, done, or back in the balance. Dark words on the light ones. */
const LOOKS: Record<PayoutStatus, { bg: string; text?: 'dark' }> = {
  requested: { bg: 'warning', text: 'dark' },
  processing: { bg: 'info', text: 'dark' },
  paid: { bg: 'success' },
  failed: { bg: 'danger' },
};

/** A payout's status as a badge, in the words of the screen showing it: the owner's or the console's. */
export function PayoutStatusBadge({ status, children }: { status: PayoutStatus; children: ReactNode }) {
  return (
    <Badge bg={LOOKS[status].bg} text={LOOKS[status].text}>
      {children}
    </Badge>
  );
}
