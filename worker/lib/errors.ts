// One error path: routes throw HttpError; app.onError turns it into `{ message, code, errors? }`,
// the code from the message (src/shared/contract/error-codes.ts, decision 068).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorCodeOf } from '@/shared/contract/error-codes';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many requests. Please try again later.', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

/** The app's onError: an HttpError as its status and `{ message, code, errors? }`, anything else a bare 500. */
export function errorReply(error: Error, c: Context) {
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    const code = errorCodeOf(error.message, error.status);
    return c.json(
      error.errors ? { message: error.message, code, errors: error.errors } : { message: error.message, code },
      error.status,
    );
  }
  // Unknown errors: log with the request id, answer without any detail.
  console.error(`[${c.req.header('cf-ray') ?? 'local'}] ${c.req.method} ${c.req.path}`, error);
  return c.json({ message: 'Internal server error', code: 'internal_error' }, 500);
}
