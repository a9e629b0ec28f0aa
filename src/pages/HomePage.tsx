import site from '#locales/en/site';
import Container from 'react-bootstrap/Container';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { AboutSection } from '../features/marketing/AboutSection';
import { BlogList } from '../features/blog/BlogList';
import { EarnWithUs } from '../features/marketing/EarnWithUs';
import { FindCarForm } from '../features/marketing/FindCarForm';
import { HeroSlider } from '../features/marketing/HeroSlider';
import { HotOffers } from '../features/cars/HotOffers';
import { LatestReviews } from '../features/marketing/LatestReviews';
import { PageSection } from '../components/PageSection';
import { ServicesGrid } from '../features/marketing/ServicesGrid';

const { t } = wordsOf(site);

const FIND_CAR_ID = 'find-car';

/** /layout and /layout/home: the marketing sections in the spec's order. */
export default function HomePage() {
  usePageTitle(t('site.home.pageTitle'));
  return (
    <>
      <h1 className="visually-hidden">{t('site.home.heading')}</h1>
      <HeroSlider />
      {/* Tighter on a phone, where the whole search fits the first screen under the slider. */}
      <section className="section band-light pt-4 pt-sm-5" aria-labelledby={FIND_CAR_ID}>
        <Container>
          <h2 id={FIND_CAR_ID} className="h3 mb-3">
            {t('site.home.findCarHeading')}
          </h2>
          <FindCarForm />
        </Container>
      </section>
      <PageSection>
        <AboutSection />
      </PageSection>
      <PageSection heading={{ lead: t('site.home.servicesLead'), title: t('site.home.servicesTitle') }} band>
        <ServicesGrid />
      </PageSection>
      <PageSection heading={{ lead: t('site.home.offersLead'), title: t('site.home.offersTitle') }}>
        <HotOffers />
      </PageSection>
      <EarnWithUs />
      <LatestReviews />
      <PageSection heading={{ lead: t('site.blogs.latestLead'), title: t('site.blogs.latestTitle') }}>
        <BlogList />
      </PageSection>
    </>
  );
}
