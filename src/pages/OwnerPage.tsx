import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useSession } from '../lib/auth/session';
import { PageShell } from '../components/PageShell';

const sections = [
  { title: 'Your Cars', text: 'See, edit and remove the cars you have listed.', to: paths.ownerCars },
  { title: 'Add Cars', text: 'List another car for renters to book.', to: paths.addCar },
  { title: 'Rental requests', text: 'Accept or decline the requests renters send for your cars.', to: paths.rentalRequests },
];

/** /owner: where an owner finds everything they can manage. */
export default function OwnerPage() {
  usePageTitle('Owner Dashboard');
  const { user } = useSession();
  return (
    <PageShell title="Owner Dashboard">
      {user ? <p className="lead">Welcome, {user.username}.</p> : null}
      <Row xs={1} md={3} className="g-4">
        {sections.map((section) => (
          <Col key={section.to}>
            <Card className="h-100">
              <Card.Body>
                <Card.Title as="h2" className="h5">
                  <Link to={section.to} className="stretched-link">
                    {section.title}
                  </Link>
                </Card.Title>
                <Card.Text>{section.text}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </PageShell>
  );
}
