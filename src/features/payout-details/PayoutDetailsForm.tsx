import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { PayoutDetailsChange } from '../../domain/contract';
import { PAYOUT_DETAILS_HOLD_HOURS, PayoutDetailsChange as PayoutDetailsChangeSchema } from '../../domain/schemas/payout-details';
import { toApiError } from '../../lib/api-client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { SubmitWithStatus } from '../../components/SubmitWithStatus';
import { ZodForm } from '../../components/ZodForm';
import { useSavePayoutDetails } from './queries';
import { t } from './words';

type Fields = Required<{ [Field in keyof PayoutDetailsChange]: string }>;

const EMPTY: Fields = {
  legalName: '',
  accountNumber: '',
  confirmAccountNumber: '',
  ifsc: '',
  upiId: '',
  pan: '',
  currentPassword: '',
};

/**
 * Every detail typed afresh with the current password: the saved ones are never sent back whole,
 * so nothing could be left as it was. Once saved, only the legal name stays in the fields.
 */
export function PayoutDetailsForm({ legalName }: { legalName: string | undefined }) {
  const saving = useSavePayoutDetails();
  const start: Fields = { ...EMPTY, legalName: legalName ?? '' };

  return (
    <ZodForm
      schema={PayoutDetailsChangeSchema}
      defaultValues={start}
      onSubmit={async (values, { reset }) => {
        const { details } = await saving.mutateAsync(values);
        reset({ ...EMPTY, legalName: details.legalName });
      }}
    >
      {(form) => (
        <>
          <p>{t('payoutDetails.form.intro', { hours: PAYOUT_DETAILS_HOLD_HOURS })}</p>
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
          <FormField
            label={t('payoutDetails.form.legalName')}
            name="legalName"
            hint={t('payoutDetails.form.legalNameHint')}
            autoComplete="name"
            required
            disabled={saving.isPending}
          />
          <Row className="g-md-3">
            <Col md={6}>
              <FormField
                label={t('payoutDetails.form.accountNumber')}
                name="accountNumber"
                inputMode="numeric"
                autoComplete="off"
                disabled={saving.isPending}
              />
            </Col>
            <Col md={6}>
              <FormField
                label={t('payoutDetails.form.confirmAccountNumber')}
                name="confirmAccountNumber"
                inputMode="numeric"
                autoComplete="off"
                disabled={saving.isPending}
              />
            </Col>
          </Row>
          <FormField
            label={t('payoutDetails.form.ifsc')}
            name="ifsc"
            hint={t('payoutDetails.form.ifscHint')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            disabled={saving.isPending}
          />
          <FormField
            label={t('payoutDetails.form.upiId')}
            name="upiId"
            hint={t('payoutDetails.form.upiIdHint')}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            disabled={saving.isPending}
          />
          <FormField
            label={t('payoutDetails.form.pan')}
            name="pan"
            hint={t('payoutDetails.form.panHint')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            required
            disabled={saving.isPending}
          />
          <FormField
            label={t('payoutDetails.form.currentPassword')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            disabled={saving.isPending}
          />
          <SubmitWithStatus
            label={t('payoutDetails.form.save')}
            pendingLabel={t('payoutDetails.form.saving')}
            pending={form.sending}
            done={saving.data?.message}
          />
        </>
      )}
    </ZodForm>
  );
}
