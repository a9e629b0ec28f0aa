import type { Account, PhoneCodeCheck as PhoneCodeCheckBody } from '../../domain/contract';
import { PhoneCodeCheck, PhoneCodeRequest } from '../../domain/schemas/phone';
import { toApiError } from '../../lib/api-client';
import { usePublicConfig } from '../../lib/public-config';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { SubmitWithStatus } from '../../components/SubmitWithStatus';
import { ZodForm } from '../../components/ZodForm';
import { useConfirmPhoneCode, useSendPhoneCode } from './queries';
import { t } from './words';

const NO_CODE: PhoneCodeCheckBody = { code: '' };

/**
 * Proving the phone number: the mobile to text a code to, then the code. The server's answer says
 * when the text is queued and may take a minute; the code form shows once a code was sent, and a
 * confirmed code turns the status line to the verified number (the server's own sentence).
 */
export function PhoneVerification({ account }: { account: Account }) {
  const sending = useSendPhoneCode();
  const confirming = useConfirmPhoneCode();
  const verified = account.phoneVerifiedAt !== undefined && account.phoneNumber !== undefined;
  const demo = usePublicConfig((config) => config.demo === true).data === true;

  return (
    <>
      <p role="status">
        {verified ? t('account.phone.verified', { number: account.phoneNumber ?? '' }) : t('account.phone.notVerified')}
      </p>
      <p>{t('account.phone.why')}</p>
      {/* A demo server never texts (its codes are files beside its data), so the page says where to read one. */}
      {demo ? <p className="text-body-secondary">{t('account.phone.demo')}</p> : null}
      <ZodForm
        schema={PhoneCodeRequest}
        defaultValues={{ phoneNumber: verified ? '' : (account.phoneNumber ?? '') }}
        onSubmit={async (values) => {
          confirming.reset();
          await sending.mutateAsync(values);
        }}
      >
        {(form) => (
          <>
            <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
            <FormField
              label={t('account.phone.mobile')}
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              hint={t('account.phone.mobileHint')}
              disabled={sending.isPending}
            />
            <SubmitWithStatus
              label={t('account.phone.send')}
              pendingLabel={t('account.phone.sending')}
              pending={form.sending}
              done={sending.data?.message}
            />
          </>
        )}
      </ZodForm>
      {sending.data ? (
        <ZodForm
          schema={PhoneCodeCheck}
          defaultValues={NO_CODE}
          onSubmit={async (values, { reset }) => {
            await confirming.mutateAsync(values);
            sending.reset();
            reset();
          }}
        >
          {(form) => (
            <>
              <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
              <FormField
                label={t('account.phone.code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                disabled={confirming.isPending}
              />
              <SubmitWithStatus
                label={t('account.phone.confirm')}
                pendingLabel={t('account.phone.confirming')}
                pending={form.sending}
                done={undefined}
              />
            </>
          )}
        </ZodForm>
      ) : null}
    </>
  );
}
