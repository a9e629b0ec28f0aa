import Container from 'react-bootstrap/Container';
import type { Settings } from 'react-slick';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { AutoplaySlider } from '../../components/AutoplaySlider';
import { driverPrice, fromPrice } from './offers';
import { t } from './words';

/** The spec's hero slider timings (section 9). */
const settings: Settings = {
  fade: true,
  speed: 2000,
  autoplaySpeed: 3000,
  autoplay: true,
  infinite: true,
  dots: true,
  arrows: false,
  slidesToShow: 1,
  slidesToScroll: 1,
  pauseOnHover: true,
  pauseOnFocus: true,
};

type SiteId = Parameters<typeof t>[0];

interface HeroSlide {
  id: string;
  background: string;
  /** The kicker's words, made when shown: the catalogue's, or the prices' (offers.ts). */
  kicker: () => string;
  heading: SiteId;
}

const slides: readonly HeroSlide[] = [
  {
    id: 'welcome',
    background: '/images/hero/slide-1.svg',
    kicker: () => t('site.hero.welcomeKicker'),
    heading: 'site.hero.welcomeHeading',
  },
  // Only what a booking charges: the prices come from the fleet's data and the booking total's surcharge.
  { id: 'offer', background: '/images/hero/slide-2.svg', kicker: () => fromPrice, heading: 'site.hero.offerHeading' },
  { id: 'driver', background: '/images/hero/slide-3.svg', kicker: () => driverPrice, heading: 'site.hero.driverHeading' },
];

/** The home page's auto-playing fade slider; every slide's "Reserve Now" leads to the car listing. */
export function HeroSlider() {
  return (
    <AutoplaySlider label={t('site.hero.label')} settings={settings}>
      {slides.map((slide) => (
        <div key={slide.id}>
          <div className="hero-slide" style={{ backgroundImage: `url(${slide.background})` }}>
            <Container className="py-4 py-sm-5">
              <p className="fs-5 mb-2">{slide.kicker()}</p>
              <h2 className="display-5 mb-4">{t(slide.heading)}</h2>
              <Link to={paths.cars} className="btn btn-primary btn-lg">
                {t('site.hero.reserveNow')}
              </Link>
            </Container>
          </div>
        </div>
      ))}
    </AutoplaySlider>
  );
}
