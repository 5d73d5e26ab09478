import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pruneAbandonedUploads } from '@worker/cron/prune-uploads';
import { DAILY_CRON, runScheduled } from '@worker/cron/index';
import worker from '@worker/index';
import { signUp } from './helpers';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

async function upload(userId: number, createdAt: string, attached: boolean) {
  const key = `uploads/${crypto.randomUUID()}`;
  await env.IMAGES.put(key, JPEG);
  await env.DB.prepare('INSERT INTO uploads (key, user_id, stored_at, attached_at, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(key, userId, createdAt, attached ? createdAt : null, createdAt)
    .run();
  return key;
}

describe('daily upload cleanup', () => {
  it('deletes uploads left unattached for a day, keeps recent and attached ones, and a rerun changes nothing', async () => {
    const member = await signUp();
    const now = Date.now();
    const old = new Date(now - 25 * 3600_000).toISOString();
    const recent = new Date(now - 3600_000).toISOString();
    const abandoned = await upload(member.id, old, false);
    const attached = await upload(member.id, old, true);
    const fresh = await upload(member.id, recent, false);

    expect(await pruneAbandonedUploads(env, now)).toBeGreaterThanOrEqual(1);
    expect(await pruneAbandonedUploads(env, now)).toBe(0);
    expect(await env.IMAGES.head(abandoned)).toBeNull();
    expect(await env.IMAGES.head(attached)).not.toBeNull();
    expect(await env.IMAGES.head(fresh)).not.toBeNull();
    const rows = await env.DB.prepare('SELECT key FROM uploads WHERE key IN (?, ?, ?)')
      .bind(abandoned, attached, fresh)
      .all<{ key: string }>();
    expect(rows.results.map((r) => r.key).sort()).toEqual([attached, fresh].sort());
  });

  it('runs from the scheduled handler for the daily trigger', async () => {
    const member = await signUp();
    const abandoned = await upload(member.id, new Date(Date.now() - 48 * 3600_000).toISOString(), false);
    const controller = createScheduledController({ cron: DAILY_CRON, scheduledTime: Date.now() });
    const ctx = createExecutionContext();
    worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await env.IMAGES.head(abandoned)).toBeNull();
  });
});

describe('scheduled dispatch', () => {
  it('a failing job is reported but does not stop the jobs after it', async () => {
    const member = await signUp();
    const abandoned = await upload(member.id, new Date(Date.now() - 48 * 3600_000).toISOString(), false);
    const brokenImages = { delete: async () => Promise.reject(new Error('R2 unavailable')) } as unknown as R2Bucket;
    const scheduledTime = Date.now() + 7 * 86_400_000 + Math.floor(Math.random() * 1000);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      await expect(runScheduled(DAILY_CRON, scheduledTime, { ...env, IMAGES: brokenImages })).rejects.toThrow(
        'R2 unavailable',
      );
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    // The upload is still there for the next run, and the barter upkeep after it still ran.
    expect(await env.DB.prepare('SELECT key FROM uploads WHERE key = ?').bind(abandoned).first()).not.toBeNull();
    const ledger = await env.DB.prepare('SELECT job FROM cron_runs WHERE scheduled_at = ?')
      .bind(new Date(scheduledTime).toISOString())
      .all<{ job: string }>();
    expect(ledger.results.map((r) => r.job)).toEqual(['barter-cleanup']);
  });
});
