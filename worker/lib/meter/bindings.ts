// Per-invocation wrappers around the bindings that count what the free plan limits per day. Each
// wrapper forwards every call unchanged and only adds to a MeterCounts. Used only when metering
// is on (see ./index.ts); production never builds them.
import type { MeterCounts } from './counts';

type AnyFunction = (...args: unknown[]) => unknown;
type Counter = (args: unknown[], result: unknown) => unknown;

/** A Proxy that forwards every property; the named methods also run their counter on each call. */
function counting<T extends object>(target: T, counters: Record<string, Counter>): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      const counter = typeof property === 'string' ? counters[property] : undefined;
      // Native bindings need their own object as `this`.
      if (!counter) return (value as AnyFunction).bind(object);
      return (...args: unknown[]) => counter(args, Reflect.apply(value as AnyFunction, object, args));
    },
  });
}

const keysIn = (args: unknown[]) => (Array.isArray(args[0]) ? args[0].length : 1);

export function meterKv(kv: KVNamespace, counts: MeterCounts): KVNamespace {
  const read: Counter = (args, result) => ((counts.kvReads += keysIn(args)), result);
  return counting(kv, {
    get: read,
    getWithMetadata: read,
    put: (_args, result) => ((counts.kvWrites += 1), result),
    delete: (_args, result) => ((counts.kvDeletes += 1), result),
    list: (_args, result) => ((counts.kvLists += 1), result),
  });
}

export function meterR2(bucket: R2Bucket, counts: MeterCounts): R2Bucket {
  const classA: Counter = (_args, result) => ((counts.r2ClassA += 1), result);
  const classB: Counter = (_args, result) => ((counts.r2ClassB += 1), result);
  return counting(bucket, {
    get: classB,
    head: classB,
    put: classA,
    list: classA,
    createMultipartUpload: classA,
    delete: (_args, result) => ((counts.r2Deletes += 1), result),
  });
}

/**
 * Every stub call goes through this function, so in a CPU profile a sample that stopped inside a
 * stub call (native work of the runtime under the call) names it: scripts/worker-cpu.mjs
 * (objectSampleClassifier) charges those samples to the called object, not to the caller.
 * Reflect.apply: on an RPC stub, `.apply` would be taken for a remote method's name.
 */
function durableObjectCall(method: AnyFunction, stub: object, args: unknown[]): unknown {
  return Reflect.apply(method, stub, args);
}

/** Every method call on a stub (fetch, connect or an RPC method) is one Durable Object request. */
function meterStub<T extends object>(stub: T, counts: MeterCounts): T {
  return new Proxy(stub, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counts.doRequests += 1;
        return durableObjectCall(value as AnyFunction, object, args);
      };
    },
  });
}

export function meterDurableObjects<T extends DurableObjectNamespace>(namespace: T, counts: MeterCounts): T {
  const stub: Counter = (_args, result) => meterStub(result as object, counts);
  return counting(namespace, { get: stub, getByName: stub, getExisting: stub });
}

/**
 * D1: the binding's statements drop D1's `meta` in first() and raw() (the calls Drizzle makes most),
 * so the count is taken one level down, on the binding's session object, where every call's
 * results arrive with `meta.rows_read` and `meta.rows_written`. The wrapper is a copy of the binding
 * whose session is an Object.create() shadow with the two send methods counted; the binding itself
 * is never changed. These are the pinned workerd's (docs/decisions/006-one-pinned-workerd.md)
 * internals, so their absence fails loudly instead of metering nothing.
 */
interface D1SessionInternals {
  _send(endpoint: string, query: string | string[], ...rest: unknown[]): Promise<unknown>;
  _queryOrThrow(request: { queries: unknown[] }, ...rest: unknown[]): Promise<unknown>;
}

function addD1Meta(counts: MeterCounts, results: unknown) {
  for (const result of Array.isArray(results) ? results : [results]) {
    const meta = (result as { meta?: { rows_read?: unknown; rows_written?: unknown } } | null)?.meta;
    if (typeof meta?.rows_read === 'number') counts.d1RowsRead += meta.rows_read;
    if (typeof meta?.rows_written === 'number') counts.d1RowsWritten += meta.rows_written;
  }
}

function meterD1Session<S extends object>(session: S, counts: MeterCounts): S {
  const original = session as unknown as D1SessionInternals;
  if (typeof original._send !== 'function' || typeof original._queryOrThrow !== 'function') {
    throw new Error('METER: this workerd D1 binding has no _send/_queryOrThrow; update worker/lib/meter/bindings.ts');
  }
  const shadow = Object.create(session) as D1SessionInternals;
  shadow._send = async function (this: D1SessionInternals, endpoint, query, ...rest) {
    counts.d1Queries += 1;
    counts.d1Statements += Array.isArray(query) ? query.length : 1;
    const results = await original._send.call(this, endpoint, query, ...rest);
    addD1Meta(counts, results);
    return results;
  };
  shadow._queryOrThrow = async function (this: D1SessionInternals, request, ...rest) {
    counts.d1Queries += 1;
    counts.d1Statements += request.queries.length;
    const results = await original._queryOrThrow.call(this, request, ...rest);
    addD1Meta(counts, results);
    return results;
  };
  return shadow as unknown as S;
}

export function meterD1(db: D1Database, counts: MeterCounts): D1Database {
  const internals = db as unknown as { alwaysPrimarySession?: object };
  if (!internals.alwaysPrimarySession)
    throw new Error('METER: this workerd D1 binding has no alwaysPrimarySession; update worker/lib/meter/bindings.ts');
  // prepare(), batch() and exec() are plain methods that use this.alwaysPrimarySession.
  const metered = Object.create(db) as D1Database & { alwaysPrimarySession: object };
  metered.alwaysPrimarySession = meterD1Session(internals.alwaysPrimarySession, counts);
  metered.withSession = (constraint) => meterD1Session(db.withSession(constraint), counts);
  return metered;
}

const isFetcher = (value: object) => 'fetch' in value && 'connect' in value && 'no-such-binding-method' in value;
const isD1 = (value: object) => 'prepare' in value && 'batch' in value && 'exec' in value;
const isKv = (value: object) => 'getWithMetadata' in value && 'list' in value;
const isR2 = (value: object) => 'createMultipartUpload' in value;
const isDurableObjectNamespace = (value: object) => 'idFromName' in value && 'get' in value;

/** A copy of env whose D1, KV, R2 and Durable Object bindings count into `counts`. */
export function meterEnv(env: Env, counts: MeterCounts): Env {
  const metered: Record<string, unknown> = { ...env };
  for (const [name, value] of Object.entries(env)) {
    if (typeof value !== 'object' || value === null) continue;
    // A Fetcher (ASSETS, service bindings) answers `in` for any name, as an RPC stub: leave it be.
    if (isFetcher(value)) continue;
    if (isD1(value)) metered[name] = meterD1(value as D1Database, counts);
    else if (isKv(value)) metered[name] = meterKv(value as KVNamespace, counts);
    else if (isR2(value)) metered[name] = meterR2(value as R2Bucket, counts);
    else if (isDurableObjectNamespace(value))
      metered[name] = meterDurableObjects(value as DurableObjectNamespace, counts);
  }
  return metered as unknown as Env;
}
