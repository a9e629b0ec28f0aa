import site from '#locales/en/site';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { BlogList } from '../features/blog/BlogList';
import { PageSection } from '../components/PageSection';

const { t } = wordsOf(site);

/** /layout/blogs: the spec shows the same blog list twice; here the second reads as a further list. */
export default function BlogsPage() {
  usePageTitle(t('site.blogs.pageTitle'));
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">{t('site.blogs.pageTitle')}</h1>
      </div>
      <PageSection heading={{ lead: t('site.blogs.latestLead'), title: t('site.blogs.latestTitle') }}>
        <BlogList />
      </PageSection>
      <PageSection heading={{ lead: t('site.blogs.moreLead'), title: t('site.blogs.moreTitle') }} band>
        <BlogList />
      </PageSection>
    </>
  );
}
