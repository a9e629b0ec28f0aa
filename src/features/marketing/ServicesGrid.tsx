import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { services } from '../../data/services';

/** The six services of "Popular Services"; each icon is decoration beside its title. */
export function ServicesGrid() {
  return (
    <Row xs={1} sm={2} lg={3} className="g-4">
      {services.map((service) => (
        <Col key={service.id}>
          <div className="d-flex gap-3 h-100 p-3 bg-white rounded shadow-sm">
            <img src={service.icon} alt="" width={64} height={64} className="icon-tile flex-shrink-0" />
            <div>
              <h3 className="h5">{service.title}</h3>
              <p className="mb-0 text-muted">{service.desc}</p>
            </div>
          </div>
        </Col>
      ))}
    </Row>
  );
}
