import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pruneExpiredRows } from '@worker/cron/prune-expired';
import { HttpError } from '@worker/lib/errors';
import { sha256Hex } from '@worker/lib/crypto';
import { check, hit } from '@worker/db/queries/rate-limits';
import { RATE_LIMITS, rateLimitKey } from '@worker/lib/rate-limit';
import { unique } from './helpers';

async function statusOf(promise: Promise<void>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof HttpError ? error.status : 500;
  }
}

describe('fixed-window rate limits', () => {
  it('allows the limit, refuses the next with Retry-After, and opens again when the window ends', async () => {
    const subject = unique('ip');
    const start = 1_700_000_000_000;
    const { limit, windowMs } = RATE_LIMITS.contactPerIp;
    for (let i = 0; i < limit; i++) expect(await statusOf(hit(env.DB, 'contactPerIp', subject, start + i))).toBe(200);
    let refused: HttpError | undefined;
    try {
      await hit(env.DB, 'contactPerIp', subject, start + 10_000);
    } catch (error) {
      refused = error as HttpError;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers?.['Retry-After']).toBe(String(Math.ceil((windowMs - 10_000) / 1000)));
    expect(await statusOf(hit(env.DB, 'contactPerIp', subject, start + windowMs + 1))).toBe(200);
  });

  it('check() refuses at the limit without counting', async () => {
    const subject = unique('name');
    const now = 1_700_000_000_000;
    for (let i = 0; i < 9; i++) await hit(env.DB, 'failedSignInPerAddressName', subject, now);
    expect(await statusOf(check(env.DB, 'failedSignInPerAddressName', subject, now))).toBe(200);
    expect(await statusOf(check(env.DB, 'failedSignInPerAddressName', subject, now))).toBe(200);
    await hit(env.DB, 'failedSignInPerAddressName', subject, now);
    expect(await statusOf(check(env.DB, 'failedSignInPerAddressName', subject, now))).toBe(429);
  });

  it('counts subjects case-insensitively (usernames)', async () => {
    const subject = unique('Case');
    const now = 1_700_000_000_000;
    for (let i = 0; i < 10; i++)
      await hit(env.DB, 'failedSignInPerAddressName', i % 2 ? subject.toUpperCase() : subject.toLowerCase(), now);
    expect(await statusOf(check(env.DB, 'failedSignInPerAddressName', subject, now))).toBe(429);
  });
});

describe('rate-limit row keys', () => {
  it('are the rule and the SHA-256 hex of the lower-cased subject, the same size whatever the subject', async () => {
    const now = 1_700_000_000_000;
    const huge = `Name${'x'.repeat(200_000)}`;
    await hit(env.DB, 'failedSignInPerAddressName', huge, now);
    const key = `failedSignInPerAddressName:${await sha256Hex(huge.toLowerCase())}`;
    expect(await rateLimitKey('failedSignInPerAddressName', huge.toUpperCase())).toBe(key);
    const row = await env.DB.prepare('SELECT key, count FROM rate_limits WHERE key = ?')
      .bind(key)
      .first<{ key: string; count: number }>();
    expect(row).toEqual({ key, count: 1 });
    expect(key).toHaveLength('failedSignInPerAddressName:'.length + 64);
    expect(await rateLimitKey('contactPerIp', '')).toMatch(/^contactPerIp:[0-9a-f]{64}$/);
  });
});

describe('daily prune job', () => {
  it('removes expired windows and reset tokens, keeps live ones, and a rerun changes nothing', async () => {
    const now = Date.now();
    const live = unique('live');
    const dead = unique('dead');
    await env.DB.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 1, ?), (?, 1, ?)')
      .bind(live, now + 60_000, dead, now - 1)
      .run();
    await pruneExpiredRows(env.DB, now);
    await pruneExpiredRows(env.DB, now);
    const keys = await env.DB.prepare('SELECT key FROM rate_limits WHERE key IN (?, ?)')
      .bind(live, dead)
      .all<{ key: string }>();
    expect(keys.results.map((r) => r.key)).toEqual([live]);
  });
});
