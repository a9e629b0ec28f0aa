import type { Role } from '#domain/contract';

/** Who opens the route: the owner screens need an owner, My bookings a renter. */
export type Visitor = 'visitor' | Extract<Role, 'user' | 'owner'>;

export interface SpecRoute {
  /** Names the screenshots: e2e/screenshots/{name}-{width}.png. */
  name: string;
  /** The address as the spec links it; `{carId}` is the id of a car an owner listed for the sweep. */
  path: string;
  who: Visitor;
  /** The page title after the product name ("WheelsOnWeb - Cars"); `{carName}` is that car's name. */
  title: string;
  /** The page's one h1, as a person (or a screen reader) finds it; `{carName}` as in the title. */
  heading: string;
}

/** Every route of the spec's table (section 2), plus the booking screens, the profile and the reset link's page. */
export const specRoutes: readonly SpecRoute[] = [
  { name: 'landing', path: '/', who: 'visitor', title: 'Welcome', heading: 'Best offers and variety of cars for your need!' },
  { name: 'layout', path: '/layout', who: 'visitor', title: 'Home', heading: 'Rent a car anywhere in India' },
  { name: 'layout-home', path: '/layout/home', who: 'visitor', title: 'Home', heading: 'Rent a car anywhere in India' },
  { name: 'layout-about', path: '/layout/about', who: 'visitor', title: 'About', heading: 'About Us' },
  { name: 'layout-cars', path: '/layout/cars', who: 'visitor', title: 'Cars', heading: 'Car Listing' },
  { name: 'layout-blogs', path: '/layout/blogs', who: 'visitor', title: 'Blogs', heading: 'Blogs' },
  { name: 'layout-contact', path: '/layout/contact', who: 'visitor', title: 'Contact', heading: 'Contact' },
  { name: 'login', path: '/login', who: 'visitor', title: 'Sign in', heading: 'Sign in' },
  { name: 'signup', path: '/Signup', who: 'visitor', title: 'Register', heading: 'Register' },
  { name: 'forgotpassword', path: '/Forgotpassword', who: 'visitor', title: 'Forgot Password', heading: 'Forgot Password' },
  {
    name: 'owner-forgot-password',
    path: '/owner-forgot-password',
    who: 'visitor',
    title: 'Forgot Password',
    heading: 'Forgot Password',
  },
  { name: 'ownerlogin', path: '/ownerlogin', who: 'visitor', title: 'Sign in', heading: 'Sign in' },
  { name: 'start', path: '/start', who: 'visitor', title: 'Sign in', heading: 'Sign in' },
  { name: 'cars-slug', path: '/cars/Tata Nexon EV', who: 'visitor', title: 'Tata Nexon EV', heading: 'Tata Nexon EV' },
  { name: 'cars-slug-renter', path: '/cars/Kia Seltos', who: 'user', title: 'Kia Seltos', heading: 'Kia Seltos' },
  { name: 'cars-listed-car', path: '/cars/{carId}', who: 'visitor', title: '{carName}', heading: '{carName}' },
  {
    name: 'blogs-slug',
    path: '/blogs/The best way to drive cars',
    who: 'visitor',
    title: 'The best way to drive cars',
    heading: 'The best way to drive cars',
  },
  { name: 'bookcar', path: '/bookcar', who: 'visitor', title: 'Book a car', heading: 'Book a car' },
  { name: 'get-cars', path: '/get/cars', who: 'owner', title: 'Your Cars', heading: 'Your Cars' },
  {
    name: 'get-car-id',
    path: '/get/car/{carId}',
    who: 'owner',
    title: 'Edit your Car Details',
    heading: 'Edit your Car Details',
  },
  { name: 'owner', path: '/owner', who: 'owner', title: 'Owner Dashboard', heading: 'Owner Dashboard' },
  { name: 'owner-payouts', path: '/owner/payouts', who: 'owner', title: 'Payout details', heading: 'Payout details' },
  { name: 'renting', path: '/Renting', who: 'owner', title: 'Add Your Car', heading: 'Add Your Car' },
  { name: 'get-requests', path: '/get/requests', who: 'owner', title: 'Rental requests', heading: 'Rental requests' },
  { name: 'bookings', path: '/bookings', who: 'user', title: 'My bookings', heading: 'My bookings' },
  { name: 'account-renter', path: '/account', who: 'user', title: 'Account', heading: 'Account' },
  { name: 'account-owner', path: '/account', who: 'owner', title: 'Account', heading: 'Account' },
  {
    name: 'reset-password',
    path: '/reset-password?token={resetToken}',
    who: 'visitor',
    title: 'Choose a New Password',
    heading: 'Choose a New Password',
  },
  {
    name: 'notfound',
    path: '/notfound',
    who: 'visitor',
    title: 'Under construction',
    heading: 'This page is not ready yet',
  },
  { name: 'privacy', path: '/privacy', who: 'visitor', title: 'Privacy Policy', heading: 'Privacy Policy' },
  { name: 'terms', path: '/terms', who: 'visitor', title: 'Terms of Use', heading: 'Terms of Use' },
  { name: 'unknown-address', path: '/no/such/page', who: 'visitor', title: 'Page not found', heading: 'Page not found' },
];
