// The quota report's CPU check (scripts/quota.mjs): the Worker isolate's own CPU per request kind
// and per cron invocation, from V8's CPU profiler through wrangler's inspector
// (scripts/worker-cpu.mjs). The browser sends requests in parallel, and a profile's samples can
// only be given to one request at a time, so each request kind the browser sent is replayed, one
// call at a time, as the browser sent it (same method, path, body and session).
import { attributeSamples, cronInvocationWindows, epochOffsetUs } from '../worker-cpu.mjs';
import { add, zero } from '../lib/quota-math.mjs';
import { sleep } from '../lib/worker-session.mjs';

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * Writes whose replay would change what later replays see or spend a budget meant for members
 * (their CPU is not gated here: the worker tests and the scale bench cover them); sign-in and the
 * salt are replayed (the sign-in's CPU is the one that matters most).
 */
const NOT_REPLAYED =
  /^(PUT|PATCH|DELETE) |^POST \/api\/(auth\/register|auth\/logout|offers|listings|stored-searches|wants|notifications\/read)/;

/**
 * Replays each kind `reps` times under the profiler. `replayable`: Map kind → { method, url,
 * postData, headers, device }. Returns Map kind → { mean, max, n } (ms), for the kinds replayed
 * with a 2xx answer.
 */
export async function replayCpu({ worker, profiler, replayable, reps, cookieFor }) {
  const out = new Map();
  for (const [kind, r] of replayable) {
    if (NOT_REPLAYED.test(kind) || kind.includes('/ws')) continue;
    const url = new URL(r.url);
    const cookie =
      kind.startsWith('POST /api/auth/login') || kind.startsWith('POST /api/auth/password-salt')
        ? undefined
        : cookieFor(r);
    await profiler.start();
    const statuses = [];
    try {
      for (let i = 0; i < reps; i++) {
        await profiler.track(kind, async () => {
          const answer = await worker.call(r.method, url.pathname + url.search, {
            cookie,
            ...(r.postData ? { body: r.postData } : {}),
          });
          statuses.push(answer.status);
          const id = answer.response.headers.get('X-Meter-Request');
          if (id) await worker.settledCounts(id);
        });
      }
    } finally {
      const { profile, windows } = await profiler.stop();
      const attributed = attributeSamples(profile, windows).windows;
      const ms = windows
        .map((w, i) => (statuses[i] >= 200 && statuses[i] < 400 ? attributed[i].ms : null))
        .filter((x) => x !== null);
      if (ms.length) out.set(kind, { mean: mean(ms), max: Math.max(...ms), n: ms.length });
    }
  }
  return out;
}

/**
 * Runs one cron trigger at `at` (epoch ms) as wrangler's test route does, profiled and split into
 * its invocations (decision 022: the dispatcher and each job's call into the CronJobs Durable
 * Object). Returns { perRun (the trigger's whole use), invocations: [{ kind, counts, workerCpuMs }] }.
 */
export async function profileCron({ base, worker, profiler, expression, at }) {
  const runsBefore = (await worker.meterState()).scheduled[expression]?.runs ?? 0;
  const offsetUs = epochOffsetUs();
  const label = `cron ${expression}`;
  let state;
  await profiler.start();
  await profiler.track(label, async () => {
    await fetch(`${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(expression)}&time=${at}`);
    for (let i = 0; i < 300; i++) {
      state = await worker.meterState();
      if ((state.scheduled[expression]?.runs ?? 0) > runsBefore) break;
      await sleep(100);
    }
  });
  const { profile, windows } = await profiler.stop();
  const entry = state.scheduled[expression];
  if (!entry?.last || entry.runs <= runsBefore) throw new Error(`The ${expression} run reported no meter`);
  const records = state.cronJobs.filter((r) => r.cron === expression && r.scheduledTime === entry.lastScheduledTime);
  const split = cronInvocationWindows(windows[0], records, entry.lastEndedAt, offsetUs, label);
  const attributed = attributeSamples(profile, split).windows;
  const cpuOf = (pick) => split.reduce((sum, w, i) => sum + (pick(w) ? attributed[i].ms : 0), 0);
  const when = new Date(at).toISOString().slice(0, 16);
  const perRun = add(zero(), entry.last);
  for (const record of records) add(perRun, record.counts);
  const invocations = [
    {
      kind: `${label} at ${when}: dispatcher`,
      counts: entry.last,
      workerCpuMs: {
        mean: cpuOf((w) => w.kind === `${label} dispatcher`),
        max: cpuOf((w) => w.kind === `${label} dispatcher`),
        n: 1,
      },
    },
    ...records.map((r) => {
      const ms = cpuOf((w) => w.record === r);
      return {
        kind: `${label} at ${when}: job ${r.job}${r.call ? ` (call ${r.call + 1})` : ''}`,
        job: r.job,
        more: r.more,
        counts: r.counts,
        workerCpuMs: { mean: ms, max: ms, n: 1 },
      };
    }),
  ];
  // Whether a job's last call of this run reported a full page: the backlog is not drained yet.
  const lastMore = new Map(records.filter((r) => r.more !== undefined).map((r) => [r.job, r.more]));
  return { perRun, invocations, backlogLeft: [...lastMore.values()].some(Boolean) };
}
