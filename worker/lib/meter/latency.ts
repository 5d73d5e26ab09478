// The latency simulation of `npm run bench:latency` (docs/performance.md, "Members far from the
// database"; decision 057). With metering on (METER=1, never in production), a request carrying
// X-D1-Latency ("primary=150;replica=5;sessions=on;cache=off") gets a D1 binding that waits a
// chosen round-trip time after each round trip: the primary's for a write, for every statement
// of a session that reads the primary (sessions=off, the binding without the Sessions API), for a
// session's first round trip when it starts at the primary, and for reads after the session
// wrote (a replica may not have the write yet); the replica's for the other reads of a session.
// It counts the round trips and the sequential ones (one that starts while none is under way),
// and the time they were under way, and answers them in the X-D1-Trips header. `cache=on` turns PUBLIC_CACHE on for the request.
import { d1Rows } from '@worker/lib/binding-calls';

export const LATENCY_HEADER = 'X-D1-Latency';
export const TRIPS_HEADER = 'X-D1-Trips';

export interface LatencySpec {
  primaryMs: number;
  replicaMs: number;
  sessions: boolean;
  cache: boolean;
}

export interface TripCounts {
  /** Round trips that started while no other was under way: the request's chain of D1 waits. */
  sequential: number;
  trips: number;
  primary: number;
  replica: number;
  /** Milliseconds with a round trip under way (simulated waits and local D1 time): the D1 part of the request's time. */
  d1Ms: number;
}

export function parseLatency(value: string | null): LatencySpec | null {
  if (!value) return null;
  const fields = new Map(value.split(';').map((part) => part.trim().split('=') as [string, string]));
  const ms = (name: string) => Math.min(5_000, Math.max(0, Number(fields.get(name) ?? 0) || 0));
  return {
    primaryMs: ms('primary'),
    replicaMs: ms('replica'),
    sessions: fields.get('sessions') !== 'off',
    cache: fields.get('cache') === 'on',
  };
}

interface SessionInternals {
  _send(...args: unknown[]): Promise<unknown>;
  _queryOrThrow(...args: unknown[]): Promise<unknown>;
}

/** One request's simulation: the binding it reads through, and what it counted. */
export function simulateD1(db: D1Database, spec: LatencySpec): { db: D1Database; counts: TripCounts } {
  const counts: TripCounts = { sequential: 0, trips: 0, primary: 0, replica: 0, d1Ms: 0 };
  let underWay = 0;
  let since = 0;

  function delayed<S extends object>(
    session: S,
    { replicas, primaryFirst }: { replicas: boolean; primaryFirst: boolean },
  ) {
    const original = session as unknown as SessionInternals;
    const shadow = Object.create(session) as SessionInternals;
    let first = true;
    let wrote = false;
    const trip = async (run: () => Promise<unknown>) => {
      if (underWay === 0) {
        counts.sequential += 1;
        since = performance.now();
      }
      underWay += 1;
      counts.trips += 1;
      try {
        const results = await run().catch((error: unknown) => error);
        const writes = d1Rows(results).written > 0;
        const primary = !replicas || writes || wrote || (first && primaryFirst);
        first = false;
        wrote ||= writes;
        counts[primary ? 'primary' : 'replica'] += 1;
        await scheduler.wait(primary ? spec.primaryMs : spec.replicaMs);
        if (results instanceof Error) throw results;
        return results;
      } finally {
        underWay -= 1;
        if (underWay === 0) counts.d1Ms += performance.now() - since;
      }
    };
    shadow._send = function (this: SessionInternals, ...args) {
      return trip(() => original._send.apply(this, args));
    };
    shadow._queryOrThrow = function (this: SessionInternals, ...args) {
      return trip(() => original._queryOrThrow.apply(this, args));
    };
    return shadow as unknown as S;
  }

  const primarySession = (db as unknown as { alwaysPrimarySession: object }).alwaysPrimarySession;
  const simulated = Object.create(db) as D1Database & { alwaysPrimarySession: object };
  simulated.alwaysPrimarySession = delayed(primarySession, { replicas: false, primaryFirst: true });
  simulated.withSession = (start) =>
    spec.sessions
      ? delayed(db.withSession(start), { replicas: true, primaryFirst: start === 'first-primary' })
      : // Without the Sessions API every statement reads the primary, and there is no bookmark.
        (delayed(primarySession, { replicas: false, primaryFirst: true }) as unknown as D1DatabaseSession);
  return { db: simulated, counts };
}
