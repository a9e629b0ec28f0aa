import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../config/paths';
import { statusOf } from '../../lib/api-error';
import { useRetry } from '../../lib/query-client';
import { usePageTitle } from '../../lib/usePageTitle';
import { BlogIllustration } from './BlogIllustration';
import { CommentForm } from './CommentForm';
import { Comments } from './Comments';
import { blogKeys } from '../../entities/blog/keys';
import { useBlogPost } from './queries';
import { RecentPosts } from './RecentPosts';
import { t } from './post-words';

/**
 * A blog post named by its title, its comments with replies, and the comment form. The page's
 * title names the post, so it is set here, where the post is known.
 */
export function BlogPost({ title }: { title: string }) {
  const loaded = useBlogPost(title);
  const retry = useRetry(blogKeys.post(title));
  const missing = statusOf(loaded.error) === 404;
  usePageTitle(loaded.data ? loaded.data.post.title : t(missing ? 'blog.post.notFound' : 'blog.post.pageTitle'));

  if (loaded.isPending) return <PageSpinner />;

  if (loaded.isLoadingError) {
    return (
      <Container className="py-5 text-center" style={{ maxWidth: '40rem' }}>
        {missing ? (
          <>
            <h1 className="h2 mb-3">{t('blog.post.notFound')}</h1>
            <p>{t('blog.post.noSuchPost', { title })}</p>
          </>
        ) : (
          <QueryError error={loaded.error} onRetry={retry} />
        )}
        <Link to={paths.blogs}>{t('blog.post.seeAll')}</Link>
      </Container>
    );
  }

  const { post, offline } = loaded.data;
  return (
    <Container className="py-4">
      <p>
        <Link to={paths.blogs}>{t('blog.post.allPosts')}</Link>
      </p>
      {offline ? (
        <Alert variant="secondary" className="small" role="note">
          {t('blog.post.offline')}
        </Alert>
      ) : null}
      <Row className="g-4">
        <Col lg={8}>
          <article>
            <div className="ratio ratio-16x10 mb-4">
              <BlogIllustration post={post} className="rounded" />
            </div>
            <h1 className="h2">{post.title}</h1>
            <p className="text-muted">{t('blog.post.byline', { author: post.author, date: post.date, time: post.time })}</p>
            <p>{post.description}</p>
            <blockquote className="blockquote border-start border-4 border-primary ps-3 my-4">
              <p className="mb-0">{post.quote}</p>
            </blockquote>
          </article>

          <Comments post={post.slug} />

          <section className="mt-5">
            <CommentForm post={post.slug} />
          </section>
        </Col>
        <Col lg={4}>
          <RecentPosts current={post.slug} />
        </Col>
      </Row>
    </Container>
  );
}
