import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { SectionTitle } from '../../components/SectionTitle';

const promises = [
  'Anywhere pick up and drop',
  'Cars checked before every trip',
  'Drivers when you need one',
  'One clear price per hour',
];

/** Who we are, shown on the home page and the About page. */
export function AboutSection() {
  return (
    <Row className="align-items-center g-4">
      <Col lg={6}>
        <SectionTitle lead="About Us" title="Welcome to car rent service" className="mb-3" />
        <p>
          WheelsOnWeb connects people who need a car with the owners and fleet who have one. Pick a car that fits your budget,
          choose the hours you need it, add a driver if you like, and see the total before you pay.
        </p>
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 g-2 mb-0">
          {promises.map((promise) => (
            <li key={promise} className="col">
              <span className="text-primary fw-bold" aria-hidden="true">
                ✓
              </span>{' '}
              {promise}
            </li>
          ))}
        </ul>
      </Col>
      <Col lg={6}>
        <div className="ratio ratio-16x10">
          <img
            src="/images/cars/mercedes-benz-xc90.svg"
            alt="Illustration of a seven-seat SUV"
            width={336}
            height={210}
            loading="lazy"
          />
        </div>
      </Col>
    </Row>
  );
}
