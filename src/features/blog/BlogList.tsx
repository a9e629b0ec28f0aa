import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { blogPosts, type BlogPostData } from '../../data/blogs';
import { BlogCard } from './BlogCard';

/** The blog posts as a grid of cards: one column on phones, three on wide screens. */
export function BlogList({ posts = blogPosts }: { posts?: readonly BlogPostData[] }) {
  return (
    <Row xs={1} md={2} lg={3} className="g-4">
      {posts.map((post) => (
        <Col key={post.id}>
          <BlogCard post={post} />
        </Col>
      ))}
    </Row>
  );
}
