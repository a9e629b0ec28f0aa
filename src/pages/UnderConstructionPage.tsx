import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';

/** /notfound: the spec's page that is still being built. */
export default function UnderConstructionPage() {
  usePageTitle('Under construction');
  return (
    <Container as="main" className="py-5 text-center" style={{ maxWidth: '40rem' }}>
      <h1 className="h2 mb-3">hello still under construction!</h1>
      <Link to={paths.home}>Go to the home page</Link>
    </Container>
  );
}
