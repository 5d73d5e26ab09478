// Summary and counter rows (docs/decisions/021-summary-and-counter-rows.md): the conversation list
// and the community counts read rows that triggers keep. After every change path they must equal
// what the aggregates they replace would compute from the source tables.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { markReadUpTo } from '@worker/db/queries/messages';
import worker from '@worker/index';
import { emptyCounts, meterEnv } from '@worker/lib/meter';
import { call, createListing, insertListing, json, ORIGIN, signUp, signUpAdmin, type Member } from './helpers';

/** The summaries as the old query computed them from messages: one per member per conversation. */
const AGGREGATE = `
  WITH sides AS (
    SELECT sender_id AS user_id, receiver_id AS partner_id, listing_id, id, content, created_at, 0 AS unread FROM messages
    UNION ALL
    SELECT receiver_id, sender_id, listing_id, id, content, created_at, CASE WHEN read = 0 THEN 1 ELSE 0 END FROM messages
  ),
  ranked AS (
    SELECT sides.*, ROW_NUMBER() OVER (PARTITION BY user_id, listing_id, partner_id ORDER BY created_at DESC, id DESC) AS position,
           SUM(unread) OVER (PARTITION BY user_id, listing_id, partner_id) AS unread_count
      FROM sides
  )
  SELECT user_id, partner_id, listing_id, id AS last_message_id, content AS last_message, created_at AS last_message_time, unread_count
    FROM ranked WHERE position = 1 ORDER BY user_id, listing_id, partner_id`;

/** The kept sides: each conversation's row, one line per member (the view conversation_sides). */
const KEPT = `SELECT user_id, partner_id, listing_id, last_message_id, last_message, last_message_time, unread_count
  FROM conversation_sides ORDER BY user_id, listing_id, partner_id`;

async function expectSummariesExact() {
  const [kept, computed] = await Promise.all([env.DB.prepare(KEPT).all(), env.DB.prepare(AGGREGATE).all()]);
  expect(kept.results).toEqual(computed.results);
}

const COUNTS = `
  SELECT 'barters_completed' AS name, (SELECT count(*) FROM barters WHERE status = 'completed') AS value
  UNION ALL SELECT 'listings_open', (SELECT count(*) FROM listings WHERE status IN ('active', 'pending'))
  UNION ALL SELECT 'testimonials_visible', (SELECT count(*) FROM testimonials t JOIN barters b ON b.id = t.barter_id
    WHERE t.is_approved = 1 AND t.is_public = 1 AND b.status = 'completed' AND t.user_id IN (b.initiator_id, b.recipient_id))
  UNION ALL SELECT 'users', (SELECT count(*) FROM users)
  ORDER BY name`;

async function expectCountersExact() {
  // Open listings are the listing counter row '*' (decision 020), read with the others.
  const KEPT_COUNTS =
    "SELECT name, value FROM counters UNION ALL SELECT 'listings_open', n FROM listing_counts WHERE key = '*' ORDER BY name";
  const [kept, computed] = await Promise.all([env.DB.prepare(KEPT_COUNTS).all(), env.DB.prepare(COUNTS).all()]);
  expect(kept.results).toEqual(computed.results);
}

function send(from: Member, to: Member, listingId: number, content: string) {
  return call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
}

async function sent(from: Member, to: Member, listingId: number, content: string) {
  const response = await send(from, to, listingId, content);
  expect(response.status).toBe(201);
  return json(response);
}

describe('conversation rows', () => {
  it('stay exact through sending, reading, read marks, offer lines, and deleting a listing and an account', async () => {
    const [owner, member, third] = await Promise.all([signUp(), signUp(), signUp()]);
    const lamp = await insertListing(owner, 'Brass desk lamp');
    const chair = await insertListing(owner, 'Oak chair');
    await expectSummariesExact();

    // Sending: both sides get a row; the receiver's unread count grows.
    await sent(member, owner, lamp, 'Is the lamp still there?');
    await sent(member, owner, lamp, 'I can pick it up today.');
    await sent(third, owner, chair, 'Would you swap the chair?');
    await expectSummariesExact();
    const ownerList = await json<any[]>(await call('/api/conversations', { cookie: owner.cookie }));
    expect(ownerList.map((c) => [c.listing.id, c.partner.id, c.unreadCount, c.lastMessage])).toEqual([
      [chair, third.id, 1, 'Would you swap the chair?'],
      [lamp, member.id, 2, 'I can pick it up today.'],
    ]);

    // Reading the thread marks the received messages read.
    expect((await call(`/api/conversations/${owner.id}/${member.id}/${lamp}`, { cookie: owner.cookie })).status).toBe(
      200,
    );
    await expectSummariesExact();
    const reply = await sent(owner, member, lamp, 'Yes, come by at six.');
    await sent(owner, member, lamp, 'Bring a bag.');
    await expectSummariesExact();

    // A read mark over the socket (up to a message id) marks part of them.
    await markReadUpTo(createDb(env.DB), { userId: member.id, partnerId: owner.id, listingId: lamp }, reply.id);
    await expectSummariesExact();
    const memberList = await json<any[]>(await call('/api/conversations', { cookie: member.cookie }));
    expect(memberList).toMatchObject([{ listing: { id: lamp }, unreadCount: 1, lastMessage: 'Bring a bag.' }]);

    // Offers add event lines to the conversation (and an accepted one a barter).
    const mower = await createListing(owner, { title: 'Lawnmower, petrol' });
    const bike = await createListing(member, { title: 'Road bike, 54 cm' });
    const made = await call('/api/offers', {
      cookie: member.cookie,
      body: { listingId: mower.id, givenListingIds: [bike.id], message: 'Would you take my bike?' },
    });
    expect(made.status).toBe(201);
    await expectSummariesExact();
    const offer = await json(made);
    expect((await call(`/api/offers/${offer.id}/accept`, { cookie: owner.cookie, body: {} })).status).toBe(200);
    await expectSummariesExact();
    await expectCountersExact();

    // Deleting a listing removes its conversations' rows (the messages go by cascade).
    expect((await call(`/api/listings/${chair}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    await expectSummariesExact();
    expect(await json<any[]>(await call('/api/conversations', { cookie: third.cookie }))).toEqual([]);

    // Deleting an account removes every row on either side of its conversations.
    expect((await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(200);
    await expectSummariesExact();
    expect(await json(await call('/api/conversations', { cookie: owner.cookie }))).toEqual([]);
    await expectCountersExact();
  });

  it('point at the message before when the last one is deleted, and keep messages written out of order', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const lamp = await insertListing(owner, 'Brass desk lamp');
    await sent(member, owner, lamp, 'First');
    const last = await sent(owner, member, lamp, 'Second');
    // An older message arriving late (e.g. a backfill) does not become the last one.
    await env.DB.prepare(
      "INSERT INTO messages (sender_id, receiver_id, listing_id, content, created_at) VALUES (?, ?, ?, 'Late', '2000-01-01T00:00:00.000Z')",
    )
      .bind(member.id, owner.id, lamp)
      .run();
    await expectSummariesExact();
    await env.DB.prepare('DELETE FROM messages WHERE id = ?').bind(last.id).run();
    await expectSummariesExact();
    await env.DB.prepare("UPDATE messages SET content = 'First, edited' WHERE content = 'First' AND listing_id = ?")
      .bind(lamp)
      .run();
    await expectSummariesExact();
    await env.DB.prepare('UPDATE messages SET read = 0 WHERE listing_id = ?').bind(lamp).run();
    await expectSummariesExact();
  });
});

describe('GET /api/conversations paging', () => {
  it('pages newest first with limit and before, each summary once, with the cursor fields only when paged', async () => {
    const [me, ...others] = await Promise.all([signUp(), signUp(), signUp(), signUp(), signUp(), signUp()]);
    const listing = await insertListing(me, 'Garden tools');
    for (const [i, other] of others.entries()) await sent(other, me, listing, `Hello ${i}`);

    const unpaged = await json<any[]>(await call('/api/conversations', { cookie: me.cookie }));
    expect(unpaged.map((c) => c.lastMessage)).toEqual(['Hello 4', 'Hello 3', 'Hello 2', 'Hello 1', 'Hello 0']);
    expect(unpaged[0]).not.toHaveProperty('lastMessageId');

    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 4; page++) {
      const query = `/api/conversations?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`;
      const rows = await json<any[]>(await call(query, { cookie: me.cookie }));
      if (rows.length === 0) break;
      expect(rows.length).toBeLessThanOrEqual(2);
      for (const row of rows) expect(row.lastMessageId).toEqual(expect.any(Number));
      seen.push(...rows.map((r) => r.lastMessage));
      const last = rows[rows.length - 1];
      before = `${last.lastMessageTime}_${last.lastMessageId}`;
    }
    expect(seen).toEqual(unpaged.map((c) => c.lastMessage));
  });

  it('merges the rows where the member is `a` and where they are `b` in one order, pages included (decision 032)', async () => {
    const [me, ...others] = await Promise.all([signUp(), signUp(), signUp(), signUp(), signUp(), signUp(), signUp()]);
    const listing = await insertListing(me, 'Garden tools');
    const mine = await insertListing(others[0]!, 'Bread maker');
    // The member on either side of the rows' key, interleaved in time.
    for (const [i, other] of others.entries()) await sent(other, me, listing, `Hello ${i}`);
    await sent(me, others[0]!, mine, 'About your bread maker');
    await sent(others[3]!, me, listing, 'Hello again 3');
    await expectSummariesExact();
    const expected = ['Hello again 3', 'About your bread maker', 'Hello 5', 'Hello 4', 'Hello 2', 'Hello 1', 'Hello 0'];
    const unpaged = await json<any[]>(await call('/api/conversations', { cookie: me.cookie }));
    expect(unpaged.map((c) => c.lastMessage)).toEqual(expected);
    expect(unpaged.find((c) => c.lastMessage === 'Hello again 3')).toMatchObject({
      unreadCount: 2,
      partner: { id: others[3]!.id },
    });
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 6; page++) {
      const rows = await json<any[]>(
        await call(`/api/conversations?limit=3${before ? `&before=${encodeURIComponent(before)}` : ''}`, {
          cookie: me.cookie,
        }),
      );
      if (rows.length === 0) break;
      seen.push(...rows.map((r) => r.lastMessage));
      const last = rows[rows.length - 1];
      before = `${last.lastMessageTime}_${last.lastMessageId}`;
    }
    expect(seen).toEqual(expected);
    // Reading two threads settles each one's count.
    for (const other of [others[3]!, others[4]!]) {
      expect((await call(`/api/conversations/${me.id}/${other.id}/${listing}`, { cookie: me.cookie })).status).toBe(
        200,
      );
    }
    await expectSummariesExact();
    const after = await json<any[]>(await call('/api/conversations', { cookie: me.cookie }));
    expect(after.filter((c) => c.unreadCount > 0).map((c) => c.lastMessage)).toEqual([
      'Hello 5',
      'Hello 2',
      'Hello 1',
      'Hello 0',
    ]);
  });

  it('answers 400 for a bad limit or cursor', async () => {
    const member = await signUp();
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1.5',
      'before=yesterday',
      'before=2026-01-01T00:00:00.000Z',
      'before=2026-01-01T00:00:00.000Z_-1',
    ]) {
      const response = await call(`/api/conversations?${query}`, { cookie: member.cookie });
      expect(response.status, query).toBe(400);
      expect((await json(response)).message).toMatch(/limit|before/);
    }
  });
});

describe('GET /api/conversations/{me}/{partner}/{listing} paging', () => {
  it('returns the newest `limit` messages oldest first, then the ones before a cursor, and marks read as before', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const lamp = await insertListing(owner, 'Brass desk lamp');
    for (let i = 0; i < 5; i++)
      await sent(i % 2 === 0 ? member : owner, i % 2 === 0 ? owner : member, lamp, `Line ${i}`);
    const path = `/api/conversations/${owner.id}/${member.id}/${lamp}`;
    const newest = await json<any[]>(await call(`${path}?limit=2`, { cookie: owner.cookie }));
    expect(newest.map((m) => m.content)).toEqual(['Line 3', 'Line 4']);
    const before = `${newest[0].createdAt}_${newest[0].id}`;
    const earlier = await json<any[]>(
      await call(`${path}?limit=2&before=${encodeURIComponent(before)}`, { cookie: owner.cookie }),
    );
    expect(earlier.map((m) => m.content)).toEqual(['Line 1', 'Line 2']);
    const all = await json<any[]>(await call(path, { cookie: owner.cookie }));
    expect(all.map((m) => m.content)).toEqual(['Line 0', 'Line 1', 'Line 2', 'Line 3', 'Line 4']);
    // The paged read marked everything the owner received read, as the full read does.
    expect(all.filter((m) => m.receiverId === owner.id).every((m) => m.read)).toBe(true);
    await expectSummariesExact();
    expect((await call(`${path}?limit=201`, { cookie: owner.cookie })).status).toBe(400);
    expect((await call(`${path}?before=soon`, { cookie: owner.cookie })).status).toBe(400);
  });
});

describe('counter rows', () => {
  it('stay exact through sign-up, listing status changes and deletes, barters, testimonials and account deletion', async () => {
    await expectCountersExact();
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const admin = await signUpAdmin();
    const listing = await createListing(owner, { title: 'Lawnmower, petrol' });
    await createListing(member, { title: 'Road bike, 54 cm' });
    await expectCountersExact();
    for (const status of ['pending', 'paused', 'completed', 'active', 'active']) {
      await env.DB.prepare('UPDATE listings SET status = ? WHERE id = ?').bind(status, listing.id).run();
      await expectCountersExact();
    }
    const barter = await env.DB.prepare(
      "INSERT INTO barters (listing_id, initiator_id, recipient_id, status) VALUES (?, ?, ?, 'pending') RETURNING id",
    )
      .bind(listing.id, member.id, owner.id)
      .first<{ id: number }>();
    await env.DB.prepare("UPDATE barters SET status = 'completed' WHERE id = ?").bind(barter!.id).run();
    await expectCountersExact();
    // Stories about the barter, one about none (never counted, decision 062).
    await env.DB.prepare(
      "INSERT INTO testimonials (user_id, title, content, rating, is_approved, is_public, barter_id) VALUES (?, 't', 'We swapped', 5, 0, 1, ?), (?, 'u', 'Again', 4, 1, 1, ?), (?, 'v', 'Unlinked', 4, 1, 1, NULL)",
    )
      .bind(member.id, barter!.id, member.id, barter!.id, member.id)
      .run();
    await expectCountersExact();
    await env.DB.prepare('UPDATE testimonials SET is_approved = 1 WHERE user_id = ?').bind(member.id).run();
    await env.DB.prepare('UPDATE testimonials SET is_public = 0 WHERE user_id = ? AND title = ?')
      .bind(member.id, 't')
      .run();
    await expectCountersExact();
    expect((await call(`/api/listings/${listing.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    await expectCountersExact();
    // The account's listings, barters and testimonials go by cascade.
    expect((await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200);
    await expectCountersExact();
    const activity = await json(await call('/api/analytics/activity'));
    const dashboard = await json(await call('/api/analytics/dashboard'));
    expect(activity.users).toBe((await json(await call('/api/users/count'))).count);
    expect(dashboard.totalUsers).toBe(activity.users);
    expect(dashboard.totalSkills).toBe((await json(await call('/api/skills/count'))).count);
    expect(dashboard.completedBarters).toBe((await json(await call('/api/barters/count'))).count);
    expect(activity.barters).toBe(dashboard.completedBarters);
  });
});

describe('sessions on public reads', () => {
  async function kvReads(path: string, cookie: string) {
    const counts = emptyCounts();
    const ctx = createExecutionContext();
    const response = await worker.fetch!(
      new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }) as any,
      meterEnv(env, counts),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    return counts.kvReads;
  }

  it('a signed-in read of a route that ignores the viewer costs no KV read; one that shows per-viewer data still loads the session', async () => {
    const member = await signUp();
    const listing = await insertListing(member, 'Brass desk lamp');
    for (const path of [
      '/api/users/count',
      '/api/skills/count',
      '/api/barters/count',
      '/api/analytics/activity',
      '/api/events',
      `/api/listings/${listing}/reviews`,
    ]) {
      expect(await kvReads(path, member.cookie), path).toBe(0);
    }
    // A listing's page says whether the member wants it (wantedByMe) and tells its owner how many do.
    for (const path of [
      `/api/users/${member.id}`,
      `/api/users/${member.id}/listings`,
      `/api/listings/${listing}`,
      '/api/conversations',
      '/api/auth/current-user',
    ]) {
      expect(await kvReads(path, member.cookie), path).toBe(1);
    }
    // The owner still sees their own private fields on their profile.
    expect(await json(await call(`/api/users/${member.id}`, { cookie: member.cookie }))).toHaveProperty('email');
  });
});
