import { Icon } from '../../components/icons';
import { SocialLinks } from '../../components/SocialLinks';

/** Where to find us: the place, the phone, the email and the social profiles. */
export function ContactDetails() {
  return (
    <>
      <h2 className="h4 mb-3">Contact Information</h2>
      <ul className="list-unstyled">
        <li className="d-flex gap-2 mb-2">
          <Icon name="location" className="text-primary flex-shrink-0 mt-1" />
          <span>India</span>
        </li>
        <li className="d-flex gap-2 mb-2">
          <Icon name="phone" className="text-primary flex-shrink-0 mt-1" />
          <a href="tel:+910000000000">+91 00000 00000</a>
        </li>
        <li className="d-flex gap-2 mb-2">
          <Icon name="mail" className="text-primary flex-shrink-0 mt-1" />
          <a href="mailto:hello@example.com">hello@example.com</a>
        </li>
      </ul>
      <SocialLinks heading={<h3 className="h5 mt-4">Follow Us</h3>} />
    </>
  );
}
