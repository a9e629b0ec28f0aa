import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router-dom';
import { useSession } from '../../lib/auth/session';
import { useRetry } from '../../lib/query-client';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { TitledSection } from '../../components/TitledSection';
import { PayoutDetailsForm } from './PayoutDetailsForm';
import { RoutePayouts } from './RoutePayouts';
import { SavedPayoutDetails } from './SavedPayoutDetails';
import { payoutDetailsKey, usePayoutDetails } from './queries';
import { t } from './words';

/** Where the owner is paid now, masked, and the form that changes it. */
export function PayoutDetailsSettings() {
  const payout = usePayoutDetails();
  const retry = useRetry(payoutDetailsKey);
  // The server refuses to save details for an account whose number is not verified: the page says so first.
  const { user } = useSession();
  const phoneUnverified = user !== null && user.phoneVerifiedAt === undefined;

  if (payout.isPending) return <PageSpinner />;
  // A failed reload in the background keeps the form and what is typed in it.
  if (payout.isLoadingError) return <QueryError error={payout.error} what={t('payoutDetails.page.loadFailed')} onRetry={retry} />;
  const { details, route } = payout.data;
  return (
    <>
      <TitledSection id="payout-saved" title={t('payoutDetails.saved.title')}>
        <SavedPayoutDetails details={details} />
      </TitledSection>
      {route ? (
        <TitledSection id="payout-route" title={t('payoutDetails.route.title')}>
          <RoutePayouts route={route} />
        </TitledSection>
      ) : null}
      <TitledSection id="payout-form" title={t(details ? 'payoutDetails.form.changeTitle' : 'payoutDetails.form.addTitle')}>
        {phoneUnverified ? (
          <Alert variant="warning" role="note">
            {t('payoutDetails.form.phoneNeeded')}{' '}
            <Link to="/account#account-phone" className="alert-link">
              {t('payoutDetails.form.verifyPhone')}
            </Link>
          </Alert>
        ) : null}
        <PayoutDetailsForm legalName={details?.legalName} />
      </TitledSection>
    </>
  );
}
