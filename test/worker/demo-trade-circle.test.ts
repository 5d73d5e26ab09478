// The demo community shows trade circles and two-way matches working on first start: a proposed
// circle of three that includes alice, and members who want alice's listings while she wants
// theirs (explicitly both ways, or her want against their listing's text).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { ftsQuery } from '@worker/db/queries/listings';
import { seedDemoCommunity } from '@worker/dev/seed';
import { DEMO_PASSWORD, SEED_CIRCLE } from '@worker/dev/seed-data';
import { call, json, ORIGIN, sessionCookie } from './helpers';

const signIn = async (username: string) =>
  sessionCookie(await call('/api/auth/login', { body: { username, password: DEMO_PASSWORD } }));

describe('the demo trade circle and matches', () => {
  it('proposes a circle of alice, carmen and grace-k, with its notices, and gives alice two-way matches', async () => {
    // This file's storage starts empty, so the seed runs.
    expect(await seedDemoCommunity(env, createDb(env.DB), ORIGIN)).toBe(true);
    const alice = await signIn('alice');
    const circles = await json(await call('/api/trade-circles', { cookie: alice }));
    expect(circles).toHaveLength(1);
    const [circle] = circles;
    expect(circle.status).toBe('proposed');
    expect(circle.legs.map((l: any) => [l.giver.username, l.listing.title, l.receiver.username])).toEqual(
      SEED_CIRCLE.map((l) => [l.giver, l.listing, l.receiver]),
    );
    for (const username of ['alice', 'carmen', 'grace-k']) {
      const bell = await json(await call('/api/notifications', { cookie: await signIn(username) }));
      expect(
        bell.notifications.some((n: any) => n.kind === 'trade_circle' && n.link === `/trade-circles/${circle.id}`),
      ).toBe(true);
    }

    // Two-way: another member wants one of alice's active listings and she wants one of theirs.
    const { results: explicit } = await env.DB.prepare(
      `SELECT DISTINCT o.username FROM wants mine
         JOIN listings theirs ON theirs.id = mine.listing_id AND theirs.status = 'active'
         JOIN users o ON o.id = theirs.user_id
         JOIN wants back ON back.user_id = o.id
         JOIN listings ours ON ours.id = back.listing_id AND ours.user_id = mine.user_id AND ours.status = 'active'
        WHERE mine.user_id = (SELECT id FROM users WHERE username = 'alice')`,
    ).all<{ username: string }>();
    expect(explicit.map((r) => r.username)).toContain('farid');
    // bob: alice wants his tune-up explicitly; its "Sourdough bread" matches her sourdough listing's text.
    const wantsBob = await env.DB.prepare(
      `SELECT 1 AS ok FROM wants w JOIN listings l ON l.id = w.listing_id JOIN users u ON u.id = l.user_id
        WHERE w.user_id = (SELECT id FROM users WHERE username = 'alice') AND u.username = 'bob' AND l.status = 'active'`,
    ).first();
    expect(wantsBob).not.toBeNull();
    const textMatch = await env.DB.prepare(
      `SELECT l.title FROM listings_fts JOIN listings l ON l.id = listings_fts.rowid
        WHERE listings_fts MATCH ?1 AND l.user_id = (SELECT id FROM users WHERE username = 'alice') AND l.status = 'active'`,
    )
      .bind(ftsQuery('Sourdough bread'))
      .all<{ title: string }>();
    expect(textMatch.results.map((r) => r.title)).toContain('Sourdough starter and a baking lesson');
  });
});
