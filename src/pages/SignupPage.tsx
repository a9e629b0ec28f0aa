import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link } from 'react-router-dom';
import { PageShell } from '../components/PageShell';
import { paths } from '../config/paths';
import { OwnerSignupForm, UserSignupForm } from '../features/auth/SignupForms';
import { usePageTitle } from '../lib/usePageTitle';

/** /signup: registration of renters and owners on two tabs. */
export default function SignupPage() {
  usePageTitle('Register');
  return (
    <PageShell title="Register" narrow>
      <Tabs defaultActiveKey="user" className="mb-4" mountOnEnter unmountOnExit transition={false}>
        <Tab eventKey="user" title="User">
          <UserSignupForm />
        </Tab>
        <Tab eventKey="owner" title="Owner">
          <OwnerSignupForm />
        </Tab>
      </Tabs>
      <p>
        Already have an account? <Link to={paths.login}>Login</Link>
      </p>
    </PageShell>
  );
}
