import type { ImgHTMLAttributes } from 'react';
import { t } from './words';

/** A post's picture, at its file's own size (320×200) so it takes its room before it arrives; CSS sets the size shown. */
export function BlogIllustration({
  post,
  ...rest
}: { post: { imgUrl: string; title: string } } & ImgHTMLAttributes<HTMLImageElement>) {
  return <img src={post.imgUrl} alt={t('site.blog.illustrationAlt', { title: post.title })} width={320} height={200} {...rest} />;
}
