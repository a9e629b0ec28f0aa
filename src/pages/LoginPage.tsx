import { useEffect, useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { loginOwner, loginUser } from '../features/auth/api';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { SignInForm } from '../features/auth/SignInForm';

type LoginTab = 'user' | 'owner';

/**
 * /login: the user and owner sign-in forms on two tabs; `?tab=owner` (where /ownerlogin leads) opens
 * the owner's. Admins sign in on the user tab, which the server accepts them on.
 */
export default function LoginPage() {
  usePageTitle('Login');
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const tabInAddress: LoginTab = searchParams.get('tab') === 'owner' ? 'owner' : 'user';
  // The tab is switched here at once and the address follows: react-bootstrap moves the focus to
  // the selected tab right after an arrow key, before a router update would have landed.
  const [activeTab, setActiveTab] = useState<LoginTab>(tabInAddress);
  useEffect(() => setActiveTab(tabInAddress), [tabInAddress]);

  const selectTab = (key: string | null) => {
    setActiveTab(key === 'owner' ? 'owner' : 'user');
    // Keeps the guard's "from" so switching tabs still returns the person where they were going.
    setSearchParams(key === 'owner' ? { tab: 'owner' } : {}, { replace: true, state: location.state });
  };

  const registerLink = (
    <p className="mb-0">
      Don&apos;t have an account? <Link to={paths.signup}>Register</Link>
    </p>
  );

  return (
    <PageShell title="Login" narrow>
      <Tabs activeKey={activeTab} onSelect={selectTab} className="mb-4" mountOnEnter unmountOnExit transition={false}>
        <Tab eventKey="user" title="User">
          <SignInForm
            loginLabel="Email"
            signIn={loginUser}
            destinationFor={(account) => (account.role === 'admin' ? paths.admin : paths.home)}
            forgotPasswordPath={paths.forgotPassword}
          >
            {registerLink}
          </SignInForm>
        </Tab>
        <Tab eventKey="owner" title="Become a Owner">
          <SignInForm
            loginLabel="Email"
            signIn={loginOwner}
            destinationFor={() => paths.ownerCars}
            forgotPasswordPath={paths.ownerForgotPassword}
          >
            {registerLink}
          </SignInForm>
        </Tab>
      </Tabs>
    </PageShell>
  );
}
