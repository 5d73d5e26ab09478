// The daily prune of expired rate-limit windows and reset tokens is bounded per call (decision
// 042, "Bounded prunes"): a call deletes a page and reports a full page, the dispatcher calls it
// again within the trigger's rows-written cap, and the rest waits for the next night. Rows written
// are read from D1's own meta.rows_written through the metering layer.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAILY_CRON, dispatchScheduled, runCronJob, type JobCall } from '@worker/cron/index';

const DAY = 24 * 60 * 60_000;
const BACKLOG = 6_000;

async function seed(prefix: string, now: number): Promise<void> {
  // Expired windows (keys sort before and after the live ones, so a page cannot stop at a live row by luck).
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO rate_limits (key, count, reset_at) SELECT ?1 || ':' || printf('%05d', i), 1, ?3 - i FROM n`,
  )
    .bind(prefix, BACKLOG, now - 1)
    .run();
  await env.DB.prepare(
    `INSERT INTO rate_limits (key, count, reset_at) VALUES (?1 || ':live-a', 1, ?2), (?1 || ':99999-live', 1, ?2)`,
  )
    .bind(prefix, now + 10 * DAY)
    .run();
}

const left = async (prefix: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM rate_limits WHERE key LIKE ?1 || ':%'`)
    .bind(prefix)
    .first<{ n: number }>())!.n;

describe('prune of expired rows, bounded per call', () => {
  it('one call deletes at most 2,500 expired windows and reports a full page', async () => {
    const now = Date.now() + 1000 * DAY;
    await seed('prune-one', now);
    const outcome = await runCronJob(DAILY_CRON, 'prune-expired', now, env);
    expect(outcome.ok).toBe(true);
    expect(outcome.written).toBeGreaterThan(0);
    expect(outcome.written).toBeLessThanOrEqual(2_500);
    expect(outcome.more).toBe(true);
  });

  it('a nightly run stays within the trigger cap, the backlog goes over the next nights, live windows stay', async () => {
    const now = Date.now() + 2000 * DAY;
    await seed('prune-nights', now);
    const nights: { calls: number; written: number }[] = [];
    for (let night = 0; night < 4 && (await left('prune-nights')) > 2; night++) {
      const calls: JobCall[] = [];
      await dispatchScheduled(
        DAILY_CRON,
        now + night * DAY,
        (cron, job, at) => runCronJob(cron, job, at, env),
        (call) => calls.push(call),
      );
      const prune = calls.filter((c) => c.outcome.job === 'prune-expired');
      nights.push({ calls: prune.length, written: prune.reduce((sum, c) => sum + (c.outcome.written ?? 0), 0) });
    }
    // More than one night: no run deleted the whole backlog, each wrote at most two pages.
    expect(nights.length).toBeGreaterThan(1);
    for (const n of nights) expect(n.written).toBeLessThanOrEqual(5_000);
    expect(await left('prune-nights')).toBe(2);
    const live = await env.DB.prepare(`SELECT key FROM rate_limits WHERE key LIKE 'prune-nights:%' ORDER BY key`).all<{
      key: string;
    }>();
    expect(live.results.map((r) => r.key)).toEqual(['prune-nights:99999-live', 'prune-nights:live-a']);
  });
});
