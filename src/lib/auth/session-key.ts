/** The session query's key: the query client re-asks it whenever a call is refused with 401. */
export const SESSION_KEY = ['session'] as const;
