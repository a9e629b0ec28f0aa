import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Icon } from '../../components/icons';
import { toApiError } from '../../lib/api-client';
import { subscribeNewsletter } from './api';

type NewsletterState = { status: 'idle' | 'sending' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

/** The footer's newsletter sign-up: one email field and a send button. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<NewsletterState>({ status: 'idle' });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState({ status: 'sending' });
    try {
      const answer = await subscribeNewsletter({ email });
      setState({ status: 'done', message: answer.message || 'Thanks for subscribing.' });
      setEmail('');
    } catch (error) {
      setState({ status: 'failed', message: toApiError(error).message });
    }
  };

  return (
    <Form onSubmit={(event) => void handleSubmit(event)} aria-label="Newsletter">
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
        <button type="submit" className="btn btn-primary btn-icon" disabled={state.status === 'sending'} aria-label="Subscribe">
          <Icon name="send" />
        </button>
      </InputGroup>
      {state.status === 'done' ? (
        <Alert variant="success" className="py-2 mb-0" role="status">
          {state.message}
        </Alert>
      ) : null}
      {state.status === 'failed' ? <ErrorAlert message={state.message} onClose={() => setState({ status: 'idle' })} /> : null}
    </Form>
  );
}
