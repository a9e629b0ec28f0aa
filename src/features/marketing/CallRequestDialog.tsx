import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DialogButtons, DialogFrame } from '../../components/DialogFrame';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import { CONTACT_NAME_MAX, EMAIL_MAX } from '../../domain/limits';
import { CallRequest } from '../../domain/schemas/messages';
import { toApiError } from '../../lib/api-client';
import { sendContactMessage } from './api';
import { t } from './words';

const EMPTY: CallRequest = { name: '', phone: '', email: '' };

interface CallRequestDialogProps {
  show: boolean;
  onClose: () => void;
}

/**
 * "Request a call": asks for a name, an Indian mobile number and an email, and sends them as a
 * contact message asking to be called back, which the admins read in their console's messages.
 * The server has no call queue of its own; the contact inbox is where the team already answers.
 */
export default function CallRequestDialog({ show, onClose }: CallRequestDialogProps) {
  const request = useMutation({ mutationFn: sendContactMessage });
  return (
    <DialogFrame show={show} title={t('site.callRequest.title')} onClose={onClose}>
      {request.isSuccess ? (
        <>
          <Modal.Body>
            <Alert variant="success" role="status" className="mb-0">
              {request.data.message}
            </Alert>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="primary" onClick={onClose}>
              {t('site.callRequest.close')}
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <ZodForm
          schema={CallRequest}
          defaultValues={EMPTY}
          onSubmit={({ name, phone, email }) =>
            request.mutateAsync({ name, email, message: t('site.callRequest.message', { phone: phone.trim() }) })
          }
          aria-label={t('site.callRequest.title')}
        >
          {(form) => (
            <>
              <Modal.Body>
                <p>{t('site.callRequest.intro')}</p>
                <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} />
                <FormField
                  label={t('site.callRequest.name')}
                  name="name"
                  required
                  autoComplete="name"
                  maxLength={CONTACT_NAME_MAX}
                  showRemaining
                />
                <FormField
                  label={t('site.callRequest.phone')}
                  name="phone"
                  type="tel"
                  inputMode="tel"
                  required
                  autoComplete="tel"
                />
                <FormField
                  label={t('site.callRequest.email')}
                  name="email"
                  type="email"
                  required
                  autoComplete="email"
                  maxLength={EMAIL_MAX}
                  hint={t('site.callRequest.emailHint')}
                />
              </Modal.Body>
              <DialogButtons
                confirmLabel={t('site.callRequest.send')}
                confirmVariant="primary"
                pending={form.sending}
                onClose={onClose}
              />
            </>
          )}
        </ZodForm>
      )}
    </DialogFrame>
  );
}
