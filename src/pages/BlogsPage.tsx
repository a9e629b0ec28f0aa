import { usePageTitle } from '../lib/usePageTitle';
import { BlogList } from '../features/blog/BlogList';
import { PageSection } from '../components/PageSection';

/** /layout/blogs: the spec shows the same blog list twice; here the second reads as a further list. */
export default function BlogsPage() {
  usePageTitle('Blogs');
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">Blogs</h1>
      </div>
      <PageSection heading={{ lead: 'Explore our blogs', title: 'Latest Blogs' }}>
        <BlogList />
      </PageSection>
      <PageSection heading={{ lead: 'Still curious?', title: 'More to read' }} band>
        <BlogList />
      </PageSection>
    </>
  );
}
