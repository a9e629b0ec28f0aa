import payoutDetails from '#locales/en/payoutDetails';
import { wordsOf } from '../../lib/i18n';

/** The payout details page's words (src/locales/en/payoutDetails.json). */
export const { t, Words } = wordsOf(payoutDetails);
