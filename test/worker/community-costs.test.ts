// What the home and community pages' public reads cost (decision 045): rows read by the community
// feed's refresh (it runs every 15 s all day while any page holds a socket), by the testimonials the
// home page shows, and the browser caching the read-mostly routes are allowed.
import { createExecutionContext, env, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CommunityFeed } from '@worker/durable-objects/community-feed';
import { upcomingEventsFrom } from '@worker/db/queries/community';
import { communityFeedStub } from '@worker/durable-objects/community-feed-client';
import { emptyCounts, METER_HEADER, meterEnv, type MeterCounts } from '@worker/lib/meter';
import worker from '@worker/index';
import { call, createListing, json, ORIGIN, randomIp, signUp } from './helpers';

/** A guest's GET through the Worker with the meter on. */
async function guestGet(path: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { headers: { Origin: ORIGIN, 'CF-Connecting-IP': randomIp() } }),
    { ...env, METER: '1' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const body = await response.json();
  return { response, body, counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as MeterCounts };
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function addEvents(n: number, date: string, tag: string) {
  for (let i = 0; i < n; i += 1) {
    await env.DB.prepare(
      `INSERT INTO community_events (title, description, date, time, location) VALUES (?1, 'A meet-up', ?2, '18:00', 'Hall')`,
    )
      .bind(`${tag} ${i}`, date)
      .run();
  }
}

/** One frame read inside the object, with its D1 use counted; `at` is the object's clock. */
async function frameRead(at: number) {
  const counts = emptyCounts();
  const frame = await runInDurableObject(communityFeedStub(env), async (instance: CommunityFeed) => {
    const own = instance as unknown as { env: Env };
    const plain = own.env;
    own.env = meterEnv(plain, counts);
    instance.now = () => at;
    try {
      return JSON.parse((await instance.frame()) ?? 'null') as { activity: { events: number; users: number } };
    } finally {
      own.env = plain;
    }
  });
  return { frame, rowsRead: counts.d1RowsRead };
}

describe('the community feed refresh', () => {
  it('reads only the counter rows on a run: the upcoming events are counted once a day (and hourly), not every 15 s', async () => {
    const now = Date.now();
    const inTwoDays = upcomingEventsFrom(now + 2 * DAY_MS);
    await addEvents(30, inTwoDays, 'Soon');
    const first = await frameRead(now);
    const fromRoute = await json(await call('/api/analytics/activity'));
    expect(first.frame.activity).toEqual(fromRoute);
    expect(first.frame.activity.events).toBeGreaterThanOrEqual(30);

    // The next runs the same day: the counter rows and the open-listing row, however many events.
    const next = await frameRead(now + 15_000);
    expect(next.rowsRead).toBeLessThanOrEqual(first.rowsRead - 30);
    expect(next.rowsRead).toBeLessThanOrEqual(8);
    expect(next.frame.activity).toEqual(fromRoute);

    // Counters still move every run: a new member is in the next frame.
    await signUp();
    const afterJoin = await frameRead(now + 30_000);
    expect(afterJoin.frame.activity.users).toBe(first.frame.activity.users + 1);
    expect(afterJoin.rowsRead).toBe(next.rowsRead);

    // An event added outside the app (no route writes events) shows within the hour.
    await addEvents(1, inTwoDays, 'Late');
    const hourLater = await frameRead(now + 61 * 60 * 1000);
    expect(hourLater.frame.activity.events).toBe(first.frame.activity.events + 1);

    // Once their day is over they are no longer upcoming: a new day recounts.
    const later = await frameRead(now + 4 * DAY_MS);
    const stillUpcoming = await env.DB.prepare(
      'SELECT count(*) AS n FROM community_events WHERE is_active = 1 AND date >= ?1',
    )
      .bind(upcomingEventsFrom(now + 4 * DAY_MS))
      .first<{ n: number }>();
    expect(later.frame.activity.events).toBe(stillUpcoming!.n);
    expect(later.frame.activity.events).toBeLessThanOrEqual(first.frame.activity.events + 1 - 31);
  });
});

describe('testimonials', () => {
  it('?limit reads only the rows it returns; without it, the 50 newest as before', async () => {
    const [author, partner] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(partner, { title: 'Stories barter' });
    const barter = await env.DB.prepare(
      "INSERT INTO barters (listing_id, initiator_id, recipient_id, status) VALUES (?, ?, ?, 'completed') RETURNING id",
    )
      .bind(listing.id, author.id, partner.id)
      .first<{ id: number }>();
    for (let i = 0; i < 12; i += 1) {
      await env.DB.prepare(
        `INSERT INTO testimonials (user_id, title, content, rating, is_public, is_approved, barter_id) VALUES (?1, ?2, 'It went well', 5, 1, 1, ?3)`,
      )
        .bind(author.id, `Story ${i}`, barter!.id)
        .run();
    }
    const three = await guestGet('/api/testimonials?limit=3');
    expect(three.response.status).toBe(200);
    expect((three.body as unknown[]).length).toBe(3);
    // Three testimonials, and for each its author, its barter and the barter's listing (decision 062).
    expect(three.counts.d1RowsRead).toBeLessThanOrEqual(12);
    const all = await guestGet('/api/testimonials');
    expect((all.body as { title: string }[]).slice(0, 3)).toEqual(three.body);
    expect((all.body as unknown[]).length).toBeGreaterThanOrEqual(12);
    for (const bad of ['0', '51', 'abc', '-1', '3.5', '1e1']) {
      const reply = await guestGet(`/api/testimonials?limit=${bad}`);
      expect(reply.response.status, bad).toBe(400);
      expect(reply.body).toEqual({
        message: 'limit must be a whole number from 1 to 50',
        code: expect.any(String),
        errors: { limit: 'limit must be a whole number from 1 to 50' },
      });
    }
  });
});

describe('browser caching of read-mostly public routes', () => {
  it('categories for a day (they change only with a deploy); featured listings and testimonials for five minutes', async () => {
    expect((await guestGet('/api/categories')).response.headers.get('Cache-Control')).toBe('public, max-age=86400');
    expect((await guestGet('/api/listings/featured')).response.headers.get('Cache-Control')).toBe(
      'public, max-age=300',
    );
    expect((await guestGet('/api/testimonials?limit=3')).response.headers.get('Cache-Control')).toBe(
      'public, max-age=300',
    );
    // Replies that depend on the viewer or change with every write are not cached.
    expect((await guestGet('/api/analytics/activity')).response.headers.get('Cache-Control')).toBe('no-store');
  });
});
