import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX } from '../../domain/limits';
import type { ContactMessage } from '../../domain/schemas/messages';
import { toApiError } from '../../lib/api-client';
import { sendContactMessage } from './api';
import { t } from './words';

// The schema (and zod with it) loads once someone starts writing, not with the page.
const contactChecks = () => import('../../domain/schemas/messages').then((schemas) => schemas.ContactMessage);

const EMPTY: ContactMessage = { name: '', email: '', message: '' };

/** "Get In Touch": a name, an email and a message; what was typed stays after a failure, so it can be sent again. */
export function ContactForm() {
  const contact = useMutation({ mutationFn: sendContactMessage });
  const sending = contact.isPending;

  return (
    <>
      {contact.isSuccess ? (
        <Alert variant="success" role="status">
          {contact.data.message}
        </Alert>
      ) : null}
      <ZodForm
        schema={contactChecks}
        defaultValues={EMPTY}
        loadOn="intent"
        onSubmit={async (values, { reset }) => {
          await contact.mutateAsync(values);
          reset();
        }}
        aria-label={t('site.contactForm.label')}
      >
        {(form) => (
          <>
            <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} />
            <FormField
              label={t('site.contactForm.name')}
              name="name"
              required
              autoComplete="name"
              maxLength={CONTACT_NAME_MAX}
              showRemaining
              disabled={sending}
            />
            <FormField
              label={t('site.contactForm.email')}
              name="email"
              type="email"
              required
              autoComplete="email"
              maxLength={EMAIL_MAX}
              disabled={sending}
            />
            <FormField
              label={t('site.contactForm.message')}
              name="message"
              multiline
              rows={5}
              required
              maxLength={CONTACT_MESSAGE_MAX}
              showRemaining
              disabled={sending}
            />
            <Button type="submit" variant="primary" disabled={form.sending}>
              {t(form.sending ? 'site.contactForm.sending' : 'site.contactForm.send')}
            </Button>
          </>
        )}
      </ZodForm>
    </>
  );
}
