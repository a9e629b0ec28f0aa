import { Icon } from '../../components/icons';
import { SocialLinks } from '../../components/SocialLinks';
import { t } from './words';

const PHONE = '+91 00000 00000';
const EMAIL = 'hello@example.com';

/** Where to find us: the place, the phone, the email and the social profiles. */
export function ContactDetails() {
  const followUs = <h3 className="h5 mt-4">{t('site.contactDetails.followUs')}</h3>;
  return (
    <>
      <h2 className="h4 mb-3">{t('site.contactDetails.heading')}</h2>
      <ul className="list-unstyled">
        <li className="d-flex gap-2 mb-2">
          <Icon name="location" className="text-primary flex-shrink-0 mt-1" />
          <span>{t('site.contactDetails.place')}</span>
        </li>
        <li className="d-flex gap-2 mb-2">
          <Icon name="phone" className="text-primary flex-shrink-0 mt-1" />
          <a href={`tel:${PHONE.replace(/\s/g, '')}`}>{PHONE}</a>
        </li>
        <li className="d-flex gap-2 mb-2">
          <Icon name="mail" className="text-primary flex-shrink-0 mt-1" />
          <a href={`mailto:${EMAIL}`}>{EMAIL}</a>
        </li>
      </ul>
      <SocialLinks heading={followUs} />
    </>
  );
}
