import site from '#locales/en/site';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { AboutSection } from '../features/marketing/AboutSection';
import { Icon } from '../components/icons';
import { PageSection } from '../components/PageSection';
import { usePublicConfigNear } from '../lib/public-config';
import { telHref } from '../lib/tel-href';

const { t } = wordsOf(site);

export default function AboutPage() {
  usePageTitle(t('site.about.pageTitle'));
  const { ref, data: phone } = usePublicConfigNear((config) => config.support?.phone);
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">{t('site.about.heading')}</h1>
      </div>
      <PageSection>
        <AboutSection />
        {/* The help line shows only when the server has a support phone; the marker watches the scrolling until then. */}
        {phone ? (
          <div className="mt-4 p-3 band-light rounded d-flex flex-wrap align-items-center gap-3">
            <Icon name="phone" size={28} className="text-primary" />
            <div>
              <p className="mb-0 fw-semibold text-navy">{t('site.about.needHelp')}</p>
              <a href={telHref(phone)} className="fs-5 price">
                {phone}
              </a>
            </div>
          </div>
        ) : (
          <span ref={ref} />
        )}
      </PageSection>
    </>
  );
}
