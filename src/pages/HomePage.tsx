import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../app/usePageTitle';
import { AboutSection } from '../components/AboutSection';
import { BlogList } from '../components/BlogList';
import { EarnWithUs } from '../components/EarnWithUs';
import { FindCarForm } from '../components/FindCarForm';
import { HeroSlider } from '../components/HeroSlider';
import { HotOffers } from '../components/HotOffers';
import { PageSection } from '../components/PageSection';
import { ServicesGrid } from '../components/ServicesGrid';
import { TestimonialSlider } from '../components/TestimonialSlider';

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
