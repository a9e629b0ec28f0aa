/**
 * The shapes of the HTTP contract (../shared/api-contract.md). The app's api/ functions and the
 * server's routes both import these, so a change to a shape is one edit.
 */

export type Role = 'user' | 'owner' | 'admin';
export type RegisterType = Extract<Role, 'user' | 'owner'>;

/** Every object the server returns carries both `_id` and `id`, with the same value. */
export interface Identified {
  _id: string;
  id: string;
}

export interface Account extends Identified {
  username: string;
  email: string;
  role: Role;
  phoneNumber?: string;
  country?: string;
  createdAt: string;
}

export interface ErrorBody {
  message: string;
  code?: number;
}

export interface UserRegistration {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface OwnerRegistration extends UserRegistration {
  phoneNumber: string;
  country: string;
}

export interface RegisterAnswer {
  message: string;
  user: Account;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface SessionLogin {
  login: string;
  password: string;
}

export interface LoginAnswer {
  message: string;
  user: Account;
}

export interface SessionAnswer {
  user: Account;
}

export interface OwnerCar extends Identified {
  url: string;
  carname: string;
  description: string;
  price: number;
  ownerId: string;
  createdAt: string;
  updatedAt: string;
}

/** What the add form sends: the spec's add form sends the price as text. */
export interface OwnerCarInput {
  url: string;
  carname: string;
  description: string;
  price: number | string;
}

export interface OwnerCarEdit extends OwnerCarInput {
  id: string;
  price: number;
}

/** The answers of `/get-cars`, `/get-car/{id}`, `/edit-cars`, `/delete-cars` carry `code`. */
export interface CodedAnswer<T> {
  code: number;
  message: string;
  data: T;
}

export interface BlogPost extends Identified {
  slug: string;
  title: string;
  author: string;
  date: string;
  time: string;
  imgUrl: string;
  description: string;
  quote: string;
}

export interface Reply extends Identified {
  author: string;
  date: string;
  content: string;
}

export interface Comment extends Identified {
  post: string;
  author: string;
  date: string;
  content: string;
  replies: Reply[];
}

export interface NewComment {
  content: string;
  author?: string;
  post?: string;
}

export interface NewReply {
  content: string;
  author?: string;
}

export type CarKind = 'fleet' | 'listed';

export interface PublicCar extends Identified {
  kind: CarKind;
  carName: string;
  imgUrl: string;
  price: number;
  description: string;
  brand?: string;
  model?: string;
  rating?: number;
  speed?: string;
  gps?: string;
  seatType?: string;
  automatic?: string;
  ownerName?: string;
}

export type CarSort = 'price-asc' | 'price-desc';

export interface CarQuery {
  maxPrice?: number;
  minPrice?: number;
  sort?: CarSort;
  from?: string;
  to?: string;
  q?: string;
}

export interface ListAnswer<T> {
  data: T[];
}

export type BookingStatus = 'requested' | 'accepted' | 'declined' | 'cancelled';
export type BookingAction = 'accept' | 'decline' | 'cancel';

export interface NewBooking {
  carName: string;
  from: string;
  to: string;
  driver: boolean;
  paymentToken?: string;
}

export interface Booking extends Identified {
  car: { id: string; kind: CarKind; carName: string };
  renter: { id: string; username: string };
  from: string;
  to: string;
  hours: number;
  driver: boolean;
  pricePerDay: number;
  total: number;
  amountPaise: number;
  status: BookingStatus;
  paymentRef?: string;
  createdAt: string;
  updatedAt: string;
}

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export interface NewsletterSignup {
  email: string;
}

export interface MessageAnswer {
  message: string;
}

export interface HealthAnswer {
  status: 'ok';
  db: 'pglite' | 'postgres';
}
