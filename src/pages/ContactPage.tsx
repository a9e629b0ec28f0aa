import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { ContactDetails } from '../features/marketing/ContactDetails';
import { ContactForm } from '../features/marketing/ContactForm';
import { usePageTitle } from '../lib/usePageTitle';

export default function ContactPage() {
  usePageTitle('Contact');
  return (
    <>
      <div className="page-banner text-center">
        <h1 className="mb-0">Contact</h1>
      </div>
      <section className="section">
        <Container>
          <Row className="g-4 gx-lg-5">
            <Col lg={7}>
              <h2 className="h4 mb-3">Get In Touch</h2>
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
