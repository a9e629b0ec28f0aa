import Alert from 'react-bootstrap/Alert';
import { formatIndiaTime } from '../../domain/india-time';
import { PAYOUT_DETAILS_HOLD_HOURS, type PayoutDetails } from '../../domain/schemas/payout-details';
import { t } from './words';

/** The details on file, masked as the server answers them, and when payouts resume while they are paused. */
export function SavedPayoutDetails({ details }: { details: PayoutDetails | null }) {
  if (!details) return <p>{t('payoutDetails.saved.none')}</p>;
  const summary = t('payoutDetails.saved.summary', {
    hasAccount: details.accountLast4 === null ? 'no' : 'yes',
    accountLast4: details.accountLast4 ?? '',
    ifsc: details.ifsc ?? '',
    hasUpi: details.upiLast4 === null ? 'no' : 'yes',
    upiLast4: details.upiLast4 ?? '',
    panLast4: details.panLast4,
  });
  return (
    <>
      <p className="mb-1 text-break">{t('payoutDetails.saved.legalName', { legalName: details.legalName })}</p>
      <p className="mb-1 text-break">{summary}</p>
      <p className="text-muted small">{t('payoutDetails.saved.updatedAt', { at: formatIndiaTime(details.updatedAt) })}</p>
      {details.payoutsHeldUntil ? (
        <Alert variant="warning">
          {t('payoutDetails.saved.held', { at: formatIndiaTime(details.payoutsHeldUntil), hours: PAYOUT_DETAILS_HOLD_HOURS })}
        </Alert>
      ) : null}
    </>
  );
}
