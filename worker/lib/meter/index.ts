// Metering for `npm run quota` (docs/performance.md, "Free-plan quota report"): with the variable
// METER=1 outside production, every fetch and scheduled invocation runs with bindings that count
// D1 rows and queries, KV, R2 and Durable Object operations. A request's counts up to its reply
// come back in the X-Meter response header, and, when it left work to run after the reply, its
// whole counts from GET /api/dev/meter?request=<X-Meter-Request>; cron runs and Durable Object
// socket work are read from GET /api/dev/meter. Without METER=1 the handler is called exactly as
// before.
import { addCounts, emptyCounts, METER_FIELDS, type MeterCounts } from './counts';
import { meterEnv } from './bindings';
import { LATENCY_HEADER, parseLatency, simulateD1, TRIPS_HEADER, type TripCounts } from './latency';

export { emptyCounts, type MeterCounts } from './counts';
export { meterEnv } from './bindings';

export const METER_HEADER = 'X-Meter';
/**
 * Set when the request left work to run after its reply: its number in this isolate, for its whole
 * counts (GET /api/dev/meter?request=<n>). Without it, the X-Meter header is the whole count.
 */
export const METER_REQUEST_HEADER = 'X-Meter-Request';
export const METER_PATH = '/api/dev/meter';

/**
 * Each recent request's whole counts, after-reply work included (decision 033: that work starts
 * after the reply, so the X-Meter header cannot hold it), settled once the work is done.
 */
const settledCounts = new Map<number, MeterCounts | 'pending'>();
const MAX_SETTLED = 2_000;
let requestSeq = 0;

/**
 * GET /api/dev/meter: the isolate's totals, or with `?request=<n>` that request's whole counts once
 * settled. (A request cannot await another request's promises in workerd, so it looks again every
 * few ms, for up to 10 s.)
 */
async function meterReply(url: URL): Promise<Response> {
  const asked = url.searchParams.get('request');
  if (asked === null) return Response.json(state);
  const id = Number(asked);
  for (const deadline = Date.now() + 10_000; settledCounts.get(id) === 'pending' && Date.now() < deadline;)
    await scheduler.wait(5);
  const counts = settledCounts.get(id);
  if (counts === undefined) return Response.json({ message: 'No such request (or too long ago)' }, { status: 404 });
  if (counts === 'pending') return Response.json({ message: 'Still running after 10 s' }, { status: 504 });
  return Response.json(counts);
}

export const meteringOn = (env: Pick<Env, 'ENVIRONMENT'> & { METER?: string }) =>
  env.METER === '1' && env.ENVIRONMENT !== 'production';

/** What this isolate has counted since it started (local development runs one isolate). */
const state = {
  requests: emptyCounts(),
  /** Per trigger: runs, the last run's counts (the scheduled invocation's own) and its time span (epoch ms). */
  scheduled: {} as Record<
    string,
    { runs: number; last: MeterCounts; lastScheduledTime: number; lastStartedAt: number; lastEndedAt: number }
  >,
  durableObjects: emptyCounts(),
  /**
   * The part of `durableObjects` that alarms used (the alarm invocations and what they read and
   * pushed): a fixed daily cost, apart from what members' requests cause (the quota report
   * subtracts it from a journey's Durable Object work).
   */
  alarms: emptyCounts(),
  /** Cron job invocations (the CronJobs Durable Object's calls), newest last, at most MAX_JOB_RECORDS. */
  cronJobs: [] as CronJobRecord[],
};

/** One cron job invocation: its counts, and when it started and when the dispatcher had its answer (epoch ms). */
export interface CronJobRecord {
  cron: string;
  scheduledTime: number;
  job: string;
  /** 0 for the job's first call in the trigger, then its continuations. */
  call: number;
  ok: boolean;
  more: boolean;
  startedAt: number;
  returnedAt: number;
  counts: MeterCounts;
}
const MAX_JOB_RECORDS = 500;

/** What a metered job invocation sends back beside its result. */
export interface JobMeter {
  startedAt: number;
  counts: MeterCounts;
}

/**
 * Runs one cron job invocation (in the CronJobs Durable Object) with metered bindings when
 * metering is on; its counts and start time go back to the dispatcher with the result.
 */
export async function meteredJobCall<T extends object>(
  env: Env,
  fn: (env: Env) => Promise<T>,
): Promise<T & { meter?: JobMeter }> {
  if (!meteringOn(env)) return fn(env);
  // Date.now() at the start of an invocation is the time its event arrived (it stands still
  // while JavaScript runs and moves on I/O).
  const startedAt = Date.now();
  const counts = emptyCounts();
  const result = await fn(meterEnv(env, counts));
  return { ...result, meter: { startedAt, counts } };
}

/** Files a job invocation's record (the dispatcher calls it when the invocation has answered). */
export function recordJobCall(
  env: Env,
  record: Omit<CronJobRecord, 'startedAt' | 'counts'> & { meter?: JobMeter },
): void {
  if (!meteringOn(env) || !record.meter) return;
  const { meter, ...rest } = record;
  state.cronJobs.push({ ...rest, startedAt: meter.startedAt, counts: meter.counts });
  if (state.cronJobs.length > MAX_JOB_RECORDS) state.cronJobs.splice(0, state.cronJobs.length - MAX_JOB_RECORDS);
}

/** The ExecutionContext with waitUntil() also collecting its promises. */
function trackingContext(ctx: ExecutionContext, pending: Promise<unknown>[]): ExecutionContext {
  return new Proxy(ctx, {
    get(object, property) {
      if (property === 'waitUntil') {
        return (promise: Promise<unknown>) => {
          pending.push(promise);
          object.waitUntil(promise);
        };
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

function withHeader(response: Response, counts: MeterCounts, id: number | null, trips?: TripCounts): Response {
  const set = (headers: Headers) => {
    headers.set(METER_HEADER, JSON.stringify(counts));
    if (id !== null) headers.set(METER_REQUEST_HEADER, String(id));
    if (trips) headers.set(TRIPS_HEADER, JSON.stringify(trips));
  };
  if (response.webSocket) {
    const headers = new Headers(response.headers);
    set(headers);
    return new Response(null, {
      status: response.status,
      statusText: response.statusText,
      headers,
      webSocket: response.webSocket,
    });
  }
  try {
    set(response.headers);
    return response;
  } catch {
    // Immutable headers (a response passed through from a binding): copy it.
    const copy = new Response(response.body, response);
    set(copy.headers);
    return copy;
  }
}

/** Wraps the Worker's handlers; metering only happens when meteringOn(env). */
export function withMeter<H extends ExportedHandler<Env>>(handler: H): H {
  const { fetch, scheduled } = handler as ExportedHandler<Env>;
  const metered: ExportedHandler<Env> = {
    ...handler,
    async fetch(request, env, ctx) {
      if (!fetch) throw new Error('withMeter: the handler has no fetch');
      if (!meteringOn(env)) return fetch(request, env, ctx);
      const url = new URL(request.url);
      if (url.pathname === METER_PATH) return meterReply(url);
      const counts = emptyCounts();
      counts.workerRequests = 1;
      const pending: Promise<unknown>[] = [];
      let requestEnv = meterEnv(env, counts);
      // `npm run bench:latency`: D1 round trips with a chosen latency (./latency.ts).
      const latency = parseLatency(request.headers.get(LATENCY_HEADER));
      const simulated = latency ? simulateD1(requestEnv.DB, latency) : null;
      if (latency && simulated)
        requestEnv = { ...requestEnv, DB: simulated.db, PUBLIC_CACHE: latency.cache ? '1' : '' } as Env;
      const response = await fetch(request, requestEnv, trackingContext(ctx, pending));
      // The header has what the response waited for; the totals and the request's settled counts
      // also get the work done after it.
      const header = { ...counts };
      if (pending.length === 0) {
        addCounts(state.requests, counts);
        return withHeader(response, header, null, simulated?.counts);
      }
      const id = ++requestSeq;
      settledCounts.set(id, 'pending');
      if (settledCounts.size > MAX_SETTLED) settledCounts.delete(settledCounts.keys().next().value!);
      ctx.waitUntil(
        Promise.allSettled(pending).then(() => {
          addCounts(state.requests, counts);
          if (settledCounts.has(id)) settledCounts.set(id, counts);
        }),
      );
      return withHeader(response, header, id, simulated?.counts);
    },
    async scheduled(controller, env, ctx) {
      if (!scheduled) throw new Error('withMeter: the handler has no scheduled');
      if (!meteringOn(env)) return scheduled(controller, env, ctx);
      const counts = emptyCounts();
      counts.workerRequests = 1;
      const pending: Promise<unknown>[] = [];
      const startedAt = Date.now();
      // Registered at once, so whoever waits on ctx also waits for the record.
      const recorded = Promise.resolve(scheduled(controller, meterEnv(env, counts), trackingContext(ctx, pending)))
        .then(() => Promise.allSettled(pending))
        .then(() => {
          const entry = (state.scheduled[controller.cron] ??= {
            runs: 0,
            last: emptyCounts(),
            lastScheduledTime: 0,
            lastStartedAt: 0,
            lastEndedAt: 0,
          });
          entry.runs += 1;
          entry.last = counts;
          entry.lastScheduledTime = controller.scheduledTime;
          entry.lastStartedAt = startedAt;
          entry.lastEndedAt = Date.now();
        });
      ctx.waitUntil(recorded);
      await recorded;
    },
  };
  return metered as H;
}

type SocketObject = {
  webSocketMessage?(ws: WebSocket, message: string | ArrayBuffer): void | Promise<void>;
  alarm?(alarmInfo?: AlarmInvocationInfo): void | Promise<void>;
};

/**
 * A Durable Object class whose bindings count into this isolate's Durable Object totals when
 * metering is on, with each received WebSocket message and each alarm invocation counted too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function meteredDurableObject<T extends new (...args: any[]) => SocketObject>(Base: T): T {
  return class extends Base {
    readonly #metered: boolean;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      const [ctx, env] = args as [DurableObjectState, Env];
      const on = meteringOn(env);
      super(ctx, on ? meterEnv(env, state.durableObjects) : env);
      this.#metered = on;
    }

    async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
      if (this.#metered) state.durableObjects.doWebSocketMessages += 1;
      await super.webSocketMessage?.(ws, message);
    }

    /** An alarm invocation is a billed Durable Object request. */
    async alarm(alarmInfo?: AlarmInvocationInfo): Promise<void> {
      if (!this.#metered) return super.alarm?.(alarmInfo);
      const before = { ...state.durableObjects };
      state.durableObjects.doRequests += 1;
      try {
        await super.alarm?.(alarmInfo);
      } finally {
        // Other objects' work while the alarm awaits D1 lands here too: rare, and an upper bound.
        for (const field of METER_FIELDS) state.alarms[field] += state.durableObjects[field] - before[field];
      }
    }
  };
}
