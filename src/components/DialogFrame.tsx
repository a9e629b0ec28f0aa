import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ButtonVariant } from 'react-bootstrap/types';
import { t } from '../lib/i18n';

interface DialogFrameProps {
  /** Open while set. */
  show: boolean;
  /** The question, naming what is affected; it names the dialog. */
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The frame every asking dialog shares: a centred modal named by its question, closed by its × or Escape. */
export function DialogFrame({ show, title, onClose, children }: DialogFrameProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {children}
    </Modal>
  );
}

interface DialogButtonsProps {
  /** The confirm button's words: "Delete cars". */
  confirmLabel: string;
  confirmVariant?: ButtonVariant | undefined;
  /** The button that leaves without acting: "Cancel", unless the action's own words start so ("Keep booking" beside "Cancel booking"). */
  dismissLabel?: string | undefined;
  /** While the action is under way: the confirm button waits. */
  pending: boolean;
  /** Leave out when the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  onClose: () => void;
}

/** Leave first, then act: the dialog's footer, the action's own words on the button that takes it. */
export function DialogButtons({
  confirmLabel,
  confirmVariant = 'danger',
  dismissLabel,
  pending,
  onConfirm,
  onClose,
}: DialogButtonsProps) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onClose}>
        {dismissLabel ?? t('common.dialog.cancel')}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} variant={confirmVariant} disabled={pending} onClick={onConfirm}>
        {pending ? t('common.dialog.working') : confirmLabel}
      </Button>
    </Modal.Footer>
  );
}
