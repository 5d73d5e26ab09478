// Registers a route's handlers under its declaration (src/shared/contract), so the path a handler
// answers is the path the client calls, the reference documents and the tests check.
import { Hono, type Context, type Handler, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReplyOf, RouteSpec } from '@/shared/contract/route';
import type { AppEnv } from '../types';

/**
 * A group of routes mounted at `base` (worker/app.ts): `serve(router, route, ...handlers)` adds a
 * declared route whose path starts with `base`.
 */
export interface Router {
  readonly base: `/${string}`;
  readonly app: Hono<AppEnv>;
}

export const router = (base: `/${string}`): Router => ({ base, app: new Hono<AppEnv>() });

export function serve(
  router: Router,
  route: RouteSpec,
  ...handlers: (MiddlewareHandler<AppEnv> | Handler<AppEnv>)[]
): void {
  if (!route.path.startsWith(router.base)) throw new Error(`${route.method} ${route.path} is not under ${router.base}`);
  const path = route.path.slice(router.base.length) || '/';
  router.app.on(route.method, path, ...(handlers as [MiddlewareHandler<AppEnv>]));
}

/** The route's reply, typed by its declaration, with its declared status (200 unless given). */
export function reply<R extends RouteSpec>(
  c: Context<AppEnv>,
  route: R,
  data: ReplyOf<R>,
  status?: ContentfulStatusCode,
): Response {
  if (route.reply === null) return c.body(null, route.status === 204 ? 204 : (status ?? 200));
  return c.json(data as object, status ?? (route.status === 204 ? 200 : (route.status ?? 200)));
}
