// The typed client: the SPA calls a declared route (src/shared/contract) with its path's
// parameters, its query and its body, and gets the declared reply's type back. URLs are built
// here from the declaration, never by hand. Errors are ApiError, as from every call (api.ts).
import {
  pathSegments,
  type BodyOf,
  type PathParams,
  type QueryOf,
  type ReplyOf,
  type RouteSpec,
  type Schema,
} from '@/shared/contract/route';
import { ApiError, apiFetch, type ApiReply } from './api';

type ParamsInput<R extends RouteSpec> = [PathParams<R['path']>] extends [never]
  ? { params?: never }
  : { params: Record<PathParams<R['path']>, string | number> };
type QueryInput<R extends RouteSpec> = R extends { query: Schema } ? { query?: QueryOf<R> } : { query?: never };
type BodyInput<R extends RouteSpec> = R extends { body: Schema } ? { body: BodyOf<R> } : { body?: never };

/** What a call takes: the path's parameters, the query and the body the route declares. */
export type CallInput<R extends RouteSpec> = ParamsInput<R> & QueryInput<R> & BodyInput<R>;
type InputArgs<R extends RouteSpec> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** The route's URL: its path with the parameters filled in, then the query's given values. */
export function urlOf<R extends RouteSpec>(route: R, ...[input]: InputArgs<R>): string {
  const params = (input?.params ?? {}) as Record<string, string | number>;
  const path = pathSegments(route.path)
    .map((segment) => {
      if (!('name' in segment)) return segment.text;
      const value = params[segment.name!];
      if (value === undefined) throw new Error(`${route.path}: no value for :${segment.name}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input?.query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Calls the route; resolves with its reply. */
export async function call<R extends RouteSpec>(route: R, ...args: InputArgs<R>): Promise<ReplyOf<R>> {
  return (await callWithReply(route, ...args)).data;
}

/** Calls the route; a 401 resolves with null ("nobody"), as the current-user read takes it. */
export async function callOrNull<R extends RouteSpec>(route: R, ...args: InputArgs<R>): Promise<ReplyOf<R> | null> {
  try {
    return await call(route, ...args);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Calls the route; resolves with its reply and the status and headers it came with. */
export async function callWithReply<R extends RouteSpec>(
  route: R,
  ...args: InputArgs<R>
): Promise<ApiReply<ReplyOf<R>>> {
  const response = await apiFetch(route.method, urlOf(route, ...args), args[0]?.body);
  const data = response.status === 204 || route.reply === null ? undefined : await response.json();
  // The one place a reply takes its declared type: the Worker tests check every reply against
  // the same declaration (test/support/contract-check.ts), so the type is the reply's.
  return { status: response.status, headers: response.headers, data: data as ReplyOf<R> };
}
