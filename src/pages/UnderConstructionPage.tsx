import site from '#locales/en/site';
import { WayOn } from '../components/WayOn';
import { paths } from '../config/paths';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';

const { t } = wordsOf(site);

/** /notfound: an address kept from the spec with nothing behind it; it says so and leads to the cars and the bookings made. */
export default function UnderConstructionPage() {
  usePageTitle(t('site.underConstruction.pageTitle'));
  return (
    <WayOn
      title={t('site.underConstruction.heading')}
      links={[
        { to: paths.cars, label: t('site.wayOn.browseCars') },
        { to: paths.myBookings, label: t('site.underConstruction.myBookings') },
      ]}
    >
      {t('site.underConstruction.text')}
    </WayOn>
  );
}
