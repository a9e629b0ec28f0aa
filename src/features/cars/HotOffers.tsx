import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { catalogueCars, HOT_OFFERS_COUNT } from '../../data/cars';
import { CarCard } from './CarCard';

/** The first six catalogue cars (spec section 1), shown from the static list so they never wait on the network. */
export function HotOffers() {
  return (
    <Row xs={1} sm={2} lg={3} className="g-4">
      {catalogueCars.slice(0, HOT_OFFERS_COUNT).map((car) => (
        <Col key={car.id}>
          <CarCard car={car} />
        </Col>
      ))}
    </Row>
  );
}
