import type { ImgHTMLAttributes } from 'react';

/** A post's picture, at its file's own size (320×200) so it takes its room before it arrives; CSS sets the size shown. */
export function BlogIllustration({
  post,
  ...rest
}: { post: { imgUrl: string; title: string } } & ImgHTMLAttributes<HTMLImageElement>) {
  return <img src={post.imgUrl} alt={`Illustration for the post “${post.title}”`} width={320} height={200} {...rest} />;
}
