import { blogPostPath, carPagePath, publicPages } from '../domain/page-addresses';
import { blogPosts } from './blogs';
import { catalogueCars } from './cars';

/**
 * Every public page whose content is known before the server runs: the fixed pages, each catalogue
 * car and each blog post, by the same address builders as the app's links. Owners' cars come and go
 * with the database and are not among them.
 */
export const publicPageAddresses: readonly string[] = [
  ...Object.values(publicPages),
  ...catalogueCars.map((car) => carPagePath(car)),
  ...blogPosts.map((post) => blogPostPath(post.title)),
];
