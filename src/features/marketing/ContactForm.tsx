import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { EMAIL_MAX } from '../../domain/limits';
import type { ContactMessage } from '../../domain/schemas/messages';
import { toApiError } from '../../lib/api-client';
import { checked, loadChecks } from '../../lib/form-check';
import { sendContactMessage } from './api';

/** "Get In Touch": a name, an email and a message; what was typed stays after a failure, so it can be sent again. */
export function ContactForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const contact = useMutation({
    mutationFn: async (body: ContactMessage) => {
      // The schema (and zod with it) loads when the message is sent, not with the page.
      const { ContactMessage: schema } = await loadChecks(() => import('../../domain/schemas/messages'));
      return sendContactMessage(checked(schema, body));
    },
  });
  const sending = contact.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    contact.mutate(
      { name, email, message },
      {
        onSuccess: () => {
          setName('');
          setEmail('');
          setMessage('');
        },
      },
    );
  };

  return (
    <>
      {contact.isSuccess ? (
        <Alert variant="success" role="status">
          {contact.data.message}
        </Alert>
      ) : null}
      <ErrorAlert message={contact.error ? toApiError(contact.error).message : null} />
      <Form onSubmit={handleSubmit} aria-label="Contact us">
        <FormField
          label="Your Name"
          name="name"
          value={name}
          onChange={setName}
          required
          autoComplete="name"
          disabled={sending}
        />
        <FormField
          label="Email"
          name="email"
          type="email"
          value={email}
          onChange={setEmail}
          required
          autoComplete="email"
          maxLength={EMAIL_MAX}
          disabled={sending}
        />
        <FormField
          label="Message"
          name="message"
          multiline
          rows={5}
          value={message}
          onChange={setMessage}
          required
          disabled={sending}
        />
        <Button type="submit" variant="primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send Message'}
        </Button>
      </Form>
    </>
  );
}
