// The demo community starts with work in the moderation queue (docs/api/moderation.md): a listing
// two members reported, a member report and a message report, as members' reports are filed.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { seedDemoCommunity } from '@worker/dev/seed';
import { DEMO_PASSWORD, SEED_REPORTS } from '@worker/dev/seed-data';
import { call, json, ORIGIN, sessionCookie } from './helpers';

const signIn = async (username: string) =>
  sessionCookie(await call('/api/auth/login', { body: { username, password: DEMO_PASSWORD } }));

describe('the demo moderation queue', () => {
  it('holds the seeded open reports, oldest first, with their snapshots and counts', async () => {
    // This file's storage starts empty, so the seed runs.
    expect(await seedDemoCommunity(env, createDb(env.DB), ORIGIN)).toBe(true);
    const admin = await signIn('admin');
    expect(await json(await call('/api/admin/reports/count', { cookie: admin }))).toEqual({
      count: SEED_REPORTS.length,
    });
    const queue = await json<any[]>(await call('/api/admin/reports', { cookie: admin }));
    expect(queue.map((r) => [r.targetType, r.reporter.username, r.targetUser.username, r.openCount])).toEqual([
      ['listing', 'dev_patel', 'grace-k', 2],
      ['listing', 'emma.w', 'grace-k', 2],
      ['user', 'carmen', 'farid', 1],
      ['message', 'bob', 'farid', 1],
    ]);
    expect(queue[0].snapshot).toEqual(queue[0].current);
    expect(queue[0].snapshot.label).toBe('Framed art prints');
    expect(queue[3].snapshot.text).toBe(
      'Before we meet, please pay a deposit at pay-deposit.link/screens so I can hold your slot.',
    );
    // The reporters see them under their reports.
    const mine = await json<any[]>(await call('/api/reports', { cookie: await signIn('bob') }));
    expect(mine).toEqual([
      expect.objectContaining({
        targetType: 'message',
        status: 'open',
        reason: 'scam',
        targetLabel: 'Message about “Smartphone screen replacement”',
      }),
    ]);
    // Nothing is hidden yet: two reports stay under the threshold.
    expect((await call(`/api/listings/${queue[0].targetId}`)).status).toBe(200);
  });
});
