import site from '#locales/en/site';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { AboutSection } from '../features/marketing/AboutSection';
import { Icon } from '../components/icons';
import { PageSection } from '../components/PageSection';

const { t } = wordsOf(site);

const HELP_PHONE = '+91 00000 00000';

export default function AboutPage() {
  usePageTitle(t('site.about.pageTitle'));
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">{t('site.about.heading')}</h1>
      </div>
      <PageSection>
        <AboutSection />
        <div className="mt-4 p-3 band-light rounded d-flex flex-wrap align-items-center gap-3">
          <Icon name="phone" size={28} className="text-primary" />
          <div>
            <p className="mb-0 fw-semibold text-navy">{t('site.about.needHelp')}</p>
            <a href={`tel:${HELP_PHONE.replace(/\s/g, '')}`} className="fs-5 price">
              {HELP_PHONE}
            </a>
          </div>
        </div>
      </PageSection>
    </>
  );
}
