import bookings from '#locales/en/bookings';
import { WayOn } from '../components/WayOn';
import { paths } from '../config/paths';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';

const { t } = wordsOf(bookings);

/** /bookcar: an old address for booking, which happens on each car's own page; it leads there and to the bookings made. */
export default function BookCarPage() {
  usePageTitle(t('bookings.bookCar.title'));
  return (
    <WayOn
      title={t('bookings.bookCar.title')}
      links={[
        { to: paths.cars, label: t('bookings.bookCar.browseCars') },
        { to: paths.myBookings, label: t('bookings.bookCar.myBookings') },
      ]}
    >
      {t('bookings.bookCar.text')}
    </WayOn>
  );
}
