import { useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PageShell } from '../components/PageShell';
import { paths } from '../config/paths';
import { OwnerSignupForm, UserSignupForm } from '../features/auth/SignupForms';
import { usePageTitle } from '../lib/usePageTitle';

/**
 * /signup: registration of renters and owners on two tabs; `?tab=owner` (the owner sign-in's
 * "Create an account") opens the owner's. Router state from the sign-in page is handed back to it.
 */
export default function SignupPage() {
  usePageTitle('Register');
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [activeTab, setActiveTab] = useState(searchParams.get('tab') === 'owner' ? 'owner' : 'user');
  return (
    <PageShell title="Register" narrow>
      <Tabs
        activeKey={activeTab}
        onSelect={(key) => setActiveTab(key === 'owner' ? 'owner' : 'user')}
        className="mb-4"
        mountOnEnter
        unmountOnExit
        transition={false}
      >
        <Tab eventKey="user" title="User">
          <UserSignupForm />
        </Tab>
        <Tab eventKey="owner" title="Owner">
          <OwnerSignupForm />
        </Tab>
      </Tabs>
      <p>
        Already have an account?{' '}
        <Link to={activeTab === 'owner' ? paths.ownerLoginTab : paths.login} state={location.state}>
          Sign in
        </Link>
      </p>
    </PageShell>
  );
}
