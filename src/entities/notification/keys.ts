/** The header's counts for the signed-in account: a step on a booking changes what waits for an answer. */
export const notificationsKey = ['notifications'] as const;
