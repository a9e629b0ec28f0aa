import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { SocialLinks } from '../components/SocialLinks';
import { NewsletterForm } from '../features/marketing/NewsletterForm';

const quickLinks = [
  { to: paths.about, label: 'About' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Use' },
  { to: paths.cars, label: 'Cars' },
  { to: paths.blogs, label: 'Blog' },
  { to: paths.contact, label: 'Contact' },
] as const;

/** The marketing pages' footer: the platform's social profiles, quick links, the head office, the newsletter and the copyright line. */
export function Footer() {
  return (
    <footer className="site-footer pt-5 pb-3">
      <Container>
        <Row className="g-4">
          <Col md={6} lg={3}>
            <h2 className="h5">{PRODUCT_NAME}</h2>
            <p>Rent a car by the hour anywhere in India, with or without a driver, or earn by listing your own.</p>
            <SocialLinks heading={<h3 className="visually-hidden">Follow us</h3>} variant="outline-light" />
          </Col>
          <Col md={6} lg={3}>
            <h2 className="h5">Quick Links</h2>
            <ul className="list-unstyled mb-0">
              {quickLinks.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="d-inline-flex align-items-center py-2">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Col>
          <Col md={6} lg={3}>
            <h2 className="h5">Head Office</h2>
            <address className="mb-0">
              <p className="mb-1">12 MG Road, Bengaluru 560001, India</p>
              <p className="mb-1">Phone: +91 00000 00000</p>
              <p className="mb-1">Email: hello@example.com</p>
              <p className="mb-0">Office time: 10am - 7pm</p>
            </address>
          </Col>
          <Col md={6} lg={3}>
            <h2 className="h5">Newsletter</h2>
            <p>Offers and new cars, once a month.</p>
            <NewsletterForm />
          </Col>
        </Row>
        <hr className="border-light opacity-25 my-4" />
        {/* The year is the visitor's; the prerendered page has the build's, which may be last year's. */}
        <p className="text-center small mb-0" suppressHydrationWarning>
          Copyright {new Date().getFullYear()}, website developed by {PRODUCT_NAME}. All rights reserved.
        </p>
      </Container>
    </footer>
  );
}
