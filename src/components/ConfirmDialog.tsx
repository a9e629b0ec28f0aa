import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { ButtonVariant } from 'react-bootstrap/types';
import { DialogButtons, DialogFrame } from './DialogFrame';
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
  confirmVariant,
  dismissLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <DialogFrame show={show} title={title} onClose={onClose}>
      <Modal.Body>
        <ErrorAlert message={error} />
        {children}
      </Modal.Body>
      <DialogButtons
        confirmLabel={confirmLabel}
        confirmVariant={confirmVariant}
        dismissLabel={dismissLabel}
        pending={pending}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </DialogFrame>
  );
}
