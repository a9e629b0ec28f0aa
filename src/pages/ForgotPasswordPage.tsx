import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { FormField } from '../components/FormField';
import { PageShell } from '../components/PageShell';

/**
 * /forgotpassword and /owner-forgot-password. The server cannot send reset emails yet, so the form
 * sends nothing and the page says so instead of letting someone wait for an email that never comes.
 */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const isOwner = location.pathname.toLowerCase() === paths.ownerForgotPassword;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
  };

  return (
    <PageShell title="Forgot Password" narrow>
      <p>
        Password reset by email is not available yet. <Link to={paths.contact}>Contact us</Link> with the email you registered
        with and we will help you get back into your account.
      </p>
      <Form onSubmit={handleSubmit}>
        <FormField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <Button type="submit" variant="primary" className="mb-3">
          Submit
        </Button>
      </Form>
      {submitted ? (
        <Alert variant="info" role="status">
          No email was sent. Please <Link to={paths.contact}>contact us</Link> to reset your password.
        </Alert>
      ) : null}
      <Link to={isOwner ? `${paths.login}?tab=owner` : paths.login}>Back to Login</Link>
    </PageShell>
  );
}
