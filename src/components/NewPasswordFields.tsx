import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/limits';
import { FormField } from './FormField';

/**
 * A new password and its confirmation, as every form that sets one asks for them (the password
 * reset, the account page): the fields `password` and `confirmPassword` of the form around them.
 */
export function NewPasswordFields({ disabled }: { disabled: boolean }) {
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
        disabled={disabled}
      />
      <FormField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
      />
    </>
  );
}
