import type { RouteLink } from '../../domain/schemas/payout-details';
import { t } from './words';

const MISSING_WORDS = {
  phone: 'payoutDetails.route.missingPhone',
  bankAccount: 'payoutDetails.route.missingBankAccount',
} as const;

/** Where the owner stands with Razorpay Route: their linked account's state, or what Route still needs of them. */
export function RoutePayouts({ route }: { route: RouteLink }) {
  return (
    <>
      <p>{t('payoutDetails.route.intro')}</p>
      {route.state ? (
        <p>{t('payoutDetails.route.state', { state: route.state })}</p>
      ) : route.missing.length > 0 ? (
        <>
          <p className="mb-1">{t('payoutDetails.route.missing')}</p>
          <ul>
            {route.missing.map((what) => (
              <li key={what}>{t(MISSING_WORDS[what])}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('payoutDetails.route.notMade')}</p>
      )}
    </>
  );
}
