import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ButtonVariant } from 'react-bootstrap/types';
import { ErrorAlert } from './ErrorAlert';

export interface ConfirmDialogProps {
  /** Open while set. */
  show: boolean;
  /** The question, naming what is affected: "Delete 2 cars: Maruti Swift and Hyundai Creta?". It names the dialog. */
  title: string;
  /** What the action will do, in a sentence or two. */
  children?: ReactNode;
  /** The confirm button's words: "Delete cars". */
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /** The button that leaves without acting: "Cancel", unless the action's own words start so ("Keep booking" beside "Cancel booking"). */
  dismissLabel?: string;
  /** While the action is under way: the confirm button waits. */
  pending: boolean;
  /** The server's refusal, shown inside the dialog, where the person's eyes are. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a destructive action, naming what it affects. The person leaves it by its dismiss
 * button, the close button or Escape, all of which act on nothing.
 */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  confirmVariant = 'danger',
  dismissLabel = 'Cancel',
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ErrorAlert message={error} />
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {dismissLabel}
        </Button>
        <Button variant={confirmVariant} disabled={pending} onClick={onConfirm}>
          {pending ? 'Working…' : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
