// The bell socket's frames carry the unread count only (decision 050): the header needs the count
// for its badge, and the list is read (GET /api/notifications) when the member opens the panel. A
// socket's first frame and every push read at most the member's unread entries (capped at
// BELL_UNREAD_COUNT_CAP) through the partial unread index, whatever else the bell holds: measured
// with the meter on the member's MemberSockets object, as `npm run quota` counts its D1 use.
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BELL_UNREAD_COUNT_CAP } from '@worker/db/queries/notifications';
import { memberSocketsStub } from '@worker/durable-objects/member-sockets-client';
import { emptyCounts, meterEnv, type MeterCounts } from '@worker/lib/meter';
import type { MemberSockets } from '@worker/durable-objects/member-sockets';
import { crowdedListing } from './crowded-listing';
import { call, insertListing, json, ORIGIN, signUp, type Member } from './helpers';
import { openSocket, type TestSocket } from './ws-client';

const isBell = (frame: { type: string }) => frame.type === 'notifications';

/** The member's MemberSockets object reads D1 through the meter from now on; returns its counts. */
async function meterMemberSockets(member: Member): Promise<MeterCounts> {
  const counts = emptyCounts();
  await runInDurableObject(memberSocketsStub(env, member.id), (object: MemberSockets) => {
    (object as unknown as { env: Env }).env = meterEnv(env, counts);
  });
  return counts;
}

const openBell = async (member: Member): Promise<TestSocket> =>
  openSocket(
    await call('/api/notifications/ws', { cookie: member.cookie, headers: { Upgrade: 'websocket', Origin: ORIGIN } }),
  );

/** `read` read entries and `unread` unread ones, each on its own subject, as the bell's writers leave them. */
async function entries(member: Member, read: number, unread: number) {
  const kinds = Array.from({ length: read + unread }, (_, i) => i);
  await env.DB.prepare(
    `INSERT INTO notifications (user_id, kind, subject_key, text, link, read_at)
     SELECT ?1, 'review', 'review:' || value, 'Someone reviewed your exchange', '/profile', CASE WHEN value < ?2 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END FROM json_each(?3)`,
  )
    .bind(member.id, read, JSON.stringify(kinds))
    .run();
}

const close = (...sockets: TestSocket[]) => sockets.forEach((s) => s.closed() || s.socket.close(1000, 'done'));

describe('the bell socket’s frames (decision 050)', () => {
  it('the first frame carries the unread count only, reading the unread entries and nothing else', async () => {
    const member = await signUp();
    await entries(member, 45, 3);
    const counts = await meterMemberSockets(member);
    const socket = await openBell(member);
    const frame = await socket.next(isBell);
    // The three unread entries of the partial index, not the page of 30 and the recent conversations.
    expect(counts.d1RowsRead).toBeLessThanOrEqual(3 + 1);
    expect(counts.d1Queries).toBe(1);
    expect(frame).toEqual({ type: 'notifications', unreadCount: 3, unreadConversations: 0 });
    expect((await json(await call('/api/notifications', { cookie: member.cookie }))).unreadCount).toBe(3);
    close(socket);
  });

  it('a push after a change reads the unread entries only, and says the new count', async () => {
    const [owner, asker] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    await entries(owner, 45, 2);
    const socket = await openBell(owner);
    await socket.next(isBell);
    socket.frames.length = 0;
    const counts = await meterMemberSockets(owner);
    const sent = await call('/api/messages', {
      cookie: asker.cookie,
      body: { senderId: asker.id, receiverId: owner.id, listingId, content: 'Is it still there?' },
    });
    expect(sent.status).toBe(201);
    const frame = await socket.next(isBell);
    expect(counts.d1RowsRead).toBeLessThanOrEqual(3 + 1);
    expect(counts.d1Queries).toBe(1);
    // The message's conversation is the one unread conversation (decision 061); the reviews are not.
    expect(frame).toEqual({ type: 'notifications', unreadCount: 3, unreadConversations: 1 });
    close(socket);
  });

  it('a member who has read everything: the frame says 0 and reads no entry', async () => {
    const member = await signUp();
    await entries(member, 40, 0);
    const counts = await meterMemberSockets(member);
    const socket = await openBell(member);
    const frame = await socket.next(isBell);
    expect(counts.d1RowsRead).toBeLessThanOrEqual(1);
    expect(frame).toEqual({ type: 'notifications', unreadCount: 0, unreadConversations: 0 });
    close(socket);
  });

  it('a member with hundreds of unread entries: the count stops at the cap, and so do the rows read', async () => {
    const owner = await signUp();
    const listingId = await insertListing(owner);
    await crowdedListing(owner, listingId, 300);
    const counts = await meterMemberSockets(owner);
    const socket = await openBell(owner);
    const frame = await socket.next(isBell);
    expect(counts.d1RowsRead).toBeLessThanOrEqual(BELL_UNREAD_COUNT_CAP + 1);
    expect(frame).toEqual({
      type: 'notifications',
      unreadCount: BELL_UNREAD_COUNT_CAP,
      unreadConversations: BELL_UNREAD_COUNT_CAP,
    });
    close(socket);
  });
});
