import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { t } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';

/** The router's fallback when a screen throws: says so plainly and offers a way out. */
export function RouteError() {
  usePageTitle(t('common.routeError.pageTitle'));
  return (
    <main className="container py-5 text-center" style={{ maxWidth: '40rem' }}>
      <h1 className="h2 mb-3">{t('common.routeError.title')}</h1>
      <p className="mb-4">{t('common.routeError.text')}</p>
      <Link to={paths.home} className="btn btn-primary">
        {t('common.routeError.goHome')}
      </Link>
    </main>
  );
}
