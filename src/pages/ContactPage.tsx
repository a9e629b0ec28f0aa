import site from '#locales/en/site';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { ContactDetails } from '../features/marketing/ContactDetails';
import { ContactForm } from '../features/marketing/ContactForm';
import { wordsOf } from '../lib/i18n';
import { usePageTitle } from '../lib/usePageTitle';

const { t } = wordsOf(site);

export default function ContactPage() {
  usePageTitle(t('site.contact.pageTitle'));
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">{t('site.contact.pageTitle')}</h1>
      </div>
      <section className="section">
        <Container>
          <Row className="g-4 gx-lg-5">
            <Col lg={7}>
              <h2 className="h4 mb-3">{t('site.contact.getInTouch')}</h2>
              <ContactForm />
            </Col>
            <Col lg={5}>
              <ContactDetails />
            </Col>
          </Row>
        </Container>
      </section>
    </>
  );
}
