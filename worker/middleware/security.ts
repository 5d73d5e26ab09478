// Request hygiene for every /api route: same-origin writes, JSON-only bodies, a size cap,
// and response headers. HTML pages get their headers from public/_headers (Static Assets).
import { createMiddleware } from 'hono/factory';
import { MAX_JSON_BODY_BYTES } from '@/shared/constants';
import { forbidden, HttpError } from '../lib/errors';
import type { AppEnv } from '../types';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The signed image PUT carries JPEG bytes, not JSON, and up to 10 MB. */
export const isSignedUpload = (method: string, path: string) =>
  method === 'PUT' && path.startsWith('/api/objects/upload/');

export const apiHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('X-Frame-Options', 'DENY');
  // API answers depend on the session (or may soon): never store them in shared caches.
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  if (new URL(c.req.url).protocol === 'https:')
    c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
});

/**
 * Cross-site request forgery defence. Hono's csrf() only looks at form content types, so JSON
 * requests are checked here: a browser's Origin must be ours and cross-site fetches are refused.
 */
export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('Origin');
  if (origin && origin !== new URL(c.req.url).origin) throw forbidden('Cross-origin requests are not allowed');
  if (c.req.header('Sec-Fetch-Site') === 'cross-site') throw forbidden('Cross-origin requests are not allowed');
  return next();
});

/**
 * Writes are JSON. A request without a body (logout, make-admin) may omit the content type,
 * as the SPA's client sends one only when there is a payload.
 */
export const jsonWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method) || isSignedUpload(c.req.method, c.req.path)) return next();
  const type = c.req.header('Content-Type');
  const length = Number(c.req.header('Content-Length') ?? '0');
  const hasBody = length > 0 || c.req.header('Transfer-Encoding') !== undefined;
  if (type !== undefined ? !/^application\/json\s*(;|$)/i.test(type) : hasBody) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  if (length > MAX_JSON_BODY_BYTES) throw new HttpError(413, 'Request body too large');
  return next();
});
