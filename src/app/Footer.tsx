import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { SocialLinks } from '../components/SocialLinks';
import { usePublicConfigNear } from '../lib/public-config';
import { telHref } from '../lib/tel-href';
import { t, Words } from '../lib/i18n';
import { NewsletterForm } from '../features/marketing/NewsletterForm';

const quickLinks = [
  { to: paths.about, label: 'common.nav.about' },
  { to: paths.privacy, label: 'common.footer.privacy' },
  { to: paths.terms, label: 'common.footer.terms' },
  { to: paths.cars, label: 'common.nav.cars' },
  { to: paths.blogs, label: 'common.nav.blog' },
  { to: paths.contact, label: 'common.nav.contact' },
] as const;

/** The marketing pages' footer: the platform's social profiles, quick links, the head office, the newsletter and the copyright line. */
export function Footer() {
  // A named element, not written in the prop: the words lint reads any string in a `heading` as words.
  const followUs = <h3 className="visually-hidden">{t('common.footer.followUs')}</h3>;
  // SUPPORT_ADDRESS, SUPPORT_PHONE and SUPPORT_EMAIL as the server is configured; each line is left out while unknown or unset.
  const { ref: supportRef, data: support } = usePublicConfigNear((config) => config.support);
  return (
    <footer className="site-footer pt-5 pb-3">
      <Container>
        <Row className="g-4">
          <Col md={6} lg={3}>
            <h2 className="h5">{PRODUCT_NAME}</h2>
            <p>{t('common.footer.about')}</p>
            <SocialLinks heading={followUs} variant="outline-light" />
          </Col>
          <Col md={6} lg={3}>
            <h2 className="h5">{t('common.footer.quickLinks')}</h2>
            <ul className="list-unstyled mb-0">
              {quickLinks.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="d-inline-flex align-items-center py-2">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </Col>
          <Col md={6} lg={3}>
            <h2 className="h5">{t('common.footer.headOffice')}</h2>
            <address className="mb-0" ref={supportRef}>
              {support?.address ? <p className="mb-1">{support.address}</p> : null}
              {support?.phone ? (
                <p className="mb-1">
                  <Words
                    id="common.footer.phone"
                    values={{ phone: support.phone }}
                    // biome-ignore lint/a11y/useAnchorContent: the message's <0>…</0> is the link's content.
                    components={{ 0: <a href={telHref(support.phone)} /> }}
                  />
                </p>
              ) : null}
              {support?.email ? (
                <p className="mb-1">
                  <Words
                    id="common.footer.email"
                    values={{ email: support.email }}
                    // biome-ignore lint/a11y/useAnchorContent: the message's <0>…</0> is the link's content.
                    components={{ 0: <a href={`mailto:${support.email}`} /> }}
                  />
                </p>
              ) : null}
              <p className="mb-0">{t('common.footer.officeTime')}</p>
            </address>
          </Col>
          <Col md={6} lg={3}>
            <h2 className="h5">{t('common.footer.newsletter')}</h2>
            <p>{t('common.footer.newsletterNote')}</p>
            <NewsletterForm />
          </Col>
        </Row>
        <hr className="border-light opacity-25 my-4" />
        {/* The year is the visitor's; the prerendered page has the build's, which may be last year's. */}
        <p className="text-center small mb-0" suppressHydrationWarning>
          {t('common.footer.copyright', { year: String(new Date().getFullYear()), product: PRODUCT_NAME })}
        </p>
      </Container>
    </footer>
  );
}
