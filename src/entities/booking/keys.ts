/** The bookings the signed-in account sees: its own as a renter, or the requests for the cars it answers for. */
export const bookingsKey = ['bookings'] as const;
