import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../app/usePageTitle';
import { BlogList } from '../components/BlogList';
import { SectionTitle } from '../components/SectionTitle';

/** /layout/blogs: the spec shows the same blog list twice; here the second reads as a further list. */
export default function BlogsPage() {
  usePageTitle('Blogs');
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">Blogs</h1>
      </div>
      <section className="section">
        <Container>
          <SectionTitle lead="Explore our blogs" title="Latest Blogs" />
          <BlogList />
        </Container>
      </section>
      <section className="section band-light">
        <Container>
          <SectionTitle lead="Still curious?" title="More to read" />
          <BlogList />
        </Container>
      </section>
    </>
  );
}
