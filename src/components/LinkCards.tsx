import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';

interface LinkCard {
  title: string;
  text: string;
  to: string;
}

/** A dashboard's places to go, each a card whose whole face is the link. */
export function LinkCards({ cards, columns }: { cards: readonly LinkCard[]; columns: number }) {
  return (
    <Row xs={1} md={columns} className="g-4">
      {cards.map((card) => (
        <Col key={card.to}>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h5">
                <Link to={card.to} className="stretched-link">
                  {card.title}
                </Link>
              </Card.Title>
              <Card.Text>{card.text}</Card.Text>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
