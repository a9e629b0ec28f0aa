import legal from '#locales/en/legal';
import { Link } from 'react-router-dom';
import { PageSection } from '../components/PageSection';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { REMOVED_CONTENT } from '../domain/replaced-text';
import { wordsOf } from '../lib/i18n';
import { usePublicConfig } from '../lib/public-config';
import { usePageTitle } from '../lib/usePageTitle';

const { t, Words } = wordsOf(legal);

type LegalId = Parameters<typeof t>[0];

/** What the server stores, one list item each: a bold name, then what and why. */
const STORED: readonly LegalId[] = [
  'legal.privacy.stored.account',
  'legal.privacy.stored.signIns',
  'legal.privacy.stored.abuse',
  'legal.privacy.stored.bookings',
  'legal.privacy.stored.payments',
  'legal.privacy.stored.payoutDetails',
  'legal.privacy.stored.cars',
  'legal.privacy.stored.writing',
  'legal.privacy.stored.messages',
  'legal.privacy.stored.newsletter',
  'legal.privacy.stored.mail',
  'legal.privacy.stored.admins',
];

const SEES: readonly LegalId[] = [
  'legal.privacy.sees.everyone',
  'legal.privacy.sees.owner',
  'legal.privacy.sees.admins',
  'legal.privacy.sees.providers',
];

/** How to reach the people who answer for the data: the support email when the server has one, the contact page always. */
function HowToAsk() {
  const { data: support } = usePublicConfig((config) => config.support);
  const email = support?.email ?? '';
  return (
    <p>
      <Words
        id="legal.privacy.ask"
        values={{ hasEmail: email ? 'yes' : 'no', email }}
        components={{
          0: <Link to={paths.contact} />,
          // biome-ignore lint/a11y/useAnchorContent: the message's <1>…</1> is the link's content.
          1: <a href={`mailto:${email}`} />,
        }}
      />
    </p>
  );
}

/** /privacy: what the server stores about people, why, for how long, who sees it, and how to have it deleted. */
export default function PrivacyPage() {
  usePageTitle(t('legal.privacy.title'));
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">{t('legal.privacy.title')}</h1>
      </div>
      <PageSection>
        <div className="mx-auto" style={{ maxWidth: '48rem' }}>
          <p className="lead">{t('legal.privacy.lead', { product: PRODUCT_NAME })}</p>

          <h2 className="h4 mt-4">{t('legal.privacy.storedHeading')}</h2>
          <ul>
            {STORED.map((id) => (
              <li key={id}>
                <Words id={id} components={{ 0: <strong /> }} />
              </li>
            ))}
          </ul>

          <h2 className="h4 mt-4">{t('legal.privacy.keepHeading')}</h2>
          <p>{t('legal.privacy.keep', { removed: REMOVED_CONTENT })}</p>

          <h2 className="h4 mt-4">{t('legal.privacy.seesHeading')}</h2>
          <ul>
            {SEES.map((id) => (
              <li key={id}>{t(id)}</li>
            ))}
          </ul>

          <h2 className="h4 mt-4">{t('legal.privacy.askHeading')}</h2>
          <HowToAsk />
          <p className="mb-0">
            <Words id="legal.privacy.terms" components={{ 0: <Link to={paths.terms} /> }} />
          </p>
        </div>
      </PageSection>
    </>
  );
}
