import { useParams } from 'react-router-dom';
import { BlogPost } from '../features/blog/BlogPost';

/** /blogs/{title}: one post with its comments. */
export default function BlogDetailPage() {
  const { title = '' } = useParams();
  return <BlogPost title={title} />;
}
