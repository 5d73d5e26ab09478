// Barter notifications and emails written by the barter routes, and the fields they fill on
// completion (image snapshot, cleanup schedule) and cancellation (deletion schedule).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, insertListing, json, signUp, type Member } from './helpers';

const DAY = 86_400_000;

async function message(from: Member, to: Member, listingId: number) {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content: 'Shall we trade?' },
  });
  expect(response.status).toBe(201);
}

const verify = (m: Member) => env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id = ?').bind(m.id).run();

/** An owner (verified email) and a member who wrote about the owner's listing. */
async function talking(title = 'Vintage road bike') {
  const [owner, member] = await Promise.all([signUp(), signUp()]);
  await Promise.all([verify(owner), verify(member)]);
  const listingId = await insertListing(owner, title);
  await message(member, owner, listingId);
  return { owner, member, listingId };
}

const record = (by: Member, recipient: Member, listingId: number) =>
  call('/api/barters', {
    cookie: by.cookie,
    body: { listingId, initiatorId: by.id, recipientId: recipient.id, status: 'pending' },
  });
const patch = (path: string, who: Member, body?: unknown) =>
  call(path, { method: 'PATCH', cookie: who.cookie, ...(body === undefined ? {} : { body }) });
const titleOf = async (listingId: number) =>
  (await env.DB.prepare('SELECT title FROM listings WHERE id = ?').bind(listingId).first<{ title: string }>())!.title;
/** The conversation's event lines about the listing, oldest first. */
const eventLinesOf = async (listingId: number) =>
  (
    await env.DB.prepare(
      `SELECT sender_id, receiver_id, content, event FROM messages WHERE listing_id = ? AND kind = 'event' ORDER BY id`,
    )
      .bind(listingId)
      .all<{ sender_id: number; receiver_id: number; content: string; event: string }>()
  ).results;

interface NotificationRow {
  kind: string;
  subject_key: string;
  text: string;
  link: string;
  count: number;
  read_at: string | null;
}

const notificationsOf = async (m: Member) =>
  (
    await env.DB.prepare(
      'SELECT kind, subject_key, text, link, count, read_at FROM notifications WHERE user_id = ? ORDER BY id',
    )
      .bind(m.id)
      .all<NotificationRow>()
  ).results;
/** Emails to the member other than the verification email sent at registration. */
const emailsTo = async (m: Member) =>
  (
    await env.DB.prepare(
      `SELECT subject, text_body AS text FROM email_outbox WHERE to_address = ? AND subject NOT LIKE 'Verify your email%' ORDER BY id`,
    )
      .bind(m.email)
      .all<{ subject: string; text: string }>()
  ).results;
// Message notifications come from the messages route; these tests look at barter entries only.
const barterNotificationsOf = async (m: Member) =>
  (await notificationsOf(m)).filter((n) => n.kind.startsWith('barter'));

describe('recording a barter', () => {
  it('notifies the recipient and emails them a confirmation request, once', async () => {
    const { owner, member, listingId } = await talking();
    const response = await record(member, owner, listingId);
    expect(response.status).toBe(201);
    const barter = await json(response);

    expect(await barterNotificationsOf(owner)).toEqual([
      {
        kind: 'barter_pending',
        subject_key: `barter:${barter.id}`,
        text: `${member.user.displayName} recorded a barter for "Vintage road bike" — confirm it`,
        link: `/messages/${listingId}-${Math.min(owner.id, member.id)}-${Math.max(owner.id, member.id)}`,
        count: 1,
        read_at: null,
      },
    ]);
    expect(await barterNotificationsOf(member)).toEqual([]);
    const emails = await emailsTo(owner);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`${member.user.displayName} recorded a barter with you — please confirm`);
    expect(emails[0]!.text).toContain('"Vintage road bike"');
    expect(emails[0]!.text).toContain(
      `http://localhost/messages/${listingId}-${Math.min(owner.id, member.id)}-${Math.max(owner.id, member.id)}`,
    );

    // Recording it again returns the existing barter and adds nothing.
    expect((await record(member, owner, listingId)).status).toBe(200);
    expect((await record(owner, member, listingId)).status).toBe(200);
    expect((await barterNotificationsOf(owner)).map((n) => n.count)).toEqual([1]);
    expect(await emailsTo(owner)).toHaveLength(1);
  });

  it('sends no email to an unverified recipient or one with email notifications off, but still notifies', async () => {
    const { owner, member, listingId } = await talking();
    await env.DB.prepare('UPDATE users SET email_verified = 0 WHERE id = ?').bind(owner.id).run();
    expect((await record(member, owner, listingId)).status).toBe(201);
    expect(await barterNotificationsOf(owner)).toHaveLength(1);

    const other = await talking();
    await env.DB.prepare('UPDATE users SET email_notifications = 0 WHERE id = ?').bind(other.owner.id).run();
    expect((await record(other.member, other.owner, other.listingId)).status).toBe(201);
    expect(await barterNotificationsOf(other.owner)).toHaveLength(1);

    for (const m of [owner, other.owner]) expect(await emailsTo(m)).toEqual([]);
  });
});

describe('confirming a barter', () => {
  it('notifies the initiator once, settles the recipient’s entry and snapshots the listing images', async () => {
    const { owner, member, listingId } = await talking('Oak bookshelf');
    const images = [`/objects/uploads/${crypto.randomUUID()}`, `/objects/uploads/${crypto.randomUUID()}`];
    await env.DB.prepare('UPDATE listings SET image_urls = ? WHERE id = ?')
      .bind(JSON.stringify(images), listingId)
      .run();
    const barter = await json(await record(member, owner, listingId));

    const [first, second] = await Promise.all([
      patch(`/api/barters/${barter.id}/complete`, owner),
      patch(`/api/barters/${barter.id}/complete`, owner),
    ]);
    expect([first!.status, second!.status]).toEqual([200, 200]);
    const completed = await json(first!);
    expect(completed.status).toBe('completed');
    expect(completed.originalImageUrls).toEqual(images);
    expect(completed.thumbnailUrls).toEqual(images);
    expect(Date.parse(completed.imageCleanupScheduledAt) - Date.parse(completed.completedAt)).toBe(90 * DAY);

    expect(await barterNotificationsOf(member)).toEqual([
      {
        kind: 'barter_confirmed',
        subject_key: `barter:${barter.id}`,
        text: `${owner.user.displayName} confirmed your barter for "Oak bookshelf" — you can now review each other`,
        link: `/messages/${listingId}-${Math.min(owner.id, member.id)}-${Math.max(owner.id, member.id)}`,
        count: 1,
        read_at: null,
      },
    ]);
    const [pending] = await barterNotificationsOf(owner);
    expect(pending).toMatchObject({ kind: 'barter_pending', read_at: expect.any(String) });

    // A repeated confirmation changes nothing.
    expect((await patch(`/api/barters/${barter.id}/complete`, owner)).status).toBe(200);
    expect((await barterNotificationsOf(member)).map((n) => n.count)).toEqual([1]);
  });

  it('a listing without images gives empty lists and still a cleanup schedule', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await json(await record(member, owner, listingId));
    const completed = await json(await patch(`/api/barters/${barter.id}/complete`, owner));
    expect(completed).toMatchObject({ status: 'completed', originalImageUrls: [], thumbnailUrls: [] });
    expect(completed.imageCleanupScheduledAt).not.toBeNull();
  });
});

describe('cancelling a barter', () => {
  it('schedules its deletion 30 days on and settles the pending entry', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await json(await record(member, owner, listingId));
    const before = Date.now();
    const response = await patch(`/api/barters/${barter.id}/cancel`, member);
    expect(response.status).toBe(200);
    const cancelled = await json(response);
    expect(cancelled.status).toBe('cancelled');
    const scheduled = Date.parse(cancelled.barterDeletionScheduledAt);
    expect(scheduled).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(scheduled).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    // The owner's "confirm it" entry now tells them it was cancelled (decision 060), unread once.
    const [entry] = await barterNotificationsOf(owner);
    expect(entry).toMatchObject({ read_at: null, count: 1 });
    expect(entry!.text).toMatch(/cancelled the barter for/);
    // Cancelling again changes nothing.
    expect((await json(await patch(`/api/barters/${barter.id}/cancel`, owner))).barterDeletionScheduledAt).toBe(
      cancelled.barterDeletionScheduledAt,
    );
    expect(await barterNotificationsOf(owner)).toEqual([entry]);
  });

  it('tells the other member the reason, in the conversation and the bell; the reason is checked', async () => {
    const { owner, member, listingId } = await talking();
    const barter = await json(await record(member, owner, listingId));
    const tooLong = await patch(`/api/barters/${barter.id}/cancel`, owner, { reason: 'x'.repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(await json(tooLong)).toMatchObject({ message: 'Reason must be at most 300 characters' });
    const response = await patch(`/api/barters/${barter.id}/cancel`, owner, { reason: '  The bike was sold  ' });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ status: 'cancelled', cancelReason: 'The bike was sold' });
    const [entry] = await barterNotificationsOf(member);
    expect(entry).toMatchObject({ read_at: null });
    expect(entry!.text).toBe(
      `${owner.user.displayName} cancelled the barter for "${await titleOf(listingId)}": The bike was sold`,
    );
    const lines = await eventLinesOf(listingId);
    expect(lines.at(-1)).toMatchObject({
      sender_id: owner.id,
      receiver_id: member.id,
      content: `${owner.user.displayName} cancelled the barter: “The bike was sold”`,
    });
  });
});
