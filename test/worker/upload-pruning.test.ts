// Abandoned uploads are pruned at least as fast as members can make them: pages of 1,000 (two R2
// delete calls each: photos, thumbnails) in the 15-minute trigger and the daily one, within the per-invocation budget.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAILY_CRON, FREQUENT_CRON } from '@worker/cron/index';
import { PAGES_DAILY, PAGES_FREQUENT, PRUNE_PAGE, pruneAbandonedUploads } from '@worker/cron/prune-uploads';
import { MAX_UNATTACHED_UPLOADS, thumbKey } from '@worker/db/queries/images';
import worker from '@worker/index';
import { RATE_LIMITS } from '@worker/lib/rate-limit';
import { DAY, MINUTE } from '@worker/lib/time';
import { tableScans } from './job-query-plans';
import { signUp } from './helpers';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

/** `count` unattached uploads of the member, made `ageMs` before `now` (one second apart, oldest first). */
async function abandonedUploads(
  userId: number,
  count: number,
  now: number,
  ageMs: number,
  tag: string,
): Promise<string[]> {
  const start = now - ageMs - count * 1000;
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
     INSERT INTO uploads (key, user_id, created_at)
     SELECT 'uploads/' || ?2 || '-' || printf('%06d', i), ?3, strftime('%Y-%m-%dT%H:%M:%fZ', (?4 + i * 1000) / 1000.0, 'unixepoch') FROM n`,
  )
    .bind(count, tag, userId, start)
    .run();
  return Array.from({ length: count }, (_, i) => `uploads/${tag}-${String(i).padStart(6, '0')}`);
}

const remaining = async (tag: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM uploads WHERE key LIKE 'uploads/' || ? || '-%'")
    .bind(tag)
    .first<{ n: number }>())!.n;

/** An Env whose R2 bucket counts delete calls and the keys they carried. */
function countingImages(calls: { deletes: number; keys: number }): Env {
  const images = new Proxy(env.IMAGES, {
    get(target, prop) {
      if (prop === 'delete')
        return (keys: string | string[]) => {
          calls.deletes += 1;
          calls.keys += Array.isArray(keys) ? keys.length : 1;
          return target.delete(keys);
        };
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...env, IMAGES: images };
}

describe('pruning abandoned uploads', () => {
  it('deletes a page of 1,000 oldest first with two R2 calls (photos, thumbnails) and two D1 queries, objects and rows alike', async () => {
    const member = await signUp();
    const now = Date.now() + 10 * DAY;
    const tag = `page${crypto.randomUUID().slice(0, 8)}`;
    const keys = await abandonedUploads(member.id, PRUNE_PAGE + 200, now, DAY + MINUTE, tag);
    // A sample of the objects exists in R2, the oldest and the newest.
    for (const key of [keys[0]!, keys[PRUNE_PAGE - 1]!, keys[PRUNE_PAGE]!, keys.at(-1)!])
      await env.IMAGES.put(key, JPEG);
    // And the oldest one's thumbnail.
    await env.IMAGES.put(thumbKey(keys[0]!), JPEG);

    const statements = new Set<string>();
    const calls = { deletes: 0, keys: 0 };
    const counted = countingImages(calls);
    const queries: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare') return (sql: string) => (queries.push(sql), statements.add(sql), target.prepare(sql));
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(await pruneAbandonedUploads({ ...counted, DB: db }, now, 1)).toBe(PRUNE_PAGE);
    expect(calls).toEqual({ deletes: 2, keys: 2 * PRUNE_PAGE });
    expect(queries).toHaveLength(2);
    expect(await tableScans(statements)).toEqual([]);

    expect(await remaining(tag)).toBe(200);
    expect(await env.IMAGES.head(keys[0]!)).toBeNull();
    expect(await env.IMAGES.head(thumbKey(keys[0]!))).toBeNull();
    expect(await env.IMAGES.head(keys[PRUNE_PAGE - 1]!)).toBeNull();
    // The newer 200 wait for the next page.
    expect(await env.IMAGES.head(keys[PRUNE_PAGE]!)).not.toBeNull();
    expect(await pruneAbandonedUploads(env, now, 1)).toBe(200);
    expect(await env.IMAGES.head(keys.at(-1)!)).toBeNull();
    expect(await remaining(tag)).toBe(0);
    expect(await pruneAbandonedUploads(env, now, 1)).toBe(0);
  });

  it('keeps uploads younger than a day and attached ones', async () => {
    const member = await signUp();
    const now = Date.now() + 20 * DAY;
    const tag = `keep${crypto.randomUUID().slice(0, 8)}`;
    const [young] = await abandonedUploads(member.id, 1, now, DAY - MINUTE, `${tag}y`);
    const [attached] = await abandonedUploads(member.id, 1, now, 2 * DAY, `${tag}a`);
    await env.DB.prepare('UPDATE uploads SET attached_at = created_at WHERE key = ?').bind(attached).run();
    const [old] = await abandonedUploads(member.id, 1, now, 2 * DAY, `${tag}o`);
    await pruneAbandonedUploads(env, now, 1);
    const rows = await env.DB.prepare('SELECT key FROM uploads WHERE key IN (?, ?, ?)')
      .bind(young, attached, old)
      .all<{ key: string }>();
    expect(rows.results.map((r) => r.key).sort()).toEqual([young, attached].sort());
  });

  it('runs one page in the 15-minute trigger and several in the daily one', async () => {
    const member = await signUp();
    const now = Date.now() + 30 * DAY;
    const tag = `trig${crypto.randomUUID().slice(0, 8)}`;
    // Earlier tests' leftovers are abandoned by this test's time too: clear them first.
    while ((await pruneAbandonedUploads(env, now, 1)) > 0);
    await abandonedUploads(member.id, PRUNE_PAGE * (PAGES_FREQUENT + PAGES_DAILY) + 10, now, DAY + MINUTE, tag);

    const run = async (cron: string) => {
      const ctx = createExecutionContext();
      worker.scheduled(createScheduledController({ cron, scheduledTime: now }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await run(FREQUENT_CRON);
    expect(await remaining(tag)).toBe(PRUNE_PAGE * PAGES_DAILY + 10);
    await run(DAILY_CRON);
    expect(await remaining(tag)).toBe(10);
    await run(FREQUENT_CRON);
    expect(await remaining(tag)).toBe(0);
  });

  it('keeps up: a day of pruning clears more than members can abandon in a day', async () => {
    const frequentRunsPerDay = DAY / (15 * MINUTE);
    const capacityPerDay = PRUNE_PAGE * (PAGES_FREQUENT * frequentRunsPerDay + PAGES_DAILY);
    expect(capacityPerDay).toBe(100_000);
    // A member holds at most MAX_UNATTACHED_UPLOADS unused uploads, and each waits a day before it
    // may be pruned, so one member abandons at most that many a day.
    const membersAtTheCapEveryDay = capacityPerDay / MAX_UNATTACHED_UPLOADS;
    expect(membersAtTheCapEveryDay).toBeGreaterThanOrEqual(5_000);
    // Whatever the number of members: every upload costs at least one of the free plan's 100,000
    // D1 rows written a day to create (plus its rate-limit row), so no day can create more uploads
    // than a day of pruning removes.
    const freePlanRowsWrittenPerDay = 100_000;
    expect(capacityPerDay).toBeGreaterThanOrEqual(freePlanRowsWrittenPerDay);
    // And the upload-URL rate limit alone lets one member ask for far more than the cap.
    expect(RATE_LIMITS.uploadUrlPerMember.limit).toBeGreaterThan(MAX_UNATTACHED_UPLOADS);
  });
});
