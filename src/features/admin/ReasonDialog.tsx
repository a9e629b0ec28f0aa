import { useId, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { AdminOptionalReason, AdminReason } from '../../domain/schemas/admin';
import { ADMIN_REASON_MAX } from '../../domain/limits';
import type { ConfirmDialogProps } from '../../components/ConfirmDialog';
import { DialogButtons, DialogFrame } from '../../components/DialogFrame';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { ReasonNeed } from './reason';

/** A confirmation whose confirm also carries the reason typed; the question, buttons and refusal are ConfirmDialog's. */
export interface ReasonDialogProps extends Omit<ConfirmDialogProps, 'onConfirm'> {
  /** Whether the action needs a reason (delisting, cancelling, removing) or may go without (disabling, enabling). */
  reason: ReasonNeed;
  /** Who reads the reason: "Kept in the audit log only." */
  reasonHint?: string;
  /** The reason as typed, without surrounding spaces; undefined when an optional one was left blank. */
  onConfirm: (reason: string | undefined) => void;
}

/**
 * Asks an admin to confirm an action and say why. The reason is checked as the server checks it (1
 * to 500 characters once trimmed) before anything is sent.
 */
export function ReasonDialog({ show, title, onClose, ...form }: ReasonDialogProps) {
  return (
    <DialogFrame show={show} title={title} onClose={onClose}>
      {/* Inside the modal, which mounts it afresh each time it opens: every question starts with an empty reason. */}
      <ReasonForm onClose={onClose} {...form} />
    </DialogFrame>
  );
}

function ReasonForm({
  children,
  confirmLabel,
  confirmVariant,
  dismissLabel,
  reason: need,
  reasonHint,
  pending,
  error,
  onConfirm,
  onClose,
}: Omit<ReasonDialogProps, 'show' | 'title'>) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const describedBy = [invalid === null ? '' : `${fieldId}-error`, reasonHint ? `${fieldId}-hint` : ''].join(' ').trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    const given = need === 'optional' && trimmed === '' ? {} : { reason: trimmed };
    const result = (need === 'required' ? AdminReason : AdminOptionalReason).safeParse(given);
    if (!result.success) {
      setInvalid(result.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    onConfirm(result.data.reason);
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Modal.Body>
        <ErrorAlert message={error} />
        {children}
        <Form.Group controlId={fieldId}>
          <Form.Label>Reason{need === 'optional' ? ' (optional)' : ''}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={text}
            maxLength={ADMIN_REASON_MAX}
            required={need === 'required'}
            isInvalid={invalid !== null}
            aria-invalid={invalid !== null}
            aria-describedby={describedBy || undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Form.Control.Feedback id={`${fieldId}-error`} type="invalid">
            {invalid}
          </Form.Control.Feedback>
          {reasonHint ? (
            <Form.Text id={`${fieldId}-hint`} muted>
              {reasonHint}
            </Form.Text>
          ) : null}
        </Form.Group>
      </Modal.Body>
      <DialogButtons
        confirmLabel={confirmLabel}
        confirmVariant={confirmVariant}
        dismissLabel={dismissLabel}
        pending={pending}
        onClose={onClose}
      />
    </Form>
  );
}
