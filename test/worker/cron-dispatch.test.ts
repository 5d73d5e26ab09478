// One invocation per cron job (decision 022, "One invocation per job"): the scheduled handler only
// dispatches; each job runs as a call into the CronJobs Durable Object with a budget of its own; a
// failing job does not stop the others; a job with a full page is called again; the saved-search
// alerts page a backlog of searches over invocations without losing or repeating a notification
// or a digest.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  CRON_JOBS,
  DAILY_CRON,
  dispatchScheduled,
  FREQUENT_CRON,
  MAX_CALLS_PER_JOB,
  runCronJob,
  TRIGGER_ROWS_WRITTEN,
  type JobOutcome,
} from '@worker/cron/index';
import { INVOCATION_BUDGET } from '@worker/lib/cron-budget';
import { ALERT_PAGE_JOB, MATCHES_PER_PAGE, SEARCHES_PER_INVOCATION } from '@worker/cron/saved-search-alerts';
import { dispatchToCronJobs, durableObjectRunner } from '@worker/durable-objects/cron-jobs';
import { emptyCounts, meterEnv } from '@worker/lib/meter';
import { createListing, signUp } from './helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
let clock = Date.now() + 900 * DAY;
const nextTime = () => (clock += 10 * DAY);

const ok = (job: string, more = false): JobOutcome => ({ job, ok: true, more, used: 1 });

/**
 * A backlog of saved searches: `members` verified members with `perMember` searches each for
 * `word`, saved long before `at`, and one new listing five minutes before `at` that they all match.
 */
async function searchBacklog(at: number, members: number, perMember: number, word: string) {
  const owner = await signUp();
  const searchers = [];
  for (let i = 0; i < members; i++) searchers.push(await signUp());
  await env.DB.prepare(
    'UPDATE users SET email_verified = 1, email_notifications = 1 WHERE id IN (SELECT value FROM json_each(?1))',
  )
    .bind(JSON.stringify(searchers.map((m) => m.id)))
    .run();
  const rows = searchers.flatMap((m) => Array.from({ length: perMember }, () => [m.id, iso(at - 30 * DAY)]));
  await env.DB.prepare(
    `INSERT INTO stored_searches (user_id, query, category, notifications_enabled, created_at)
     SELECT json_extract(value, '$[0]'), ?2, NULL, 1, json_extract(value, '$[1]') FROM json_each(?1)`,
  )
    .bind(JSON.stringify(rows), word)
    .run();
  const { id } = await createListing(owner, { title: `A ${word} to swap` });
  await env.DB.prepare('UPDATE listings SET created_at = ?1 WHERE id = ?2')
    .bind(iso(at - 5 * MINUTE), id)
    .run();
  return searchers;
}

describe('cron dispatch', () => {
  it('calls every job of the trigger in order, once each when none reports a full page', async () => {
    const calls: string[] = [];
    const outcomes = await dispatchScheduled(FREQUENT_CRON, 1, async (_cron, job) => (calls.push(job), ok(job)));
    expect(calls).toEqual(CRON_JOBS[FREQUENT_CRON]!.map((j) => j.name));
    expect(outcomes.every((o) => o.ok)).toBe(true);
  });

  it('a failing job (an error outcome or a call that throws) does not stop the jobs after it; the dispatch then fails', async () => {
    const calls: string[] = [];
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      await expect(
        dispatchScheduled(DAILY_CRON, 1, async (_cron, job) => {
          calls.push(job);
          if (job === 'prune-expired') throw new Error('object unavailable');
          if (job === 'prune-uploads') return { job, ok: false, more: false, used: 3, error: 'R2 unavailable' };
          return ok(job);
        }),
      ).rejects.toThrow(/prune-expired failed \(object unavailable\); prune-uploads failed \(R2 unavailable\)/);
    } finally {
      console.error = original;
    }
    expect(calls).toEqual(['prune-expired', 'prune-uploads', 'barter-cleanup']);
    expect(errors).toHaveLength(1);
  });

  it('calls a job again while it reports a full page, up to its cap', async () => {
    const calls: string[] = [];
    let left = 2;
    await dispatchScheduled(FREQUENT_CRON, 1, async (_cron, job) => {
      calls.push(job);
      if (job === 'deliver-email') return ok(job, left-- > 0);
      return ok(job, job === 'upgrade-password-hashes');
    });
    expect(calls.filter((j) => j === 'deliver-email')).toHaveLength(3);
    expect(calls.filter((j) => j === 'upgrade-password-hashes')).toHaveLength(MAX_CALLS_PER_JOB);
    // Every call is a subrequest of the dispatcher's invocation: the caps keep a trigger at 50 at
    // most (a job without continuations is called once).
    const most = CRON_JOBS[FREQUENT_CRON]!.reduce(
      (sum, j) => sum + (j.more ? (j.maxCalls ?? MAX_CALLS_PER_JOB) : 1),
      0,
    );
    expect(most).toBeLessThanOrEqual(INVOCATION_BUDGET);
  });

  it('stops calling jobs again once the trigger has written its cap of rows; first calls still run', async () => {
    const calls: string[] = [];
    // Every call reports a full page and 900 rows written (a saved-search page over a backlog).
    await dispatchScheduled(
      FREQUENT_CRON,
      1,
      async (_cron, job) => (calls.push(job), { ...ok(job, true), written: 900 }),
    );
    const continuations = calls.length - CRON_JOBS[FREQUENT_CRON]!.length;
    // Continuations stop once the trigger's rows written reach the cap: the whole run stays
    // within the cap plus one page (each job's first call always runs).
    expect(continuations * 900).toBeLessThanOrEqual(TRIGGER_ROWS_WRITTEN);
    expect(calls.filter((j) => j === 'saved-search-alerts').length).toBeLessThan(32);
    expect(calls).toEqual(expect.arrayContaining(CRON_JOBS[FREQUENT_CRON]!.map((j) => j.name)));
  });

  it('runs each job through the CronJobs Durable Object, each within its own budget', async () => {
    const at = nextTime();
    const counts = emptyCounts();
    const outcomes: JobOutcome[] = [];
    const stub = env.CRON_JOBS.get(env.CRON_JOBS.idFromName('cron'));
    await dispatchScheduled(FREQUENT_CRON, at, async (cron, job, time) => {
      const outcome = await stub.run(cron, job, time);
      outcomes.push(outcome);
      return outcome;
    });
    expect(outcomes.map((o) => o.job)).toEqual(CRON_JOBS[FREQUENT_CRON]!.map((j) => j.name));
    for (const o of outcomes) {
      expect(o.ok).toBe(true);
      expect(o.used).toBeLessThanOrEqual(INVOCATION_BUDGET);
    }
    const ledger = await env.DB.prepare('SELECT job FROM cron_runs WHERE scheduled_at = ?1 ORDER BY job')
      .bind(iso(at))
      .all<{ job: string }>();
    expect(ledger.results.map((r) => r.job)).toEqual(['match-digest', 'message-email-notices', 'saved-search-alerts']);
    // The production entry point does the same through its binding: the dispatcher itself only calls the object.
    const metered = meterEnv(env, counts);
    await dispatchToCronJobs(DAILY_CRON, at, metered, durableObjectRunner(metered));
    expect(counts.doRequests).toBe(CRON_JOBS[DAILY_CRON]!.length);
    expect(counts.d1Statements).toBe(0);
  });

  it('a backlog of saved searches is matched a page per invocation, every search once, one digest per member', async () => {
    const at = nextTime();
    // 150 searches a member for "zither" (900 in all: four pages), saved long before.
    const members = await searchBacklog(at, 6, 150, 'zither');

    // Sign-up mail (address verification) is already in the outbox: only rows after it count.
    const before = (await env.DB.prepare('SELECT coalesce(max(id), 0) AS id FROM email_outbox').first<{
      id: number;
    }>())!.id;
    const outcomes: JobOutcome[] = [];
    for (let call = 0; call < 10; call++) {
      const outcome = await runCronJob(FREQUENT_CRON, 'saved-search-alerts', at, env);
      outcomes.push(outcome);
      expect(outcome.ok).toBe(true);
      expect(outcome.used).toBeLessThanOrEqual(INVOCATION_BUDGET);
      if (!outcome.more) break;
    }
    // Whole members a page: 150 × 2 = 300 > 200 searches, so one member a page; the window's first
    // pages are a fifth (40: one member, alone over the page, gets all of theirs) and a half (100:
    // one member, the same): six pages for six members.
    expect(SEARCHES_PER_INVOCATION).toBe(200);
    expect(outcomes.map((o) => o.more)).toEqual([true, true, true, true, true, false]);
    expect(await env.DB.prepare('SELECT 1 FROM cron_state WHERE job = ?1').bind(ALERT_PAGE_JOB).first()).toBeNull();
    const ids = JSON.stringify(members.map((m) => m.id));
    const notified = await env.DB.prepare(
      `SELECT count(*) AS n, sum(count) AS total FROM notifications WHERE kind = 'saved_search' AND user_id IN (SELECT value FROM json_each(?1))`,
    )
      .bind(ids)
      .first<{ n: number; total: number }>();
    expect(notified).toEqual({ n: 900, total: 900 });
    const digests = await env.DB.prepare(
      `SELECT to_address, count(*) AS n FROM email_outbox WHERE id > ?2 AND to_address IN (SELECT value FROM json_each(?1)) GROUP BY to_address`,
    )
      .bind(JSON.stringify(members.map((m) => m.email)), before)
      .all<{ to_address: string; n: number }>();
    expect(digests.results).toHaveLength(6);
    expect(digests.results.every((r) => r.n === 1)).toBe(true);

    // The same scheduled time again: claimed, nothing more.
    const again = await runCronJob(FREQUENT_CRON, 'saved-search-alerts', at, env);
    expect(again).toMatchObject({ ok: true, more: false });
    const after = await env.DB.prepare(
      `SELECT sum(count) AS total FROM notifications WHERE kind = 'saved_search' AND user_id IN (SELECT value FROM json_each(?1))`,
    )
      .bind(ids)
      .first<{ total: number }>();
    expect(after!.total).toBe(900);
  });

  it('a page of alerts where every search matches stops at whole members once it holds MATCHES_PER_PAGE entries (decision 049)', async () => {
    const at = nextTime();
    // Ten searches a member for "ocarina" (200 in all), every one matching the new listing.
    const members = await searchBacklog(at, 20, 10, 'ocarina');
    const ids = JSON.stringify(members.map((m) => m.id));
    const entries = async () =>
      (await env.DB.prepare(
        `SELECT count(*) AS n FROM notifications WHERE kind = 'saved_search' AND user_id IN (SELECT value FROM json_each(?1))`,
      )
        .bind(ids)
        .first<{ n: number }>())!.n;

    // Each call's work (its entries, its digests, the CPU to build them) is bounded by what it
    // writes, not only by the searches it reads: 40, 100 then 200 searches a page wrote up to 100
    // entries (and 10 digests) in one call.
    const perCall: number[] = [];
    for (let call = 0; call < 12; call++) {
      const before = await entries();
      const outcome = await runCronJob(FREQUENT_CRON, 'saved-search-alerts', at, env);
      expect(outcome.ok).toBe(true);
      perCall.push((await entries()) - before);
      if (!outcome.more) break;
    }
    expect(Math.max(...perCall)).toBeLessThanOrEqual(MATCHES_PER_PAGE);
    expect(perCall.reduce((a, b) => a + b, 0)).toBe(200);
    expect(await env.DB.prepare('SELECT 1 FROM cron_state WHERE job = ?1').bind(ALERT_PAGE_JOB).first()).toBeNull();
    const digests = await env.DB.prepare(
      `SELECT to_address, count(*) AS n FROM email_outbox WHERE subject NOT LIKE 'Verify your email%' AND to_address IN (SELECT value FROM json_each(?1)) GROUP BY to_address`,
    )
      .bind(JSON.stringify(members.map((m) => m.email)))
      .all<{ to_address: string; n: number }>();
    expect(digests.results).toHaveLength(20);
    expect(digests.results.every((r) => r.n === 1)).toBe(true);
  });
});
