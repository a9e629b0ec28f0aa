import { useEffect, useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { loginOwner, loginUser } from '../features/auth/api';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { SignInForm } from '../features/auth/SignInForm';
import { readSignInState } from '../lib/auth/sign-in-state';

type LoginTab = 'user' | 'owner';

/**
 * /login: the user and owner sign-in forms on two tabs; `?tab=owner` (where /ownerlogin, the owners'
 * sign-up and invitations lead) opens the owner's. Admins sign in on the user tab, which the server
 * accepts them on. The page that sent the person here may say why (its heading) and hand over the
 * email just registered, both in router state.
 */
export default function LoginPage() {
  usePageTitle('Sign in');
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const { reason, email } = readSignInState(location.state);
  const tabInAddress: LoginTab = searchParams.get('tab') === 'owner' ? 'owner' : 'user';
  // The tab is switched here at once and the address follows: react-bootstrap moves the focus to
  // the selected tab right after an arrow key, before a router update would have landed.
  const [activeTab, setActiveTab] = useState<LoginTab>(tabInAddress);
  useEffect(() => setActiveTab(tabInAddress), [tabInAddress]);

  const selectTab = (key: string | null) => {
    setActiveTab(key === 'owner' ? 'owner' : 'user');
    // Keeps the state (where the person was going, why, the email) across tabs.
    setSearchParams(key === 'owner' ? { tab: 'owner' } : {}, { replace: true, state: location.state });
  };

  return (
    <PageShell title={reason ?? 'Sign in'} narrow>
      <Tabs activeKey={activeTab} onSelect={selectTab} className="mb-4" mountOnEnter unmountOnExit transition={false}>
        <Tab eventKey="user" title="User">
          <SignInForm
            loginLabel="Email"
            initialLogin={email}
            signIn={loginUser}
            destinationFor={(account) => (account.role === 'admin' ? paths.admin : paths.home)}
            forgotPasswordPath={paths.forgotPassword}
          />
        </Tab>
        <Tab eventKey="owner" title="Become an owner">
          <SignInForm
            loginLabel="Email"
            initialLogin={email}
            signIn={loginOwner}
            destinationFor={() => paths.ownerCars}
            forgotPasswordPath={paths.ownerForgotPassword}
          />
        </Tab>
      </Tabs>
      <p>
        New here? {/* The state goes along so that, signed up, the person signs in and still reaches where they were going. */}
        <Link to={activeTab === 'owner' ? paths.ownerSignupTab : paths.signup} state={location.state}>
          Create an account
        </Link>
      </p>
      <p className="mb-0">
        <Link to={paths.cars}>Browse cars without signing in</Link>
      </p>
    </PageShell>
  );
}
