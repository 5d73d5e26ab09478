// Hooks on the calls a Worker makes through its bindings, shared by two users: the cron's
// per-invocation budget (worker/lib/cron-budget.ts), which production runs on every job invocation,
// and the quota/bench meter (worker/lib/meter, METER=1 outside production only). Each wrapper
// forwards every call unchanged and only reports it; the binding itself is never changed.

type AnyFunction = (...args: unknown[]) => unknown;
/** Runs after a hooked call with its arguments and result; returns what the caller gets. */
export type CallHook = (args: unknown[], result: unknown) => unknown;

/** A Proxy that forwards every property; the named methods also run their hook on each call. */
export function hookMethods<T extends object>(target: T, hooks: Record<string, CallHook>): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      const hook = typeof property === 'string' ? hooks[property] : undefined;
      // Native bindings need their own object as `this`.
      if (!hook) return (value as AnyFunction).bind(object);
      return (...args: unknown[]) => hook(args, Reflect.apply(value as AnyFunction, object, args));
    },
  });
}

/** R2 calls by how R2 bills them: Class A, Class B, and deletes (free). */
export const R2_CLASS_A = ['put', 'list', 'createMultipartUpload'] as const;
export const R2_CLASS_B = ['get', 'head'] as const;
export const R2_DELETE = 'delete';

/** What one D1 round trip reports: how many statements it sends, then what D1 answered. */
export interface D1Observer {
  /** Called before the round trip (so a failing one is counted too). */
  sent(statements: number): void;
  /** Called with the results, each carrying D1's `meta` (rows_read, rows_written). */
  answered(results: unknown): void;
}

/** D1's own `meta.rows_read` and `meta.rows_written`, summed over a round trip's results. */
export function d1Rows(results: unknown): { read: number; written: number } {
  const rows = { read: 0, written: 0 };
  for (const result of Array.isArray(results) ? results : [results]) {
    const meta = (result as { meta?: { rows_read?: unknown; rows_written?: unknown } } | null)?.meta;
    if (typeof meta?.rows_read === 'number') rows.read += meta.rows_read;
    if (typeof meta?.rows_written === 'number') rows.written += meta.rows_written;
  }
  return rows;
}

/**
 * D1: the binding's statements drop D1's `meta` in first() and raw() (the calls Drizzle makes most),
 * so the calls are observed one level down, on the binding's session object, where every call's
 * results arrive with `meta`. The wrapper is a copy of the binding whose session is an
 * Object.create() shadow with the two send methods observed. These are the pinned workerd's
 * (docs/decisions/006-one-pinned-workerd.md) internals, so their absence fails loudly instead of
 * counting nothing.
 */
interface D1SessionInternals {
  _send(endpoint: string, query: string | string[], ...rest: unknown[]): Promise<unknown>;
  _queryOrThrow(request: { queries: unknown[] }, ...rest: unknown[]): Promise<unknown>;
}

function observeD1Session<S extends object>(session: S, observer: D1Observer): S {
  const original = session as unknown as D1SessionInternals;
  if (typeof original._send !== 'function' || typeof original._queryOrThrow !== 'function') {
    throw new Error('this workerd D1 binding has no _send/_queryOrThrow; update worker/lib/binding-calls.ts');
  }
  const shadow = Object.create(session) as D1SessionInternals;
  shadow._send = async function (this: D1SessionInternals, endpoint, query, ...rest) {
    observer.sent(Array.isArray(query) ? query.length : 1);
    const results = await original._send.call(this, endpoint, query, ...rest);
    observer.answered(results);
    return results;
  };
  shadow._queryOrThrow = async function (this: D1SessionInternals, request, ...rest) {
    observer.sent(request.queries.length);
    const results = await original._queryOrThrow.call(this, request, ...rest);
    observer.answered(results);
    return results;
  };
  return shadow as unknown as S;
}

/** A copy of the D1 binding whose every round trip (prepared statement, batch, exec, session) is observed. */
export function observeD1(db: D1Database, observer: D1Observer): D1Database {
  const internals = db as unknown as { alwaysPrimarySession?: object };
  if (!internals.alwaysPrimarySession)
    throw new Error('this workerd D1 binding has no alwaysPrimarySession; update worker/lib/binding-calls.ts');
  // prepare(), batch() and exec() are plain methods that use this.alwaysPrimarySession.
  const observed = Object.create(db) as D1Database & { alwaysPrimarySession: object };
  observed.alwaysPrimarySession = observeD1Session(internals.alwaysPrimarySession, observer);
  observed.withSession = (constraint) => observeD1Session(db.withSession(constraint), observer);
  return observed;
}

/** Which kind of binding a value of env is (by its methods: the runtime's classes are not exported). */
export const isFetcher = (value: object) => 'fetch' in value && 'connect' in value && 'no-such-binding-method' in value;
export const isD1 = (value: object) => 'prepare' in value && 'batch' in value && 'exec' in value;
export const isKv = (value: object) => 'getWithMetadata' in value && 'list' in value;
export const isR2 = (value: object) => 'createMultipartUpload' in value;
export const isDurableObjectNamespace = (value: object) => 'idFromName' in value && 'get' in value;

/** The bindings of env, each with its name, leaving out Fetchers (ASSETS, service bindings). */
export function bindingsOf(env: Env): [string, object][] {
  return Object.entries(env).filter(
    // A Fetcher answers `in` for any name, as an RPC stub: leave it be.
    (entry): entry is [string, object] => typeof entry[1] === 'object' && entry[1] !== null && !isFetcher(entry[1]),
  );
}
