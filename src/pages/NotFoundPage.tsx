import site from '#locales/en/site';
import { WayOn } from '../components/WayOn';
import { paths } from '../config/paths';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';

const { t } = wordsOf(site);

/** Any address the app does not know: say so and offer the two places most people want. */
export default function NotFoundPage() {
  usePageTitle(t('site.notFound.pageTitle'));
  return (
    <WayOn
      title={t('site.notFound.pageTitle')}
      links={[
        { to: paths.home, label: t('site.notFound.toHome') },
        { to: paths.cars, label: t('site.wayOn.browseCars') },
      ]}
    >
      {t('site.notFound.text')}
    </WayOn>
  );
}
