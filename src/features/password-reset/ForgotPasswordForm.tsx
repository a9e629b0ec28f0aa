import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import type { PasswordResetRequest } from '../../domain/schemas/password-reset';
import { toApiError } from '../../lib/api-client';
import { checked, loadChecks } from '../../lib/form-check';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { SubmitWithStatus } from '../../components/SubmitWithStatus';
import { requestPasswordReset } from './api';

/**
 * The spec's one Email field and Submit, asking the server to mail a reset link. The answer is the
 * same whether or not the email has an account, so the page shows the server's sentence as it is.
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const asking = useMutation({
    mutationFn: async (body: PasswordResetRequest) => {
      // The schema (and zod with it) loads when the form is sent, not with the page.
      const { PasswordResetRequest: schema } = await loadChecks(() => import('../../domain/schemas/password-reset'));
      return requestPasswordReset(checked(schema, body));
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    asking.mutate({ email });
  };

  return (
    <Form onSubmit={handleSubmit}>
      <p>Type the email you registered with, and we will mail you a link to choose a new password.</p>
      <ErrorAlert message={asking.error ? toApiError(asking.error).message : null} onClose={asking.reset} />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
        disabled={asking.isPending}
      />
      <SubmitWithStatus label="Submit" pendingLabel="Sending..." pending={asking.isPending} done={asking.data?.message} />
    </Form>
  );
}
