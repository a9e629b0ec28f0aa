import { useCallback, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router-dom';
import { getBlogPost, listComments } from '../features/blog/api';
import { toApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/usePageTitle';
import { CommentForm } from '../features/blog/CommentForm';
import { CommentList } from '../features/blog/CommentList';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageSpinner } from '../components/PageSpinner';
import { paths } from '../config/paths';
import { blogPosts, type BlogPostData } from '../data/blogs';
import type { Comment, Reply } from '../domain/contract';
import { slugify } from '../domain/slug';

type PostView = Pick<BlogPostData, 'title' | 'author' | 'date' | 'time' | 'imgUrl' | 'description' | 'quote'> & { slug: string };

type PostState =
  | { status: 'loading' }
  | { status: 'ready'; post: PostView; offline: boolean }
  | { status: 'missing' }
  | { status: 'failed'; message: string };

type CommentsState = { status: 'loading' } | { status: 'ready'; comments: Comment[] } | { status: 'failed'; message: string };

function savedPost(title: string): PostView | undefined {
  const slug = slugify(title);
  const post = blogPosts.find((candidate) => slugify(candidate.title) === slug);
  return post ? { ...post, slug } : undefined;
}

function RecentPosts({ current }: { current: string }) {
  return (
    <aside aria-labelledby="recent-posts" className="p-3 band-light rounded">
      <h2 id="recent-posts" className="h5">
        Recent Posts
      </h2>
      <ul className="list-unstyled mb-0">
        {blogPosts.map((post) => (
          <li key={post.id} className="d-flex align-items-center gap-3 py-2">
            <img src={post.imgUrl} alt="" width={64} height={40} className="rounded flex-shrink-0" />
            <Link to={paths.blogDetail(post.title)} aria-current={slugify(post.title) === current ? 'page' : undefined}>
              {post.title}
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * /blogs/{title}: the post, its comments with replies, and the comment form. The post is asked of
 * the server; when the server cannot be reached, the copy saved in the app is shown instead.
 */
export default function BlogDetailPage() {
  const { title = '' } = useParams();
  const [postState, setPostState] = useState<PostState>({ status: 'loading' });
  const [commentsState, setCommentsState] = useState<CommentsState>({ status: 'loading' });
  const [postAttempt, setPostAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setPostState({ status: 'loading' });
    getBlogPost(title).then(
      (post) => current && setPostState({ status: 'ready', post, offline: false }),
      (error: unknown) => {
        if (!current) return;
        const apiError = toApiError(error);
        const saved = savedPost(title);
        if (apiError.status === 404) setPostState({ status: 'missing' });
        else if (saved) setPostState({ status: 'ready', post: saved, offline: true });
        else setPostState({ status: 'failed', message: apiError.message });
      },
    );
    return () => {
      current = false;
    };
  }, [title, postAttempt]);

  const slug = postState.status === 'ready' ? postState.post.slug : null;

  const loadComments = useCallback(() => {
    if (!slug) return () => undefined;
    let current = true;
    setCommentsState({ status: 'loading' });
    listComments(slug).then(
      (comments) => current && setCommentsState({ status: 'ready', comments }),
      (error: unknown) => current && setCommentsState({ status: 'failed', message: toApiError(error).message }),
    );
    return () => {
      current = false;
    };
  }, [slug]);

  useEffect(() => loadComments(), [loadComments]);

  usePageTitle(postState.status === 'ready' ? postState.post.title : postState.status === 'missing' ? 'Post not found' : 'Blog');

  /* When the list had not loaded, loading it again brings the new comment along with the others. */
  const addComment = (comment: Comment) => {
    if (commentsState.status === 'ready') setCommentsState({ status: 'ready', comments: [...commentsState.comments, comment] });
    else loadComments();
  };

  const addReply = (commentId: string, reply: Reply) =>
    setCommentsState((state) =>
      state.status === 'ready'
        ? {
            status: 'ready',
            comments: state.comments.map((comment) =>
              comment.id === commentId ? { ...comment, replies: [...comment.replies, reply] } : comment,
            ),
          }
        : state,
    );

  if (postState.status === 'loading') return <PageSpinner />;

  if (postState.status === 'missing' || postState.status === 'failed') {
    return (
      <Container as="main" className="py-5 text-center" style={{ maxWidth: '40rem' }}>
        {postState.status === 'missing' ? (
          <>
            <h1 className="h2 mb-3">Post not found</h1>
            <p>There is no blog post called “{title}”.</p>
          </>
        ) : (
          <ErrorAlert message={postState.message}>
            <Button variant="outline-danger" size="sm" onClick={() => setPostAttempt((n) => n + 1)}>
              Retry
            </Button>
          </ErrorAlert>
        )}
        <Link to={paths.blogs}>See all blog posts</Link>
      </Container>
    );
  }

  const { post, offline } = postState;

  return (
    <Container as="main" className="py-4">
      <p>
        <Link to={paths.blogs}>← All blog posts</Link>
      </p>
      {offline ? (
        <Alert variant="secondary" className="small" role="note">
          We could not reach the server, so this is the copy of the post saved in the app.
        </Alert>
      ) : null}
      <Row className="g-4">
        <Col lg={8}>
          <article>
            <div className="ratio ratio-16x10 mb-4">
              <img src={post.imgUrl} alt={`Illustration for the post “${post.title}”`} className="rounded" />
            </div>
            <h1 className="h2">{post.title}</h1>
            <p className="text-muted">
              By {post.author} · {post.date} · {post.time}
            </p>
            <p>{post.description}</p>
            <blockquote className="blockquote border-start border-4 border-primary ps-3 my-4">
              <p className="mb-0">{post.quote}</p>
            </blockquote>
          </article>

          <section aria-labelledby="comments" className="mt-5">
            <h2 id="comments" className="h4">
              Comments
            </h2>
            {commentsState.status === 'loading' ? (
              <Spinner animation="border" size="sm" role="status">
                <span className="visually-hidden">Loading comments…</span>
              </Spinner>
            ) : null}
            {commentsState.status === 'failed' ? (
              <ErrorAlert message={`The comments could not be loaded. ${commentsState.message}`}>
                <Button variant="outline-danger" size="sm" onClick={() => loadComments()}>
                  Retry
                </Button>
              </ErrorAlert>
            ) : null}
            {commentsState.status === 'ready' ? <CommentList comments={commentsState.comments} onReplied={addReply} /> : null}
          </section>

          <section className="mt-5">
            <CommentForm post={post.slug} onPosted={addComment} />
          </section>
        </Col>
        <Col lg={4}>
          <RecentPosts current={post.slug} />
        </Col>
      </Row>
    </Container>
  );
}
