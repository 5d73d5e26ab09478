// Per-invocation wrappers around the bindings that count what the free plan limits per day, for
// `npm run quota` and `npm run bench`. Each wrapper forwards every call unchanged and only adds to
// a MeterCounts. Built only when metering is on (METER=1 outside production, see ./index.ts) and
// by tests; the cron's per-invocation budget, which production runs, counts with its own wrappers
// (worker/lib/cron-budget.ts). Both hook the bindings through worker/lib/binding-calls.ts.
import {
  bindingsOf,
  d1Rows,
  hookMethods,
  isD1,
  isDurableObjectNamespace,
  isKv,
  isR2,
  observeD1,
  R2_CLASS_A,
  R2_CLASS_B,
  R2_DELETE,
  type CallHook,
} from '@worker/lib/binding-calls';
import type { MeterCounts } from './counts';

type AnyFunction = (...args: unknown[]) => unknown;

const keysIn = (args: unknown[]) => (Array.isArray(args[0]) ? args[0].length : 1);

export function meterKv(kv: KVNamespace, counts: MeterCounts): KVNamespace {
  const read: CallHook = (args, result) => ((counts.kvReads += keysIn(args)), result);
  return hookMethods(kv, {
    get: read,
    getWithMetadata: read,
    put: (_args, result) => ((counts.kvWrites += 1), result),
    delete: (_args, result) => ((counts.kvDeletes += 1), result),
    list: (_args, result) => ((counts.kvLists += 1), result),
  });
}

export function meterR2(bucket: R2Bucket, counts: MeterCounts): R2Bucket {
  const classA: CallHook = (_args, result) => ((counts.r2ClassA += 1), result);
  const classB: CallHook = (_args, result) => ((counts.r2ClassB += 1), result);
  return hookMethods(bucket, {
    ...Object.fromEntries(R2_CLASS_A.map((method) => [method, classA])),
    ...Object.fromEntries(R2_CLASS_B.map((method) => [method, classB])),
    [R2_DELETE]: (_args, result) => ((counts.r2Deletes += 1), result),
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
  const stub: CallHook = (_args, result) => meterStub(result as object, counts);
  return hookMethods(namespace, { get: stub, getByName: stub, getExisting: stub });
}

export function meterD1(db: D1Database, counts: MeterCounts): D1Database {
  return observeD1(db, {
    sent(statements) {
      counts.d1Queries += 1;
      counts.d1Statements += statements;
    },
    answered(results) {
      const rows = d1Rows(results);
      counts.d1RowsRead += rows.read;
      counts.d1RowsWritten += rows.written;
    },
  });
}

/** A copy of env whose D1, KV, R2 and Durable Object bindings count into `counts`. */
export function meterEnv(env: Env, counts: MeterCounts): Env {
  const metered: Record<string, unknown> = { ...env };
  for (const [name, value] of bindingsOf(env)) {
    if (isD1(value)) metered[name] = meterD1(value as D1Database, counts);
    else if (isKv(value)) metered[name] = meterKv(value as KVNamespace, counts);
    else if (isR2(value)) metered[name] = meterR2(value as R2Bucket, counts);
    else if (isDurableObjectNamespace(value))
      metered[name] = meterDurableObjects(value as DurableObjectNamespace, counts);
  }
  return metered as unknown as Env;
}
