/**
 * A cookie the server sets beside the session's (HttpOnly) cookie and clears with it, which the
 * app's own script may read. It holds nothing secret, only "this browser has a session": without
 * it, a page served from the API's own origin knows nobody is signed in without asking the server,
 * so its first screen need not load the HTTP client at all. With it, the app asks, as before: a
 * session can have ended on the server.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
