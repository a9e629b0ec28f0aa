import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Icon } from '../../components/icons';
import type { NewsletterSignup } from '../../domain/schemas/messages';
import { toApiError } from '../../lib/api-client';
import { checked, loadChecks } from '../../lib/form-check';
import { subscribeNewsletter } from './api';

/** The footer's newsletter sign-up: one email field and a send button. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const subscription = useMutation({
    mutationFn: async (body: NewsletterSignup) => {
      // The footer is on every marketing page: the schema (and zod with it) loads when someone subscribes, not with each page.
      const { NewsletterSignup: schema } = await loadChecks(() => import('../../domain/schemas/messages'));
      return subscribeNewsletter(checked(schema, body));
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    subscription.mutate({ email }, { onSuccess: () => setEmail('') });
  };

  return (
    <Form onSubmit={handleSubmit} aria-label="Newsletter">
      <Form.Label htmlFor="newsletter-email">Email address</Form.Label>
      <InputGroup className="mb-2">
        <Form.Control
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-icon" disabled={subscription.isPending} aria-label="Subscribe">
          <Icon name="send" />
        </button>
      </InputGroup>
      {subscription.isSuccess ? (
        <Alert variant="success" className="py-2 mb-0" role="status">
          {subscription.data.message || 'Thanks for subscribing.'}
        </Alert>
      ) : null}
      {subscription.isError ? <ErrorAlert message={toApiError(subscription.error).message} onClose={subscription.reset} /> : null}
    </Form>
  );
}
