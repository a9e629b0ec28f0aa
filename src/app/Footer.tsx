import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { subscribeNewsletter } from '../api/messages';
import { toApiError } from '../api/client';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { ErrorAlert } from '../components/ErrorAlert';
import { Icon } from '../components/icons';

const quickLinks = [
  { to: paths.about, label: 'About' },
  { to: '#', label: 'Privacy Policy' },
  { to: paths.cars, label: 'Cars' },
  { to: paths.blogs, label: 'Blog' },
  { to: paths.contact, label: 'Contact' },
] as const;

type NewsletterState = { status: 'idle' | 'sending' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

function NewsletterForm() {
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

/** The marketing pages' footer: quick links, the head office, the newsletter and the copyright line. */
export function Footer() {
  return (
    <footer className="site-footer pt-5 pb-3">
      <Container>
        <Row className="g-4">
          <Col md={6} lg={3}>
            <h2 className="h5">{PRODUCT_NAME}</h2>
            <p>Rent a car by the hour anywhere in India, with or without a driver, or earn by listing your own.</p>
          </Col>
          <Col md={6} lg={3}>
            <h2 className="h5">Quick Links</h2>
            <ul className="list-unstyled mb-0">
              {quickLinks.map((link) => (
                <li key={link.label}>
                  {link.to === '#' ? (
                    <a href="#" className="d-inline-flex align-items-center py-2">
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.to} className="d-inline-flex align-items-center py-2">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </Col>
          <Col md={6} lg={3}>
            <h2 className="h5">Head Office</h2>
            <address className="mb-0">
              <p className="mb-1">12 MG Road, Bengaluru 560001, India</p>
              <p className="mb-1">Phone: +91 00000 00000</p>
              <p className="mb-1">Email: hello@example.com</p>
              <p className="mb-0">Office time: 10am - 7pm</p>
            </address>
          </Col>
          <Col md={6} lg={3}>
            <h2 className="h5">Newsletter</h2>
            <p>Offers and new cars, once a month.</p>
            <NewsletterForm />
          </Col>
        </Row>
        <hr className="border-light opacity-25 my-4" />
        <p className="text-center small mb-0">
          Copyright {new Date().getFullYear()}, website developed by {PRODUCT_NAME}. All rights reserved.
        </p>
      </Container>
    </footer>
  );
}
