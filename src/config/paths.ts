import type { CarKind } from '../domain/contract';

/** Every route path of the app in one place; screens link through these helpers, never by hand. */
export const paths = {
  landing: '/',
  layout: '/layout',
  home: '/layout/home',
  about: '/layout/about',
  cars: '/layout/cars',
  blogs: '/layout/blogs',
  contact: '/layout/contact',
  login: '/login',
  /** The login page on the owner's tab; unlike /ownerlogin's redirect, it keeps the router state it is given. */
  ownerLoginTab: '/login?tab=owner',
  signup: '/signup',
  ownerSignupTab: '/signup?tab=owner',
  forgotPassword: '/forgotpassword',
  ownerForgotPassword: '/owner-forgot-password',
  /** Where a password reset mail's link leads, with the link's token in `?token=`. */
  resetPassword: '/reset-password',
  ownerLogin: '/ownerlogin',
  start: '/start',
  /** A catalogue car by its name (the spec's links); an owner's car by its id, since owners may list cars of the same name. */
  carPage: (car: { kind?: CarKind; id?: string; carName: string }) =>
    `/cars/${encodeURIComponent(car.kind === 'listed' && car.id ? car.id : car.carName)}`,
  blogDetail: (title: string) => `/blogs/${encodeURIComponent(title)}`,
  bookCar: '/bookcar',
  ownerCars: '/get/cars',
  editCar: (id: string) => `/get/car/${encodeURIComponent(id)}`,
  owner: '/owner',
  addCar: '/renting',
  notFound: '/notfound',
  /** What the platform stores about people, why, for how long, and how to have it deleted. */
  privacy: '/privacy',
  /** The rules of renting, listing and commenting. */
  terms: '/terms',
  myBookings: '/bookings',
  /** A booking's receipt, by the booking's id. */
  booking: (id: string) => `/bookings/${encodeURIComponent(id)}`,
  rentalRequests: '/get/requests',
  /** The signed-in person's profile: phone, country, password, sessions. */
  account: '/account',
  /** Where an admin lands after signing in: the console's overview. */
  admin: '/admin',
  /** The admin console's sections; each list's search and filters ride in the query string. */
  adminAccounts: '/admin/accounts',
  adminCars: '/admin/cars',
  adminBookings: '/admin/bookings',
  adminComments: '/admin/comments',
  adminMessages: '/admin/messages',
  adminAudit: '/admin/audit',
} as const;
