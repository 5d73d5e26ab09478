// The cron's per-invocation budget is production code (worker/lib/cron-budget.ts): it counts D1
// statements, D1's rows written and R2 calls on its own binding wrappers, with the quota/bench
// meter off (ENVIRONMENT "production" never meters, whatever METER says), and a job given its
// allowance stops at it. The meter, wrapped underneath where a test needs it, checks the counts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { INVOCATION_BUDGET, invocation } from '@worker/lib/cron-budget';
import { DAILY_CRON, runCronJob } from '@worker/cron/index';
import { PRUNE_PAGE, pruneAbandonedUploads } from '@worker/cron/prune-uploads';
import { emptyCounts, meteringOn, meterEnv } from '@worker/lib/meter';
import { DAY, MINUTE } from '@worker/lib/time';
import { signUp } from './helpers';

const production = { ...env, ENVIRONMENT: 'production', METER: '1' } as Env;

/** `count` uploads of a new member, abandoned before `now` (one second apart, oldest first); the tag in their keys. */
async function abandonedUploads(count: number, now: number): Promise<string> {
  const member = await signUp();
  const tag = `budget${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
     INSERT INTO uploads (key, user_id, created_at)
     SELECT 'uploads/' || ?2 || '-' || printf('%06d', i), ?3, strftime('%Y-%m-%dT%H:%M:%fZ', (?4 + i * 1000) / 1000.0, 'unixepoch') FROM n`,
  )
    .bind(count, tag, member.id, now - DAY - MINUTE - count * 1000)
    .run();
  return tag;
}

const remaining = async (tag: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM uploads WHERE key LIKE 'uploads/' || ? || '-%'")
    .bind(tag)
    .first<{ n: number }>())!.n;

describe('the cron budget in production', () => {
  it("counts a batch's statements, the rows D1 wrote, every R2 call and what a job spends, with metering off", async () => {
    expect(meteringOn(production)).toBe(false);
    const table = `budget_${crypto.randomUUID().replaceAll('-', '')}`;
    await env.DB.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`);

    const run = invocation(production);
    const db = run.env.DB;
    await db.batch(['a', 'b', 'c'].map((name) => db.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(name)));
    const key = `uploads/${table}`;
    await run.env.IMAGES.put(key, 'x');
    expect(await run.env.IMAGES.head(key)).not.toBeNull();
    expect(await (await run.env.IMAGES.get(key))?.text()).toBe('x');
    await run.env.IMAGES.delete(key);
    run.budget(0).spend(2); // an email sent over HTTP, as deliver-email spends

    expect(run.counts).toEqual({ d1Statements: 3, d1RowsWritten: 3, r2Calls: 4 });
    expect(run.used()).toBe(9);
    expect(run.budget(10).left()).toBe(INVOCATION_BUDGET - 10 - 9);
    // The wrapped bindings answer as the plain ones do.
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>()).toEqual({ n: 3 });
  });

  it('a job stops at its allowance and leaves the rest to the next run', async () => {
    const now = Date.now() + 40 * DAY;
    while ((await pruneAbandonedUploads(env, now, 1)) > 0); // earlier tests' leftovers
    const tag = await abandonedUploads(3 * PRUNE_PAGE, now);
    // A page is 2 statements and 2 R2 calls: 8 allow two pages of the three.
    const run = invocation(production, 8);
    expect(await pruneAbandonedUploads(run.env, now, 3, run.budget(0))).toBe(2 * PRUNE_PAGE);
    expect(run.counts).toEqual({ d1Statements: 4, d1RowsWritten: 2 * PRUNE_PAGE, r2Calls: 4 });
    expect(run.budget(0).left()).toBe(0);
    expect(await remaining(tag)).toBe(PRUNE_PAGE);
  });

  it("a job's invocation (runCronJob, as the CronJobs Durable Object calls it) reports what it used", async () => {
    const now = Date.now() + 50 * DAY;
    while ((await pruneAbandonedUploads(env, now, 1)) > 0);
    const tag = await abandonedUploads(2 * PRUNE_PAGE + 10, now);
    // The meter underneath only checks the budget's counts; production has no meter.
    const counts = emptyCounts();
    const outcome = await runCronJob(DAILY_CRON, 'prune-uploads', now, meterEnv(production, counts));
    expect(outcome).toMatchObject({ job: 'prune-uploads', ok: true, more: false });
    expect(await remaining(tag)).toBe(0);
    expect(outcome.used).toBe(counts.d1Statements + counts.r2ClassA + counts.r2ClassB + counts.r2Deletes);
    expect(outcome.used).toBe(3 * 4);
    expect(outcome.used).toBeLessThanOrEqual(INVOCATION_BUDGET);
    expect(outcome.written).toBe(counts.d1RowsWritten);
    expect(outcome.written).toBeGreaterThanOrEqual(2 * PRUNE_PAGE + 10);
  });
});
