import { blogPostPath, bookingPagePath, carPagePath, publicPages } from '../domain/page-addresses';

/** Every route path of the app in one place; screens link through these helpers, never by hand. */
export const paths = {
  landing: publicPages.landing,
  layout: '/layout',
  home: publicPages.home,
  about: publicPages.about,
  cars: publicPages.cars,
  blogs: publicPages.blogs,
  contact: publicPages.contact,
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
  /** The public pages' builders are shared with the server's sitemap (src/domain/page-addresses.ts). */
  carPage: carPagePath,
  blogDetail: blogPostPath,
  bookCar: '/bookcar',
  ownerCars: '/get/cars',
  editCar: (id: string) => `/get/car/${encodeURIComponent(id)}`,
  owner: '/owner',
  /** The owner's earnings, figures and payouts; `?month=YYYY-MM` lists one month's bookings. */
  ownerEarnings: '/owner/earnings',
  /** An owner's statement of one India month (`YYYY-MM`). */
  ownerStatement: (month: string) => `/owner/statements/${encodeURIComponent(month)}`,
  addCar: '/renting',
  /** Where the owner's earnings are paid: bank account, UPI ID, PAN. */
  ownerPayouts: '/owner/payouts',
  notFound: '/notfound',
  /** What the platform stores about people, why, for how long, and how to have it deleted. */
  privacy: '/privacy',
  /** The rules of renting, listing and commenting. */
  terms: '/terms',
  myBookings: '/bookings',
  /** A booking's receipt, by the booking's id. */
  booking: bookingPagePath,
  rentalRequests: '/get/requests',
  /** The signed-in person's profile: phone, country, password, sessions. */
  account: '/account',
  /** Where an admin lands after signing in: the console's overview. */
  admin: '/admin',
  /** The admin console's sections; each list's search and filters ride in the query string. */
  adminAccounts: '/admin/accounts',
  adminCars: '/admin/cars',
  adminBookings: '/admin/bookings',
  /** Payout runs, one of them open with `?run=<id>`. */
  adminPayouts: '/admin/payouts',
  /** What the platform earned and owes, owners' balances (`?q=`, `?page=`), and the check of the books. */
  adminMoney: '/admin/money',
  adminComments: '/admin/comments',
  adminMessages: '/admin/messages',
  adminConversations: '/admin/conversations',
  adminAudit: '/admin/audit',
  /** Driving licences awaiting review, oldest first. */
  adminLicences: '/admin/licences',
} as const;
