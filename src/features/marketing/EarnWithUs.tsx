import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { t } from './words';

const HEADING_ID = 'earn-with-us';

/** The invitation to owners: list a car and earn from it. */
export function EarnWithUs() {
  return (
    <section className="section page-banner text-start" aria-labelledby={HEADING_ID}>
      <Container>
        <Row className="align-items-center g-4">
          <Col md={8}>
            <h2 id={HEADING_ID} className="mb-2">
              {t('site.earn.heading')}
            </h2>
            <p className="mb-0">{t('site.earn.text')}</p>
          </Col>
          <Col md={4} className="text-md-end">
            <Link to={paths.ownerLoginTab} className="btn btn-primary btn-lg">
              {t('site.earn.giveRent')}
            </Link>
          </Col>
        </Row>
      </Container>
    </section>
  );
}
