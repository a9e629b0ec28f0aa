/** The base URL the app calls under test (src/config/env.ts's development default). */
export const API = 'http://localhost:4000';
