import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { BLOG_PREVIEW_LENGTH, type BlogPostData } from '../../data/blogs';
import { BlogIllustration } from './BlogIllustration';
import { t, Words } from './words';

/** The spec's list preview: the first 100 characters, with an ellipsis when there is more. */
function blogPreview(text: string): string {
  return text.length > BLOG_PREVIEW_LENGTH ? `${text.slice(0, BLOG_PREVIEW_LENGTH).trimEnd()}…` : text;
}

type BlogCardPost = Pick<BlogPostData, 'title' | 'author' | 'date' | 'imgUrl' | 'description'>;

/** One blog post in a list: picture, title, who and when, a preview and a link to the whole post. */
export function BlogCard({ post }: { post: BlogCardPost }) {
  return (
    <Card className="h-100 shadow-sm border-0">
      <div className="ratio ratio-16x10">
        <BlogIllustration post={post} className="card-img-top" loading="lazy" decoding="async" />
      </div>
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5">
          {post.title}
        </Card.Title>
        <p className="small text-muted mb-2">{t('site.blog.card.byline', { author: post.author, date: post.date })}</p>
        <Card.Text>{blogPreview(post.description)}</Card.Text>
        <Link to={paths.blogDetail(post.title)} className="mt-auto align-self-start">
          <Words
            id="site.blog.card.readMore"
            values={{ title: post.title }}
            components={{ 0: <span className="visually-hidden" /> }}
          />
        </Link>
      </Card.Body>
    </Card>
  );
}
