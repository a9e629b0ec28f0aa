import { lazy, Suspense, type MouseEvent, useMemo, useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavbarBrand from 'react-bootstrap/NavbarBrand';
import NavbarCollapse from 'react-bootstrap/NavbarCollapse';
import NavbarContext from 'react-bootstrap/NavbarContext';
import NavbarToggle from 'react-bootstrap/NavbarToggle';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { Icon } from '../components/icons';
import { useSession } from '../lib/auth/session';
import { t, Words } from '../lib/i18n';
import { useSignOut } from '../lib/auth/useSignOut';
import { useHydrated } from '../lib/useHydrated';
import { ErrorAlert } from '../components/ErrorAlert';

/**
 * The account's menu, with its counts, is only for someone signed in, which the page learns after it
 * has loaded: its code (a dropdown placed by Popper) loads then, not with every visitor's page.
 */
const AccountMenu = lazy(() => import('./AccountMenu'));

/** The call request's form (with zod and the form code) loads when someone asks for a call, not with every page. */
const CallRequestDialog = lazy(() => import('../features/marketing/CallRequestDialog'));

const mainLinks = [
  { to: paths.home, label: 'common.nav.home' },
  { to: paths.about, label: 'common.nav.about' },
  { to: paths.cars, label: 'common.nav.cars' },
  { to: paths.blogs, label: 'common.nav.blog' },
  { to: paths.contact, label: 'common.nav.contact' },
] as const;

/** Where and when we work, and the call request: a bar over the header from lg on, inside the menu on phones. */
function WhereAndWhen({ onAskCall }: { onAskCall: () => void }) {
  // A press before the page's code has taken over would do nothing.
  const hydrated = useHydrated();
  return (
    <>
      <div className="d-flex flex-wrap gap-3">
        <p className="d-flex align-items-center gap-2 mb-0">
          <Icon name="location" className="text-primary" />
          <span>
            <Words id="common.header.where" components={{ 0: <strong />, 1: <span className="text-muted" /> }} />
          </span>
        </p>
        <p className="d-flex align-items-center gap-2 mb-0">
          <Icon name="clock" className="text-primary" />
          <span>
            <Words id="common.header.when" components={{ 0: <strong />, 1: <span className="text-muted" /> }} />
          </span>
        </p>
      </div>
      <button type="button" className="btn btn-navy btn-sm" aria-haspopup="dialog" disabled={!hydrated} onClick={onAskCall}>
        <Icon name="phone" size={16} className="me-2" />
        {t('common.header.requestCall')}
      </button>
    </>
  );
}

/**
 * Every page's header but the landing page's: where and when we work, the navigation (a Menu button
 * on phones), and the account: Sign in for visitors; signed in, the person's name opens a menu of
 * their screens and the spec's Logout, which only shows to someone who can log out.
 */
export function Header() {
  const { user } = useSession();
  const { signOutAndLeave, error, dismissError } = useSignOut();
  // Mounted from the first ask on, so the dialog keeps its closing animation and its code stays loaded.
  const [callAsked, setCallAsked] = useState(false);
  const [callOpen, setCallOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // What react-bootstrap's Navbar gives its Toggle and Collapse, given here without the Navbar: it
  // brings its Offcanvas, and with it the Modal, to every page that loads the header.
  const navbar = useMemo(
    () => ({ onToggle: () => setMenuOpen((open) => !open), bsPrefix: 'navbar', expanded: menuOpen, expand: 'lg' as const }),
    [menuOpen],
  );
  const askCall = () => {
    setCallAsked(true);
    setCallOpen(true);
  };

  const handleLogout = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void signOutAndLeave();
  };

  return (
    <header>
      {/* On phones these fold into the menu: above every page they took 129 px of a 375 px screen. */}
      <div className="header-top d-none d-lg-block">
        <Container className="d-flex flex-wrap justify-content-between align-items-center gap-2 py-2">
          <WhereAndWhen onAskCall={askCall} />
        </Container>
      </div>
      {callAsked ? (
        <Suspense fallback={null}>
          <CallRequestDialog show={callOpen} onClose={() => setCallOpen(false)} />
        </Suspense>
      ) : null}
      <NavbarContext value={navbar}>
        <nav className="navbar navbar-expand-lg navbar-light bg-white shadow-sm">
          <Container>
            <NavbarBrand as={Link} to={paths.home} className="py-0">
              <img src="/images/logo.svg" alt={t('common.header.logoAlt', { product: PRODUCT_NAME })} width={176} height={38} />
            </NavbarBrand>
            {/* On phones the account sits before the Menu button; from lg on, after the links, as in the reading order. */}
            <NavbarToggle
              aria-controls="main-navigation"
              aria-expanded={menuOpen}
              label={t('common.header.menu')}
              className="order-2"
            />
            <NavbarCollapse id="main-navigation" className="order-3 order-lg-1">
              {/* A link taken closes the phone's menu. */}
              <Nav className="me-auto" onSelect={() => setMenuOpen(false)}>
                {mainLinks.map((link) => (
                  <Nav.Link key={link.to} as={NavLink} to={link.to} eventKey={link.to} end={link.to !== paths.cars}>
                    {t(link.label)}
                  </Nav.Link>
                ))}
              </Nav>
              {/* Only while the phone's menu is open, so the page holds one copy at a time. */}
              {menuOpen ? (
                <div className="header-top d-lg-none d-flex flex-column align-items-start gap-2 p-2 mb-2 rounded">
                  <WhereAndWhen onAskCall={askCall} />
                </div>
              ) : null}
            </NavbarCollapse>
            <div className="order-1 order-lg-2 ms-auto me-2 me-lg-0 ms-lg-3">
              {user ? (
                // Until the menu's code is there, its button without the menu, so nothing moves when it comes.
                <Suspense
                  fallback={
                    <button type="button" className="dropdown-toggle btn btn-outline-secondary" disabled>
                      <span className="account-menu__name text-truncate">{user.username}</span>
                    </button>
                  }
                >
                  <AccountMenu user={user} onLogout={handleLogout} />
                </Suspense>
              ) : (
                <Link to={paths.login} className="btn btn-outline-primary">
                  {t('common.header.signIn')}
                </Link>
              )}
            </div>
          </Container>
        </nav>
      </NavbarContext>
      {error ? (
        <Container className="pt-3">
          <ErrorAlert message={error} onClose={dismissError} />
        </Container>
      ) : null}
    </header>
  );
}
