import legal from '#locales/en/legal';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { PageSection } from '../components/PageSection';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { MAX_HOLD_MS } from '../domain/booking-states';
import { DRIVER_SURCHARGE_PER_HOUR } from '../domain/booking-total';
import { REMOVED_CONTENT } from '../domain/replaced-text';
import { ADMIN_REASON_MAX, BOOKING_MAX_HOURS } from '../domain/limits';
import { formatRupees } from '../domain/money';
import { latePercent } from '../domain/cancellation';
import { wordsOf } from '../lib/i18n';
import { usePublicConfig } from '../lib/public-config';
import { usePageTitle } from '../lib/usePageTitle';

const { t, Words } = wordsOf(legal);

type LegalId = Parameters<typeof t>[0];

const HOURS_PER_DAY = 24;
const MS_PER_DAY = HOURS_PER_DAY * 60 * 60 * 1000;

/** One section of the rules: its heading and its list items, each an id with the values it names. */
interface Rules {
  heading: LegalId;
  items: readonly (LegalId | readonly [LegalId, () => Record<string, string | number>])[];
}

const RULES: readonly Rules[] = [
  {
    heading: 'legal.terms.pricesHeading',
    items: [
      'legal.terms.prices.perHour',
      ['legal.terms.prices.hours', () => ({ maxHours: BOOKING_MAX_HOURS, maxDays: BOOKING_MAX_HOURS / HOURS_PER_DAY })],
      ['legal.terms.prices.driver', () => ({ price: formatRupees(DRIVER_SURCHARGE_PER_HOUR) })],
      'legal.terms.prices.total',
    ],
  },
  {
    heading: 'legal.terms.requestsHeading',
    items: [
      'legal.terms.requests.accept',
      'legal.terms.requests.held',
      ['legal.terms.requests.expiry', () => ({ holdDays: MAX_HOLD_MS / MS_PER_DAY })],
    ],
  },
  {
    heading: 'legal.terms.cancellingHeading',
    items: [
      'legal.terms.cancelling.renter',
      ['legal.terms.cancelling.admin', () => ({ reasonMax: ADMIN_REASON_MAX })],
      'legal.terms.cancelling.owner',
    ],
  },
  {
    heading: 'legal.terms.listingHeading',
    items: ['legal.terms.listing.truthful', 'legal.terms.listing.delist'],
  },
  {
    heading: 'legal.terms.reviewsHeading',
    items: [
      'legal.terms.reviews.once',
      ['legal.terms.reviews.removal', () => ({ removed: REMOVED_CONTENT })],
      'legal.terms.reviews.disable',
    ],
  },
];

/** /terms: the rules of booking, paying, cancelling, listing and writing, in the words of the domain's own rules. */
export default function TermsPage() {
  usePageTitle(t('legal.terms.title'));
  // The server's own numbers: a page stating other ones would not be true. Left out until they are known.
  const { data: cancellation } = usePublicConfig((config) => config.cancellation);
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">{t('legal.terms.title')}</h1>
      </div>
      <PageSection>
        <div className="mx-auto" style={{ maxWidth: '48rem' }}>
          <p className="lead">{t('legal.terms.lead', { product: PRODUCT_NAME })}</p>

          {RULES.map((section) => (
            <Fragment key={section.heading}>
              <h2 className="h4 mt-4">{t(section.heading)}</h2>
              <ul>
                {section.items.map((item) =>
                  typeof item === 'string' ? <li key={item}>{t(item)}</li> : <li key={item[0]}>{t(item[0], item[1]())}</li>,
                )}
                {section.heading === 'legal.terms.cancellingHeading' && cancellation ? (
                  <li>
                    {t('legal.terms.cancelling.refund', {
                      hours: cancellation.freeCancelHours,
                      percent: latePercent(cancellation),
                    })}
                  </li>
                ) : null}
              </ul>
            </Fragment>
          ))}

          <p className="mb-0">
            <Words id="legal.terms.more" components={{ 0: <Link to={paths.privacy} />, 1: <Link to={paths.contact} /> }} />
          </p>
        </div>
      </PageSection>
    </>
  );
}
