import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/limits';
import { FormField } from './FormField';

interface NewPasswordFieldsProps {
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  disabled: boolean;
}

/** A new password and its confirmation, as every form that sets one asks for them (the password reset, the account page). */
export function NewPasswordFields({
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmPasswordChange,
  disabled,
}: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={password}
        onChange={onPasswordChange}
        disabled={disabled}
      />
      <FormField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={onConfirmPasswordChange}
        disabled={disabled}
      />
    </>
  );
}
