/**
 * An answer the client should see: its status and one sentence a person can act on. Routes and
 * hooks throw these; the error handler turns them into `{message}` bodies.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = headers;
  }
}
