import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { sendContactMessage } from '../features/marketing/api';
import { toApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/usePageTitle';
import { ErrorAlert } from '../components/ErrorAlert';
import { FormField } from '../components/FormField';
import { Icon } from '../components/icons';
import { SocialLinks } from '../components/SocialLinks';
import { EMAIL_MAX } from '../domain/limits';

type SendState = { status: 'idle' | 'sending' } | { status: 'sent'; message: string } | { status: 'failed'; message: string };

export default function ContactPage() {
  usePageTitle('Contact');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [state, setState] = useState<SendState>({ status: 'idle' });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState({ status: 'sending' });
    try {
      const answer = await sendContactMessage({ name, email, message });
      setState({ status: 'sent', message: answer.message });
      setName('');
      setEmail('');
      setMessage('');
    } catch (error) {
      // What was typed stays in the fields so the person can send it again.
      setState({ status: 'failed', message: toApiError(error).message });
    }
  };

  const sending = state.status === 'sending';

  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">Contact</h1>
      </div>
      <section className="section">
        <Container>
          <Row className="g-4 gx-lg-5">
            <Col lg={7}>
              <h2 className="h4 mb-3">Get In Touch</h2>
              {state.status === 'sent' ? (
                <Alert variant="success" role="status">
                  {state.message}
                </Alert>
              ) : null}
              <ErrorAlert message={state.status === 'failed' ? state.message : null} />
              <Form onSubmit={(event) => void handleSubmit(event)} aria-label="Contact us">
                <FormField label="Your Name" name="name" value={name} onChange={setName} required autoComplete="name" disabled={sending} />
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
            </Col>
            <Col lg={5}>
              <h2 className="h4 mb-3">Contact Information</h2>
              <ul className="list-unstyled">
                <li className="d-flex gap-2 mb-2">
                  <Icon name="location" className="text-primary flex-shrink-0 mt-1" />
                  <span>India</span>
                </li>
                <li className="d-flex gap-2 mb-2">
                  <Icon name="phone" className="text-primary flex-shrink-0 mt-1" />
                  <a href="tel:+910000000000">+91 00000 00000</a>
                </li>
                <li className="d-flex gap-2 mb-2">
                  <Icon name="mail" className="text-primary flex-shrink-0 mt-1" />
                  <a href="mailto:hello@example.com">hello@example.com</a>
                </li>
              </ul>
              <h3 className="h5 mt-4">Follow Us</h3>
              <SocialLinks owner="WheelsOnWeb" links={{ facebook: '#', instagram: '#', twitter: '#', linkedin: '#' }} />
            </Col>
          </Row>
        </Container>
      </section>
    </>
  );
}
