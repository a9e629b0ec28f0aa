import landing from '#locales/en/landing';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';

const { t } = wordsOf(landing);

/**
 * "/": the first screen, kept light (no slider, picker, moment or checkout) so it shows fast on a
 * phone. Plain Bootstrap markup, as react-bootstrap's Container writes it: importing the component
 * would split it into a chunk of its own, one more request for this page and every page with the layout.
 */
export default function LandingPage() {
  usePageTitle(t('landing.pageTitle'));
  return (
    <main className="landing">
      <div className="py-5 text-center container" style={{ maxWidth: '44rem' }}>
        <img src="/images/logo.svg" alt={PRODUCT_NAME} width={264} height={58} className="mb-4" />
        <h1 className="display-6 mb-3">{t('landing.heading')}</h1>
        <p className="lead mb-4">{t('landing.lead')}</p>
        <div className="d-flex flex-column flex-sm-row justify-content-center gap-3">
          <Link to={paths.login} className="btn btn-primary btn-lg">
            {t('landing.rentNow')}
          </Link>
          <Link to={paths.ownerLoginTab} className="btn btn-outline-primary btn-lg">
            {t('landing.earnWithUs')}
          </Link>
          <Link to="/Signup" className="btn btn-navy btn-lg">
            {t('landing.registerNow')}
          </Link>
        </div>
        <img
          src="/images/cars/tesla-malibu.svg"
          alt={t('landing.carAlt')}
          width={320}
          height={200}
          className="mt-5"
          // The page's largest paint: ahead of the logo and the scripts.
          fetchPriority="high"
        />
      </div>
    </main>
  );
}
