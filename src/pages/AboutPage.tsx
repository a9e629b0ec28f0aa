import { usePageTitle } from '../lib/usePageTitle';
import { AboutSection } from '../features/marketing/AboutSection';
import { Icon } from '../components/icons';
import { PageSection } from '../components/PageSection';
import { TeamSection } from '../features/marketing/TeamSection';

const HELP_PHONE = '+91 00000 00000';

export default function AboutPage() {
  usePageTitle('About');
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">About Us</h1>
      </div>
      <PageSection>
        <AboutSection />
        <div className="mt-4 p-3 band-light rounded d-flex flex-wrap align-items-center gap-3">
          <Icon name="phone" size={28} className="text-primary" />
          <div>
            <p className="mb-0 fw-semibold text-navy">Need any help?</p>
            <a href={`tel:${HELP_PHONE.replace(/\s/g, '')}`} className="fs-5 price">
              {HELP_PHONE}
            </a>
          </div>
        </div>
      </PageSection>
      <PageSection heading={{ lead: 'Experts', title: 'Our Members' }} band>
        <TeamSection />
      </PageSection>
    </>
  );
}
