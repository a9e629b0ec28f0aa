import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FieldError, useFormField } from '../../components/FormField';
import { Icon } from '../../components/icons';
import { ZodForm } from '../../components/ZodForm';
import { toApiError } from '../../lib/api-client';
import { subscribeNewsletter } from './api';
import { t } from './words';

// The footer is on every marketing page: the schema (and zod with it) loads once someone starts typing, not with each page.
const newsletterChecks = () => import('../../domain/schemas/messages').then((schemas) => schemas.NewsletterSignup);

/** The email box with its send button beside it, the box's error under both. */
function EmailWithSend({ sending }: { sending: boolean }) {
  const field = useFormField('email', { label: t('site.newsletter.email') });
  return (
    <>
      <Form.Label htmlFor={field.id}>{t('site.newsletter.email')}</Form.Label>
      <InputGroup className="mb-2" hasValidation>
        <Form.Control
          id={field.id}
          type="email"
          autoComplete="email"
          placeholder={t('site.newsletter.emailPlaceholder')}
          required
          {...field.props}
          isInvalid={Boolean(field.error)}
        />
        <button type="submit" className="btn btn-primary btn-icon" disabled={sending} aria-label={t('site.newsletter.subscribe')}>
          <Icon name="send" />
        </button>
        <FieldError field={field} />
      </InputGroup>
    </>
  );
}

/** The footer's newsletter sign-up: one email field and a send button. */
export function NewsletterForm() {
  const subscription = useMutation({ mutationFn: subscribeNewsletter });

  return (
    <ZodForm
      schema={newsletterChecks}
      defaultValues={{ email: '' }}
      loadOn="intent"
      onSubmit={async (values, { reset }) => {
        await subscription.mutateAsync(values);
        reset();
      }}
      aria-label={t('site.newsletter.label')}
    >
      {(form) => (
        <>
          <EmailWithSend sending={form.sending} />
          {subscription.isSuccess ? (
            <Alert variant="success" className="py-2 mb-0" role="status">
              {subscription.data.message || t('site.newsletter.thanks')}
            </Alert>
          ) : null}
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
        </>
      )}
    </ZodForm>
  );
}
