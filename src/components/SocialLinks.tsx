import { Icon } from './icons';

export type SocialNetwork = 'facebook' | 'instagram' | 'twitter' | 'linkedin';

const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
};

interface SocialLinksProps {
  /** Whose profiles these are, for the links' names ("Ananya Rao on Facebook"). */
  owner: string;
  links: Partial<Record<SocialNetwork, string>>;
  className?: string;
}

/** A row of icon links to social profiles; each link is named for a screen reader. */
export function SocialLinks({ owner, links, className = '' }: SocialLinksProps) {
  const entries = Object.entries(links) as [SocialNetwork, string][];
  return (
    <ul className={`list-unstyled d-flex gap-1 mb-0 ${className}`}>
      {entries.map(([network, href]) => (
        <li key={network}>
          <a
            href={href}
            className="btn btn-icon btn-outline-primary rounded-circle p-0"
            aria-label={`${owner} on ${networkNames[network]}`}
          >
            <Icon name={network} />
          </a>
        </li>
      ))}
    </ul>
  );
}
