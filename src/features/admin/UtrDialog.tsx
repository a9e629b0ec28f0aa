import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { MarkPayoutPaid } from '../../domain/schemas/payouts';
import { DialogButtons, DialogFrame } from '../../components/DialogFrame';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import { t } from './words';

interface UtrDialogProps {
  show: boolean;
  title: string;
  /** What marking it paid does, in a sentence or two. */
  children?: ReactNode;
  pending: boolean;
  /** The server's refusal (a UTR already used), shown inside the dialog with the UTR still typed. */
  error?: string | null | undefined;
  /** The UTR as the contract reads it (trimmed, in capitals); the confirm button waits for the promise. */
  onConfirm: (utr: string) => Promise<unknown> | undefined;
  onClose: () => void;
}

/** Asks for the bank's UTR of a payout sent, checked as the server checks it before anything is sent. */
export function UtrDialog({ show, title, onClose, ...form }: UtrDialogProps) {
  return (
    <DialogFrame show={show} title={title} onClose={onClose}>
      {/* Inside the modal, which mounts it afresh each time it opens: every payout starts with an empty UTR. */}
      <UtrForm onClose={onClose} {...form} />
    </DialogFrame>
  );
}

function UtrForm({ children, pending, error, onConfirm, onClose }: Omit<UtrDialogProps, 'show' | 'title'>) {
  return (
    <ZodForm
      schema={MarkPayoutPaid}
      defaultValues={{ utr: '' }}
      onSubmit={({ utr }) => onConfirm(MarkPayoutPaid.parse({ utr }).utr)}
    >
      {(state) => (
        <>
          <Modal.Body>
            <ErrorAlert message={error} />
            {children}
            <FormField
              label={t('admin.payouts.utr.label')}
              name="utr"
              hint={t('admin.payouts.utr.hint')}
              autoComplete="off"
              spellCheck={false}
              required
            />
          </Modal.Body>
          <DialogButtons
            confirmLabel={t('admin.payouts.markPaid')}
            confirmVariant="primary"
            pending={pending || state.sending}
            onClose={onClose}
          />
        </>
      )}
    </ZodForm>
  );
}
