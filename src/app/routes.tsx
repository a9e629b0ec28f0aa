import type { ComponentType } from 'react';
import { Navigate, Outlet, type LazyRouteFunction, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { RouteError } from './RouteError';
import type { RequireRoleProps } from './RequireRole';
import { signInTo } from './sign-in-handle';
import { PageSpinner } from '../components/PageSpinner';

/**
 * Route-level screens load on demand, so the landing page does not carry the slider, picker or
 * checkout. The router loads a screen before it shows it (the previous screen stays meanwhile),
 * rather than React.lazy suspending inside the page: React holds a screen that replaces a Suspense
 * fallback for 300 ms so it does not flash, once per screen, which people felt on every first visit.
 */
function page(load: () => Promise<{ default: ComponentType }>): LazyRouteFunction<RouteObject> {
  return async () => ({ Component: (await load()).default });
}

/**
 * The part of the table only some accounts may see: the guard (with the session check and its
 * client) loads with the first guarded screen, in parallel with it, not with the landing page.
 */
function guarded(props: Omit<RequireRoleProps, 'children'>): LazyRouteFunction<RouteObject> {
  return async () => {
    const { RequireRole } = await import('./RequireRole');
    return {
      element: (
        <RequireRole {...props}>
          <Outlet />
        </RequireRole>
      ),
    };
  };
}

/** Every route of the app in one table (spec section 2). Paths match in any letter case. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown only while the first screen's code arrives; later screens load while the current one stays.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: paths.landing, lazy: page(() => import('../pages/LandingPage')) },
      {
        // Every other page has the site's header; it carries react-bootstrap's Navbar, which the landing page does not need.
        lazy: page(() => import('./Layout')),
        children: [
          {
            path: `${paths.layout}/*`,
            // The spec's marketing pages also end with the footer and its newsletter form.
            handle: { footer: true },
            children: [
              { index: true, lazy: page(() => import('../pages/HomePage')) },
              { path: 'home', lazy: page(() => import('../pages/HomePage')) },
              { path: 'about', lazy: page(() => import('../pages/AboutPage')) },
              { path: 'cars', lazy: page(() => import('../pages/CarsPage')) },
              { path: 'blogs', lazy: page(() => import('../pages/BlogsPage')) },
              { path: 'contact', lazy: page(() => import('../pages/ContactPage')) },
              { path: '*', lazy: page(() => import('../pages/NotFoundPage')) },
            ],
          },
          { path: paths.login, lazy: page(() => import('../pages/LoginPage')) },
          { path: paths.ownerLogin, element: <Navigate to={`${paths.login}?tab=owner`} replace /> },
          { path: paths.signup, lazy: page(() => import('../pages/SignupPage')) },
          { path: paths.forgotPassword, lazy: page(() => import('../pages/ForgotPasswordPage')) },
          { path: paths.ownerForgotPassword, lazy: page(() => import('../pages/ForgotPasswordPage')) },
          { path: paths.resetPassword, lazy: page(() => import('../pages/ResetPasswordPage')) },
          { path: paths.start, lazy: page(() => import('../pages/StartPage')) },
          { path: '/cars/:carName', lazy: page(() => import('../pages/CarDetailPage')) },
          { path: '/blogs/:title', lazy: page(() => import('../pages/BlogDetailPage')) },
          { path: paths.bookCar, lazy: page(() => import('../pages/BookCarPage')) },
          // Read from the footer's links, so they end with the footer too.
          { path: paths.privacy, handle: { footer: true }, lazy: page(() => import('../pages/PrivacyPage')) },
          { path: paths.terms, handle: { footer: true }, lazy: page(() => import('../pages/TermsPage')) },
          {
            lazy: guarded({ role: 'owner' }),
            children: [
              {
                path: paths.ownerCars,
                handle: signInTo('common.signInTo.seeYourCars'),
                lazy: page(() => import('../pages/OwnerCarsPage')),
              },
              {
                path: '/get/car/:id',
                handle: signInTo('common.signInTo.editYourCar'),
                lazy: page(() => import('../pages/EditCarPage')),
              },
              {
                path: paths.addCar,
                handle: signInTo('common.signInTo.addYourCar'),
                lazy: page(() => import('../pages/AddCarPage')),
              },
              {
                path: paths.owner,
                handle: signInTo('common.signInTo.openOwnerDashboard'),
                lazy: page(() => import('../pages/OwnerPage')),
              },
              {
                path: paths.ownerPayouts,
                handle: signInTo('common.signInTo.setUpPayouts'),
                lazy: page(() => import('../pages/OwnerPayoutsPage')),
              },
              {
                path: paths.ownerEarnings,
                handle: signInTo('common.signInTo.seeYourEarnings'),
                lazy: page(() => import('../pages/OwnerEarningsPage')),
              },
              {
                path: '/owner/statements/:month',
                handle: signInTo('common.signInTo.seeYourStatement'),
                lazy: page(() => import('../pages/OwnerStatementPage')),
              },
            ],
          },
          {
            lazy: guarded({ role: 'owner', alsoAllow: ['admin'] }),
            children: [
              {
                path: paths.rentalRequests,
                handle: signInTo('common.signInTo.answerRentalRequests'),
                lazy: page(() => import('../pages/RentalRequestsPage')),
              },
            ],
          },
          {
            lazy: guarded({ role: 'user' }),
            children: [
              {
                path: paths.myBookings,
                handle: signInTo('common.signInTo.seeYourBookings'),
                lazy: page(() => import('../pages/MyBookingsPage')),
              },
            ],
          },
          {
            // Any signed-in account: the server answers each only the bookings that are theirs to see.
            lazy: guarded({ role: 'user', alsoAllow: ['owner', 'admin'] }),
            children: [
              {
                path: '/bookings/:id',
                handle: signInTo('common.signInTo.seeYourBooking'),
                lazy: page(() => import('../pages/BookingReceiptPage')),
              },
              {
                path: paths.account,
                handle: signInTo('common.signInTo.openYourAccount'),
                lazy: page(() => import('../pages/AccountPage')),
              },
            ],
          },
          {
            lazy: guarded({ role: 'admin', sendOthersTo: paths.home }),
            // Every section of the console says the same: the console is what the visitor came for.
            handle: signInTo('common.signInTo.openAdminConsole'),
            children: [
              { path: paths.admin, lazy: page(() => import('../pages/AdminPage')) },
              { path: paths.adminAccounts, lazy: page(() => import('../pages/AdminAccountsPage')) },
              { path: paths.adminCars, lazy: page(() => import('../pages/AdminCarsPage')) },
              { path: paths.adminBookings, lazy: page(() => import('../pages/AdminBookingsPage')) },
              { path: paths.adminPayouts, lazy: page(() => import('../pages/AdminPayoutsPage')) },
              { path: paths.adminMoney, lazy: page(() => import('../pages/AdminMoneyPage')) },
              { path: paths.adminComments, lazy: page(() => import('../pages/AdminCommentsPage')) },
              { path: paths.adminMessages, lazy: page(() => import('../pages/AdminMessagesPage')) },
              { path: paths.adminConversations, lazy: page(() => import('../pages/AdminConversationsPage')) },
              { path: paths.adminAudit, lazy: page(() => import('../pages/AdminAuditPage')) },
              { path: paths.adminLicences, lazy: page(() => import('../pages/AdminLicencesPage')) },
            ],
          },
          { path: paths.notFound, lazy: page(() => import('../pages/UnderConstructionPage')) },
          { path: '*', lazy: page(() => import('../pages/NotFoundPage')) },
        ],
      },
    ],
  },
];
