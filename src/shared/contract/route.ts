// A route of the API, declared once: its method and path, who may call it, what it takes and what
// it answers. The Worker registers its handler under the declaration (worker/lib/serve.ts), the
// SPA calls it through the typed client (src/lib/api-client.ts), the Worker tests check every
// reply against it, and /api/openapi.json is generated from it (docs/decisions/051-one-contract.md).
import type * as v from 'valibot';

export type Schema = v.GenericSchema;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call the route, as the reference shows it; the check itself is the handler's. */
export type Access = 'anyone' | 'member' | 'admin' | 'development';

export interface RouteSpec {
  readonly method: Method;
  /** The whole path in Hono's syntax: `/api/listings/:id`. */
  readonly path: `/${string}`;
  /** The reference's group: the resource, e.g. "Listings". */
  readonly tag: string;
  readonly summary: string;
  readonly access: Access;
  /** The query string's fields (every value arrives as a string). */
  readonly query?: Schema;
  /** The JSON body: the same valibot schema the handler parses it with. */
  readonly body?: Schema;
  /** The success reply's JSON; null when the route answers with no body. */
  readonly reply: Schema | null;
  /** A reply that is not JSON (the reference's HTML page); `reply` is then its text. */
  readonly replyType?: 'text/html';
  /**
   * A WebSocket: the route answers 101 and upgrades (reply null); `frames` is the schema of what
   * the server sends on it, for the reference.
   */
  readonly socket?: { readonly frames: Schema };
  /** The success status: 200 unless given. */
  readonly status?: 200 | 201 | 202 | 204;
  /** Other success replies with their own shape (e.g. 202 for a held message). */
  readonly alternatives?: Readonly<Partial<Record<200 | 201 | 202, Schema>>>;
  /** The error statuses the route answers with, besides those every route may give. */
  readonly errors?: readonly number[];
  /** Extra words for the reference: rate limits, paging, caching. */
  readonly notes?: string;
}

/** Declares a route; the literal types are kept, so the client and the handler see them. */
export const route = <const R extends RouteSpec>(spec: R): R => spec;

type ParamName<S extends string> = S extends `${infer Name}{${string}` ? Name : S;

/** The names in a path's `:name` (or `:name{pattern}`) segments. */
export type PathParams<P extends string> = P extends `${string}/:${infer Segment}/${infer Rest}`
  ? ParamName<Segment> | PathParams<`/${Rest}`>
  : P extends `${string}/:${infer Segment}`
    ? ParamName<Segment>
    : never;

/** What a successful call answers with. */
export type ReplyOf<R extends RouteSpec> = R extends { reply: infer S extends Schema } ? v.InferOutput<S> : void;

/** The body a call sends: the request schema's input. */
export type BodyOf<R extends RouteSpec> = R extends { body: infer S extends Schema } ? v.InferInput<S> : never;

/** A query string's values as the client gives them (absent ones are left out). */
export type QueryOf<R extends RouteSpec> = R extends { query: infer S extends Schema }
  ? { [K in keyof v.InferInput<S>]?: string | number | boolean | null | undefined }
  : never;

/**
 * A path's segments: text, or a parameter with its name and, for `:id{[0-9]+}`, the pattern its
 * value must match (Hono's syntax: a parameter is a whole segment).
 */
export function pathSegments(path: string) {
  return path.split('/').map((segment) => {
    if (!segment.startsWith(':')) return { text: segment };
    const brace = segment.indexOf('{');
    return brace < 0
      ? { name: segment.slice(1), pattern: '[^/]+' }
      : { name: segment.slice(1, brace), pattern: segment.slice(brace + 1, -1) };
  });
}

/** The path as OpenAPI writes it: `/api/listings/{id}`. */
export const openApiPath = (path: string) =>
  pathSegments(path)
    .map((s) => ('name' in s ? `{${s.name}}` : s.text))
    .join('/');

/** A regular expression that matches the request paths the route answers. */
export const pathPattern = (path: string) =>
  new RegExp(
    `^${pathSegments(path)
      .map((s) => ('name' in s ? `(?:${s.pattern})` : s.text!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );
