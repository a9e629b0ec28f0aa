/** The sides a booking list is for; an admin's steps of their own are taken in the admin console. */
export type PartySide = 'renter' | 'carKeeper';
