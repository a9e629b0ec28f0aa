import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The invitation to owners: list a car and earn from it. */
export function EarnWithUs() {
  return (
    <section className="section page-banner text-start" aria-labelledby="earn-with-us">
      <Container>
        <Row className="align-items-center g-4">
          <Col md={8}>
            <h2 id="earn-with-us" className="mb-2">
              Do You Want to Earn With Us?
            </h2>
            <p className="mb-0">List your car when you are not using it. You set the price per hour, we bring the renters.</p>
          </Col>
          <Col md={4} className="text-md-end">
            <Link to={paths.ownerLoginTab} className="btn btn-primary btn-lg">
              Give a Rent
            </Link>
          </Col>
        </Row>
      </Container>
    </section>
  );
}
