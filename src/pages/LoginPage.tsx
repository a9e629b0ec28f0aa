import { useEffect, useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { loginOwner, loginUser } from '../features/auth/api';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { SignInForm } from '../features/auth/SignInForm';
import { t, Words } from '../features/auth/words';
import { readSignInState } from '../lib/auth/sign-in-state';

type LoginTab = 'user' | 'owner';

/**
 * /login: the user and owner sign-in forms on two tabs; `?tab=owner` (where /ownerlogin, the owners'
 * sign-up and invitations lead) opens the owner's. Admins sign in on the user tab, which the server
 * accepts them on. The page that sent the person here may say why (its heading), in router state.
 */
export default function LoginPage() {
  usePageTitle(t('account.login.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const { reason } = readSignInState(location.state);
  const tabInAddress: LoginTab = searchParams.get('tab') === 'owner' ? 'owner' : 'user';
  // The tab is switched here at once and the address follows: react-bootstrap moves the focus to
  // the selected tab right after an arrow key, before a router update would have landed.
  const [activeTab, setActiveTab] = useState<LoginTab>(tabInAddress);
  useEffect(() => setActiveTab(tabInAddress), [tabInAddress]);

  const selectTab = (key: string | null) => {
    setActiveTab(key === 'owner' ? 'owner' : 'user');
    // Keeps the state (where the person was going, why) across tabs.
    setSearchParams(key === 'owner' ? { tab: 'owner' } : {}, { replace: true, state: location.state });
  };

  return (
    <PageShell title={reason ?? t('account.login.title')} narrow>
      <Tabs activeKey={activeTab} onSelect={selectTab} className="mb-4" mountOnEnter unmountOnExit transition={false}>
        <Tab eventKey="user" title={t('account.login.userTab')}>
          <SignInForm
            loginLabel={t('account.login.email')}
            signIn={loginUser}
            tabRoles={['user', 'admin']}
            forgotPasswordPath={paths.forgotPassword}
          />
        </Tab>
        <Tab eventKey="owner" title={t('account.login.ownerTab')}>
          <SignInForm
            loginLabel={t('account.login.email')}
            signIn={loginOwner}
            tabRoles={['owner']}
            forgotPasswordPath={paths.ownerForgotPassword}
          />
        </Tab>
      </Tabs>
      <p>
        {/* The state goes along so that, signed up (and so signed in), the person still reaches where they were going. */}
        <Words
          id="account.login.newHere"
          components={{ 0: <Link to={activeTab === 'owner' ? paths.ownerSignupTab : paths.signup} state={location.state} /> }}
        />
      </p>
      <p className="mb-0">
        <Link to={paths.cars}>{t('account.login.browseCars')}</Link>
      </p>
    </PageShell>
  );
}
