import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PasswordResetConfirm } from '../../domain/schemas/password-reset';
import { toApiError } from '../../lib/api-client';
import { checked } from '../../lib/form-check';
import { ErrorAlert } from '../../components/ErrorAlert';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { confirmPasswordReset } from './api';

/** The new password twice, sent with the token from the mail's link; once set, the way to sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const setting = useMutation({
    mutationFn: (body: PasswordResetConfirm) => confirmPasswordReset(checked(PasswordResetConfirm, body)),
  });

  if (setting.data) {
    return (
      <>
        <Alert variant="success" role="status">
          {setting.data.message}
        </Alert>
        <Link to={paths.login} className="btn btn-primary">
          Sign in
        </Link>
      </>
    );
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setting.mutate({ token, password, confirmPassword });
  };

  return (
    <Form onSubmit={handleSubmit}>
      <ErrorAlert message={setting.error ? toApiError(setting.error).message : null} onClose={setting.reset} />
      <NewPasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmPasswordChange={setConfirmPassword}
        disabled={setting.isPending}
      />
      <Button type="submit" variant="primary" disabled={setting.isPending}>
        {setting.isPending ? 'Saving...' : 'Set new password'}
      </Button>
      <p className="mt-3 mb-0">
        Link expired or already used? <Link to={paths.forgotPassword}>Ask for a new one</Link>
      </p>
    </Form>
  );
}
