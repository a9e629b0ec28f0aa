/**
 * Where the app sends its calls. Under `npm run dev` the API is another origin (port 4000); the
 * build that the server itself serves calls its own origin, so it works at whatever address it is
 * opened. VITE_API_URL overrides both.
 */
export const API_URL: string = import.meta.env.VITE_API_URL ?? (import.meta.env.DEV ? 'http://localhost:4000' : '');
