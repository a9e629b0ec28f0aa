/**
 * Every failed call comes back as this: the HTTP status (0 when the server was not reached) and a
 * sentence to show. Its own module, without axios, so the screens of the first bundle (the route
 * guards, the session) can tell failures apart without loading the HTTP client.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;

  constructor(status: number, message: string, serverMessage?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}
