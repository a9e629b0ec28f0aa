import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/limits';
import account from '#locales/en/account';
import { wordsOf } from '../lib/i18n';
import { FormField } from './FormField';

// Its words are the account screens' (src/locales/en/account.json), the only screens that set a password.
const { t } = wordsOf(account);

/**
 * A new password and its confirmation, as every form that sets one asks for them (the password
 * reset, the account page): the fields `password` and `confirmPassword` of the form around them.
 */
export function NewPasswordFields({ disabled }: { disabled: boolean }) {
  return (
    <>
      <FormField
        label={t('account.newPassword.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={t('account.password.hint', { min: PASSWORD_MIN })}
        disabled={disabled}
      />
      <FormField
        label={t('account.newPassword.confirm')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
      />
    </>
  );
}
