import { Icon } from '../../components/icons';
import { SocialLinks } from '../../components/SocialLinks';
import { usePublicConfigNear } from '../../lib/public-config';
import { telHref } from '../../lib/tel-href';
import { t } from './words';

/** Where to find us: the address (else only the country), the phone and the email when the server has them, and the social profiles. */
export function ContactDetails() {
  const followUs = <h3 className="h5 mt-4">{t('site.contactDetails.followUs')}</h3>;
  const { ref, data: support } = usePublicConfigNear((config) => config.support);
  const { phone, email, address } = support ?? {};
  return (
    <>
      <h2 className="h4 mb-3">{t('site.contactDetails.heading')}</h2>
      <ul className="list-unstyled" ref={ref}>
        <li className="d-flex gap-2 mb-2">
          <Icon name="location" className="text-primary flex-shrink-0 mt-1" />
          <span>{address ?? t('site.contactDetails.place')}</span>
        </li>
        {phone ? (
          <li className="d-flex gap-2 mb-2">
            <Icon name="phone" className="text-primary flex-shrink-0 mt-1" />
            <a href={telHref(phone)}>{phone}</a>
          </li>
        ) : null}
        {email ? (
          <li className="d-flex gap-2 mb-2">
            <Icon name="mail" className="text-primary flex-shrink-0 mt-1" />
            <a href={`mailto:${email}`}>{email}</a>
          </li>
        ) : null}
      </ul>
      <SocialLinks heading={followUs} />
    </>
  );
}
