import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { toApiError } from '../../lib/api-client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SubmitWithStatus } from '../../components/SubmitWithStatus';
import { useChangePassword } from './queries';

/** The current password, then the new one twice; this device stays signed in and every other one is signed out. */
export function PasswordChangeForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const changing = useChangePassword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    changing.mutate(
      { currentPassword, password, confirmPassword },
      {
        // Passwords left in the fields once changed would be one click from being sent again.
        onSuccess: () => {
          setCurrentPassword('');
          setPassword('');
          setConfirmPassword('');
        },
      },
    );
  };

  return (
    <Form onSubmit={handleSubmit}>
      <p>This device stays signed in; every other device signed in to your account is signed out.</p>
      <ErrorAlert message={changing.error ? toApiError(changing.error).message : null} onClose={changing.reset} />
      <FormField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={setCurrentPassword}
        disabled={changing.isPending}
      />
      <NewPasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmPasswordChange={setConfirmPassword}
        disabled={changing.isPending}
      />
      <SubmitWithStatus
        label="Change password"
        pendingLabel="Changing..."
        pending={changing.isPending}
        done={changing.data?.message}
      />
    </Form>
  );
}
