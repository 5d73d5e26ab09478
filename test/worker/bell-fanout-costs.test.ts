// A member whose listing has hundreds of conversations (issue 22, decision 042): the bell reads a
// few hundred rows whatever the number of unread entries (its page by stored time, merged with the
// entries of the member's most recently active conversations; unreadCount counted up to 100), and
// "mark all read" writes a bounded number of rows per request: the bell's page and 100 more at
// once, the rest by the cron in bounded steps, leaving unread what arrived after the click.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  BELL_PAGE,
  BELL_UNREAD_COUNT_CAP,
  MARK_ALL_PER_REQUEST,
  MARK_ALL_PER_STEP,
} from '@worker/db/queries/notifications';
import { runBellReadMarks } from '@worker/cron/bell-read-marks';
import { metered as meteredRequest } from './blocks-helpers';
import { crowdedListing as crowd } from './crowded-listing';
import { call, insertListing, json, signUp, type Member } from './helpers';

const crowdedListing = (owner: Member, listingId: number) => crowd(owner, listingId, CONVERSATIONS);
const iso = (ms: number) => new Date(ms).toISOString();

const CONVERSATIONS = 600;

/** A metered request (blocks-helpers.ts) with its JSON body. */
async function metered(method: 'GET' | 'POST', path: string, member: Member, body?: unknown) {
  const { response, counts } = await meteredRequest(method, path, member, body);
  return { status: response.status, counts, body: await response.json<any>() };
}

describe('the bell of a member whose listing has hundreds of conversations', () => {
  it('reads a few hundred rows, shows the newest conversations first with their counts, and counts unread entries up to 100', async () => {
    const owner = await signUp();
    const listingId = await insertListing(owner);
    const enquirers = await crowdedListing(owner, listingId);
    const bell = await metered('GET', '/api/notifications', owner);
    expect(bell.status).toBe(200);
    expect(bell.counts.d1RowsRead).toBeLessThanOrEqual(500);
    expect(bell.body.unreadCount).toBe(BELL_UNREAD_COUNT_CAP);
    expect(bell.body.notifications).toHaveLength(BELL_PAGE);
    // The newest conversation first, counting both its messages.
    expect(bell.body.notifications[0]).toMatchObject({ kind: 'message', count: 2, read: false });
    const newest = await env.DB.prepare(`SELECT id FROM notifications WHERE user_id = ?1 AND subject_key = ?2`)
      .bind(owner.id, `message:${listingId}:${enquirers.at(-1)}`)
      .first<{ id: number }>();
    expect(bell.body.notifications[0].id).toBe(newest!.id);
  });

  it('an old conversation with a new message moves to the top of the bell without a write to its entry', async () => {
    const owner = await signUp();
    const listingId = await insertListing(owner);
    const enquirers = await crowdedListing(owner, listingId);
    const oldest = enquirers[0]!;
    await env.DB.prepare(
      `INSERT INTO messages (sender_id, receiver_id, listing_id, content, read) VALUES (?1, ?2, ?3, 'Still keen!', 0)`,
    )
      .bind(oldest, owner.id, listingId)
      .run();
    const bell = await metered('GET', '/api/notifications', owner);
    const entry = await env.DB.prepare(`SELECT id FROM notifications WHERE user_id = ?1 AND subject_key = ?2`)
      .bind(owner.id, `message:${listingId}:${oldest}`)
      .first<{ id: number }>();
    expect(bell.body.notifications[0]).toMatchObject({ id: entry!.id, count: 3, read: false });
    expect(bell.counts.d1RowsRead).toBeLessThanOrEqual(500);
  });

  it('"mark all read" writes a bounded number of rows; the cron marks the rest in steps, leaving unread a message that came after', async () => {
    const owner = await signUp();
    const listingId = await insertListing(owner);
    const enquirers = await crowdedListing(owner, listingId);
    const clicked = Date.now();
    const mark = await metered('POST', '/api/notifications/read', owner, {});
    expect(mark.status).toBe(200);
    expect(Object.keys(mark.body)).toEqual(['unreadCount']);
    // The page's 30 and 100 more (they overlap): at most two rows written an entry, a few more for the mark.
    expect(mark.counts.d1RowsWritten).toBeLessThanOrEqual(2 * (BELL_PAGE + MARK_ALL_PER_REQUEST) + 4);
    // The bell's page twice (the request's, and the push to the member's other tabs after the reply), the ids, the marks.
    expect(mark.counts.d1RowsRead).toBeLessThanOrEqual(2_500);
    expect(mark.body.unreadCount).toBe(BELL_UNREAD_COUNT_CAP);
    // Queries before the reply: the session's, the page and the ids (side by side), then the marks
    // with the count after them in one batch: the count has no round trip of its own (5 before).
    expect(mark.counts.d1Queries).toBeLessThanOrEqual(4);
    // What the member sees is read at once.
    const seen = await json(await call('/api/notifications', { cookie: owner.cookie }));
    expect(seen.notifications.every((n: { read: boolean }) => n.read)).toBe(true);

    // A message after the click, in a conversation the request left to the cron.
    const late = enquirers[0]!;
    await env.DB.prepare(
      `INSERT INTO messages (sender_id, receiver_id, listing_id, content, read, created_at) VALUES (?1, ?2, ?3, 'Are you there?', 0, ?4)`,
    )
      .bind(late, owner.id, listingId, iso(clicked + 5_000))
      .run();

    let steps = 0;
    for (;;) {
      const before = await env.DB.prepare('SELECT count(*) AS n FROM bell_read_marks WHERE user_id = ?1')
        .bind(owner.id)
        .first<{ n: number }>();
      if (before!.n === 0) break;
      const run = await runBellReadMarks(env, new Date(clicked + 60_000));
      expect(run).not.toBeNull();
      steps += 1;
      expect(steps).toBeLessThanOrEqual(Math.ceil(CONVERSATIONS / MARK_ALL_PER_STEP) + 1);
    }
    expect(steps).toBeGreaterThan(1);
    const left = await env.DB.prepare('SELECT subject_key FROM notifications WHERE user_id = ?1 AND read_at IS NULL')
      .bind(owner.id)
      .all<{ subject_key: string }>();
    expect(left.results.map((r) => r.subject_key)).toEqual([`message:${listingId}:${late}`]);
    const after = await json(await call('/api/notifications', { cookie: owner.cookie }));
    expect(after.unreadCount).toBe(1);
  });
});
