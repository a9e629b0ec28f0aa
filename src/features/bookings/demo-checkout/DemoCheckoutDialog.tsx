import type { FormEvent, ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { DialogButtons, DialogFrame } from '../../../components/DialogFrame';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toApiError } from '../../../lib/api-client';
import { ProviderRefusal } from './ask-stand-in';
import { DemoBanner } from './DemoBanner';

interface DemoCheckoutDialogProps {
  title: string;
  /** The test values this checkout takes. */
  hint: string;
  confirmLabel: string;
  pending: boolean;
  /** What the last try met: the provider's refusal, or the network's failure. */
  failure: unknown;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** What a failed try tells the renter: the provider's own words, or why it could not be asked. */
export function failureWords(failure: unknown): string | null {
  if (!failure) return null;
  return failure instanceof ProviderRefusal ? failure.message : toApiError(failure).message;
}

/** The frame of the demo's card and UPI checkouts, which stand in for the providers' own windows. */
export function DemoCheckoutDialog({
  title,
  hint,
  confirmLabel,
  pending,
  failure,
  onSubmit,
  onClose,
  children,
}: DemoCheckoutDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <DialogFrame show title={title} onClose={onClose}>
      <form onSubmit={submit} aria-label={title}>
        <Modal.Body>
          <DemoBanner />
          <ErrorAlert message={failureWords(failure)} />
          {children}
          <p className="small text-muted mb-0">{hint}</p>
        </Modal.Body>
        <DialogButtons confirmLabel={confirmLabel} confirmVariant="primary" pending={pending} onClose={onClose} />
      </form>
    </DialogFrame>
  );
}
