import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { blogPosts } from '../../data/blogs';
import { slugify } from '../../domain/slug';
import { t } from './post-words';

const HEADING_ID = 'recent-posts';

/** Every post, the one being read (by its slug) marked as the current page. */
export function RecentPosts({ current }: { current: string }) {
  return (
    <aside aria-labelledby={HEADING_ID} className="p-3 band-light rounded">
      <h2 id={HEADING_ID} className="h5">
        {t('blog.recentPosts')}
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
