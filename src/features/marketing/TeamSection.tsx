import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { team } from '../../data/team';

/** "Our Members": the placeholder team. They have no profiles of their own, so no social links lead nowhere. */
export function TeamSection() {
  return (
    <Row xs={1} sm={2} lg={3} className="g-4 justify-content-center">
      {team.map((member) => (
        <Col key={member.id}>
          <Card className="h-100 border-0 shadow-sm text-center">
            <Card.Body>
              <img
                src={member.imgUrl}
                alt=""
                width={96}
                height={96}
                className="avatar mb-3"
                style={{ width: '6rem', height: '6rem' }}
                loading="lazy"
              />
              <Card.Title as="h3" className="h5">
                {member.name}
              </Card.Title>
              <p className="text-muted mb-0">{member.experience}</p>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
