import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../config/product';
import type { SocialNetwork } from '../domain/contract';
import { t } from '../lib/i18n';
import { usePublicConfigNear } from '../lib/public-config';
import { Icon } from './icons';

/** Each network's name, by id. */
const networkNames = {
  facebook: 'common.social.facebook',
  instagram: 'common.social.instagram',
  x: 'common.social.x',
  linkedin: 'common.social.linkedin',
  youtube: 'common.social.youtube',
} as const satisfies Record<SocialNetwork, Parameters<typeof t>[0]>;

/**
 * The networks in the contract's order. The footer is on every page: the contract's module would
 * bring zod with it, so the list is read off the names, which the type keeps complete.
 */
const networks = Object.keys(networkNames) as SocialNetwork[];

interface SocialLinksProps {
  /** Shown above the icons, and only when there are some ("Follow Us"). */
  heading?: ReactNode;
  /** Light outlines on the footer's navy, where the brand green would not stand out. */
  variant?: 'outline-primary' | 'outline-light';
  className?: string;
}

/**
 * The platform's social profiles the server is configured with (SOCIAL_*_URL, through
 * `GET /api/config`), as a row of icon links each named for a screen reader. Nothing but an empty
 * marker to watch the scrolling by until the answer has come, when it failed or when no profile is
 * set: an icon must never lead nowhere.
 */
export function SocialLinks({ heading, variant = 'outline-primary', className = '' }: SocialLinksProps) {
  // In the footer the links are below every page's first screen: asked for as they scroll near.
  const { ref, data: profiles } = usePublicConfigNear((config) => config.social);
  const links = networks.flatMap((network) => {
    const href = profiles?.[network];
    return href ? [{ network, href }] : [];
  });
  if (links.length === 0) return <span ref={ref} />;
  return (
    <>
      {heading}
      <ul className={`list-unstyled d-flex flex-wrap gap-1 mb-0 ${className}`}>
        {links.map(({ network, href }) => (
          <li key={network}>
            <a
              href={href}
              rel="noopener"
              className={`btn btn-icon btn-${variant} rounded-circle p-0`}
              aria-label={t('common.social.link', { product: PRODUCT_NAME, network: t(networkNames[network]) })}
            >
              <Icon name={network} />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
