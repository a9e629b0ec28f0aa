import Modal from 'react-bootstrap/Modal';
import { AdminOptionalReason, AdminReason } from '../domain/schemas/admin';
import { ADMIN_REASON_MAX } from '../domain/limits';
import type { ConfirmDialogProps } from './ConfirmDialog';
import { DialogButtons, DialogFrame } from './DialogFrame';
import { ErrorAlert } from './ErrorAlert';
import { FormField } from './FormField';
import { ZodForm } from './ZodForm';

/** Whether an action needs a reason, or may go without one. */
export type ReasonNeed = 'required' | 'optional';

/** A confirmation whose confirm also carries the reason typed; the question, buttons and refusal are ConfirmDialog's. */
export interface ReasonDialogProps extends Omit<ConfirmDialogProps, 'onConfirm'> {
  /** Whether the action needs a reason (delisting, cancelling, removing) or may go without (disabling, enabling). */
  reason: ReasonNeed;
  /** The reason field's label, saying whether it may be left blank: "Reason (optional)". */
  reasonLabel: string;
  /** Who reads the reason: "Kept in the audit log only." */
  reasonHint?: string;
  /**
   * The reason as typed, without surrounding spaces; undefined when an optional one was left blank.
   * The confirm button waits for the promise it returns, if any: one press, one action.
   */
  onConfirm: (reason: string | undefined) => Promise<unknown> | undefined;
}

/**
 * Asks to confirm an action and say why (an admin's steps, an owner's decline). The reason is checked as the server checks it (1
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
  reasonLabel,
  reasonHint,
  pending,
  error,
  onConfirm,
  onClose,
}: Omit<ReasonDialogProps, 'show' | 'title'>) {
  /** The reason without its surrounding spaces; an optional one left blank is left out. */
  const bodyOf = ({ reason }: { reason: string }): AdminOptionalReason => {
    const trimmed = reason.trim();
    return need === 'optional' && trimmed === '' ? {} : { reason: trimmed };
  };

  return (
    <ZodForm
      schema={need === 'required' ? AdminReason : AdminOptionalReason}
      defaultValues={{ reason: '' }}
      bodyOf={bodyOf}
      onSubmit={(values) => onConfirm(bodyOf(values).reason)}
    >
      {(form) => (
        <>
          <Modal.Body>
            <ErrorAlert message={error} />
            {children}
            <FormField
              label={reasonLabel}
              name="reason"
              multiline
              rows={3}
              maxLength={ADMIN_REASON_MAX}
              required={need === 'required'}
              hint={reasonHint}
            />
          </Modal.Body>
          <DialogButtons
            confirmLabel={confirmLabel}
            confirmVariant={confirmVariant}
            dismissLabel={dismissLabel}
            pending={pending || form.sending}
            onClose={onClose}
          />
        </>
      )}
    </ZodForm>
  );
}
