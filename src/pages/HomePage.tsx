import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../lib/usePageTitle';
import { AboutSection } from '../features/marketing/AboutSection';
import { BlogList } from '../features/blog/BlogList';
import { EarnWithUs } from '../features/marketing/EarnWithUs';
import { FindCarForm } from '../features/marketing/FindCarForm';
import { HeroSlider } from '../features/marketing/HeroSlider';
import { HotOffers } from '../features/cars/HotOffers';
import { PageSection } from '../components/PageSection';
import { ServicesGrid } from '../features/marketing/ServicesGrid';
import { TestimonialSlider } from '../features/marketing/TestimonialSlider';

/** /layout and /layout/home: the marketing sections in the spec's order. */
export default function HomePage() {
  usePageTitle('Home');
  return (
    <>
      <h1 className="visually-hidden">Rent a car anywhere in India</h1>
      <HeroSlider />
      <section className="section band-light" aria-labelledby="find-car">
        <Container>
          <h2 id="find-car" className="h3 mb-3">
            Find your best car here
          </h2>
          <FindCarForm />
        </Container>
      </section>
      <PageSection>
        <AboutSection />
      </PageSection>
      <PageSection heading={{ lead: 'See our', title: 'Popular Services' }} band>
        <ServicesGrid />
      </PageSection>
      <PageSection heading={{ lead: 'Come with', title: 'Hot Offers' }}>
        <HotOffers />
      </PageSection>
      <EarnWithUs />
      <PageSection heading={{ lead: 'Our clients says', title: 'Testimonials' }} band>
        <TestimonialSlider />
      </PageSection>
      <PageSection heading={{ lead: 'Explore our blogs', title: 'Latest Blogs' }}>
        <BlogList />
      </PageSection>
    </>
  );
}
