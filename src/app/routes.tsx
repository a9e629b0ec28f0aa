import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { RouteError } from './RouteError';
import { RequireRole } from './RequireRole';
import { PageSpinner } from '../components/PageSpinner';

/** Route-level screens load on demand, so the landing page does not carry the slider, picker or checkout. */
function page(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

// The header and footer carry react-bootstrap's Navbar and forms, which the landing page does not need.
const Layout = lazy(() => import('./Layout'));

const ownerOnly = (element: ReactNode) => <RequireRole role="owner">{element}</RequireRole>;
const renterOnly = (element: ReactNode) => <RequireRole role="user">{element}</RequireRole>;
const carKeepersOnly = (element: ReactNode) => (
  <RequireRole role="owner" alsoAllow={['admin']}>
    {element}
  </RequireRole>
);

/** Every route of the app in one table (spec section 2). Paths match in any letter case. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.landing, element: page(() => import('../pages/LandingPage')) },
      {
        path: `${paths.layout}/*`,
        element: (
          <Suspense fallback={<PageSpinner />}>
            <Layout />
          </Suspense>
        ),
        children: [
          { index: true, element: page(() => import('../pages/HomePage')) },
          { path: 'home', element: page(() => import('../pages/HomePage')) },
          { path: 'about', element: page(() => import('../pages/AboutPage')) },
          { path: 'cars', element: page(() => import('../pages/CarsPage')) },
          { path: 'blogs', element: page(() => import('../pages/BlogsPage')) },
          { path: 'contact', element: page(() => import('../pages/ContactPage')) },
          { path: '*', element: page(() => import('../pages/NotFoundPage')) },
        ],
      },
      { path: paths.login, element: page(() => import('../pages/LoginPage')) },
      { path: paths.ownerLogin, element: <Navigate to={`${paths.login}?tab=owner`} replace /> },
      { path: paths.signup, element: page(() => import('../pages/SignupPage')) },
      { path: paths.forgotPassword, element: page(() => import('../pages/ForgotPasswordPage')) },
      { path: paths.ownerForgotPassword, element: page(() => import('../pages/ForgotPasswordPage')) },
      { path: paths.start, element: page(() => import('../pages/StartPage')) },
      { path: '/cars/:carName', element: page(() => import('../pages/CarDetailPage')) },
      { path: '/blogs/:title', element: page(() => import('../pages/BlogDetailPage')) },
      { path: paths.bookCar, element: page(() => import('../pages/BookCarPage')) },
      { path: paths.ownerCars, element: ownerOnly(page(() => import('../pages/OwnerCarsPage'))) },
      { path: '/get/car/:id', element: ownerOnly(page(() => import('../pages/EditCarPage'))) },
      { path: paths.addCar, element: ownerOnly(page(() => import('../pages/AddCarPage'))) },
      { path: paths.owner, element: ownerOnly(page(() => import('../pages/OwnerPage'))) },
      { path: paths.rentalRequests, element: carKeepersOnly(page(() => import('../pages/RentalRequestsPage'))) },
      { path: paths.myBookings, element: renterOnly(page(() => import('../pages/MyBookingsPage'))) },
      { path: paths.notFound, element: page(() => import('../pages/UnderConstructionPage')) },
      { path: '*', element: page(() => import('../pages/NotFoundPage')) },
    ],
  },
];
