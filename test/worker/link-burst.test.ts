// The link-burst guard (docs/api/moderation.md, "Automatic guards"): a member younger than a day who
// sends messages with links in a burst has them held for review (202) instead of delivered; one open
// guard report lists them in the queue; dismiss delivers them, any other action discards them; older
// members and messages without links take the ordinary send path with its D1 round trips unchanged.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { hasLink, LINK_BURST } from '@worker/db/queries/held-messages';
import { METER_HEADER, type MeterCounts } from '@worker/lib/meter';
import worker from '@worker/index';
import { call, createListing, json, ORIGIN, randomIp, signUp, signUpAdmin, type Member } from './helpers';

const HELD = { held: true, message: 'Your message will be delivered after a moderator reviews it' };
const scalar = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const send = (from: Member, to: Member, listingId: number, content: string) =>
  call('/api/messages', { cookie: from.cookie, body: { senderId: from.id, receiverId: to.id, listingId, content } });
const sentBy = (member: Member) =>
  scalar("SELECT count(*) AS n FROM messages WHERE sender_id = ? AND kind = 'text'", member.id);
const heldBy = (member: Member) => scalar('SELECT count(*) AS n FROM held_messages WHERE sender_id = ?', member.id);
const guardOf = (member: Member) =>
  env.DB.prepare(
    "SELECT id, reporter_id, target_user_id, reason, status, snapshot FROM reports WHERE guard = 'link_burst' AND target_id = ? ORDER BY id",
  )
    .bind(member.id)
    .all<any>();
/** Makes the member's account older than the guard watches. */
const age = (member: Member, ms: number) =>
  env.DB.prepare('UPDATE users SET created_at = ? WHERE id = ?')
    .bind(new Date(Date.now() - ms).toISOString(), member.id)
    .run();

/** The Worker with metering on: the status and the request's D1 counts. */
async function metered(member: Member, body: unknown): Promise<{ status: number; counts: MeterCounts }> {
  const request = new Request(`${ORIGIN}/api/messages`, {
    method: 'POST',
    headers: {
      Cookie: member.cookie,
      Origin: ORIGIN,
      'CF-Connecting-IP': randomIp(),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, METER: '1' }, ctx);
  await waitOnExecutionContext(ctx);
  await response.arrayBuffer();
  return { status: response.status, counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as MeterCounts };
}

describe('what counts as a link', () => {
  it('finds schemes, www. and host names with common endings, not ordinary words and numbers', () => {
    for (const text of [
      'see http://x.test',
      'HTTPS://Example.org/path',
      'www.prizes',
      'go to cheap-phones.shop now',
      'bit.ly/abc',
      'win.example.com/x',
    ]) {
      expect(hasLink(text), text).toBe(true);
    }
    for (const text of [
      'Is it still available?',
      'I can pay 3.50 for it',
      'e.g. on Saturday',
      'Mr.Smith said hi',
      'version 2.0 works',
    ]) {
      expect(hasLink(text), text).toBe(false);
    }
  });
});

describe('the link-burst guard', () => {
  it('holds the third message with a link within ten minutes from a day-old account, and every one after it while they wait', async () => {
    const [spammer, owner, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Guarded lamp' });
    const second = await createListing(other, { title: 'Guarded chair' });
    expect((await send(spammer, owner, listing.id, 'Great deals at http://deals.test')).status).toBe(201);
    expect((await send(spammer, owner, listing.id, 'Still there? www.deals.test')).status).toBe(201);
    // A message without a link is delivered as ever.
    expect((await send(spammer, owner, listing.id, 'Hello?')).status).toBe(201);
    const held = await send(spammer, other, second.id, 'Last chance: deals.shop');
    expect(held.status).toBe(202);
    expect(await json(held)).toEqual(HELD);
    expect(await sentBy(spammer)).toBe(3);
    expect(await heldBy(spammer)).toBe(1);
    // Neither member's conversation, list or bell shows it.
    expect(
      await json(await call(`/api/conversations/${other.id}/${spammer.id}/${second.id}`, { cookie: other.cookie })),
    ).toEqual([]);
    expect((await json(await call('/api/notifications', { cookie: other.cookie }))).notifications).toEqual([]);

    // One open guard report, listing the held messages; more held messages join it.
    expect((await send(spammer, owner, listing.id, 'And http://more.test')).status).toBe(202);
    const guard = await guardOf(spammer);
    expect(guard.results).toHaveLength(1);
    expect(guard.results[0]).toMatchObject({
      reporter_id: null,
      target_user_id: spammer.id,
      reason: 'spam',
      status: 'open',
    });
    expect(JSON.parse(guard.results[0].snapshot)).toEqual({
      label: spammer.user.displayName,
      imageUrl: null,
      link: `/profile/${spammer.username}`,
      text: `To ${other.user.displayName} about “Guarded chair”: Last chance: deals.shop\nTo ${owner.user.displayName} about “Guarded lamp”: And http://more.test`,
    });
    // While messages wait, even a first link after the window is held (without links, delivered).
    await env.DB.prepare(
      "UPDATE messages SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-1 hour') WHERE sender_id = ?",
    )
      .bind(spammer.id)
      .run();
    await env.DB.prepare(
      "UPDATE held_messages SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-1 hour') WHERE sender_id = ?",
    )
      .bind(spammer.id)
      .run();
    expect((await send(spammer, owner, listing.id, 'ok http://third.test')).status).toBe(202);
    expect((await send(spammer, owner, listing.id, 'Plain words')).status).toBe(201);
  });

  it('leaves older accounts, and links spread out over time, alone', async () => {
    const [old, owner, patient] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner);
    await age(old, LINK_BURST.accountAge + 60_000);
    for (let i = 0; i < 5; i++)
      expect((await send(old, owner, listing.id, `Link ${i}: http://site${i}.test`)).status).toBe(201);
    for (let i = 0; i < 4; i++) {
      expect((await send(patient, owner, listing.id, `Link ${i}: http://site${i}.test`)).status).toBe(201);
      // Each earlier one outside the ten minutes.
      await env.DB.prepare(
        "UPDATE messages SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-11 minutes') WHERE sender_id = ?",
      )
        .bind(patient.id)
        .run();
    }
    expect(await heldBy(old)).toBe(0);
    expect(await heldBy(patient)).toBe(0);
  });

  it('answers a held message’s hostile cases as a sent one would, and caps what waits', async () => {
    const [spammer, owner] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    for (let i = 0; i < 2; i++) expect((await send(spammer, owner, listing.id, `http://x${i}.test`)).status).toBe(201);
    const missing = await send(spammer, owner, 999_999_999, 'http://y.test');
    expect(missing.status).toBe(404);
    expect((await json(missing)).message).toBe('Listing not found');
    expect(
      (
        await json(
          await call('/api/messages', {
            cookie: spammer.cookie,
            body: { receiverId: 999_999_999, listingId: listing.id, content: 'http://y.test' },
          }),
        )
      ).message,
    ).toBe('User not found');
    const stranger = await signUp();
    const notTheirs = await send(spammer, stranger, listing.id, 'http://y.test');
    expect(notTheirs.status).toBe(400);
    expect((await json(notTheirs)).message).toBe('Messages about a listing are between its owner and another member');
    await env.DB.prepare('INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)').bind(owner.id, spammer.id).run();
    const blocked = await send(spammer, owner, listing.id, 'http://y.test');
    expect(blocked.status).toBe(403);
    expect((await json(blocked)).message).toBe('You cannot message this member');
    await env.DB.prepare('DELETE FROM blocks WHERE blocker_id = ?').bind(owner.id).run();
    expect(await heldBy(spammer)).toBe(0);
    for (let i = 0; i < LINK_BURST.maxHeld; i++)
      expect((await send(spammer, owner, listing.id, `http://z${i}.test`)).status).toBe(202);
    const full = await send(spammer, owner, listing.id, 'http://one-more.test');
    expect(full.status).toBe(429);
    expect(await json(full)).toEqual({
      message: 'Too many of your messages are waiting for review. Please try again later.',
      code: expect.any(String),
    });
    expect(full.headers.get('Retry-After')).toBe('3600');
    expect(await heldBy(spammer)).toBe(LINK_BURST.maxHeld);
  });

  it('dismiss delivers the held messages as ordinary ones, with the receivers’ bell entries; the report is resolved', async () => {
    const admin = await signUpAdmin();
    const [member, owner, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Released lamp' });
    const second = await createListing(other, { title: 'Released chair' });
    for (let i = 0; i < 2; i++) await send(member, owner, listing.id, `Photos at http://album${i}.test`);
    expect((await send(member, other, second.id, 'My portfolio: http://portfolio.test')).status).toBe(202);
    expect((await send(member, other, second.id, 'And http://more.test')).status).toBe(202);
    expect((await send(member, owner, listing.id, 'Last one www.album.test')).status).toBe(202);
    const guard = (await guardOf(member)).results[0];
    const response = await call(`/api/admin/reports/${guard.id}/resolve`, {
      cookie: admin.cookie,
      body: { action: 'dismiss', note: 'A photographer, not spam' },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await heldBy(member)).toBe(0);
    // The bell first (reading the thread marks it read).
    const entry = (await json(await call('/api/notifications', { cookie: other.cookie }))).notifications.find(
      (n: any) => n.kind === 'message',
    );
    expect(entry).toMatchObject({
      text: `New message from ${member.user.displayName} about "Released chair"`,
      count: 2,
      read: false,
    });
    const thread = await json<any[]>(
      await call(`/api/conversations/${other.id}/${member.id}/${second.id}`, { cookie: other.cookie }),
    );
    expect(thread.map((m) => m.content)).toEqual(['My portfolio: http://portfolio.test', 'And http://more.test']);
    expect(await sentBy(member)).toBe(5);
    expect(await scalar("SELECT status = 'resolved' AS n FROM reports WHERE id = ?", guard.id)).toBe(1);
    // A message with a link afterwards: the burst rule alone decides again (two in the window already: held).
    expect((await send(member, owner, listing.id, 'http://after.test')).status).toBe(202);
  });

  it('hide (or any other action) discards them, logged against the held messages', async () => {
    const admin = await signUpAdmin();
    const [member, owner] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    for (let i = 0; i < 3; i++) await send(member, owner, listing.id, `Buy followers http://f${i}.test`);
    expect(await heldBy(member)).toBe(1);
    const guard = (await guardOf(member)).results[0];
    expect(
      (
        await call(`/api/admin/reports/${guard.id}/resolve`, {
          cookie: admin.cookie,
          body: { action: 'hide', note: 'Spam' },
        })
      ).status,
    ).toBe(200);
    expect(await heldBy(member)).toBe(0);
    expect(await sentBy(member)).toBe(2);
    expect(
      await env.DB.prepare('SELECT action, target_type, target_id FROM moderation_actions WHERE report_id = ?')
        .bind(guard.id)
        .first(),
    ).toEqual({
      action: 'hide',
      target_type: 'held_messages',
      target_id: member.id,
    });
  });

  it('costs a day-old account’s ordinary messages, and everyone else’s, no D1 round trip more', async () => {
    const [young, old, owner] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner);
    await age(old, 2 * LINK_BURST.accountAge);
    const body = (member: Member, content: string) => ({
      senderId: member.id,
      receiverId: owner.id,
      listingId: listing.id,
      content,
    });
    // Warm each member's conversation, so every send below writes the same rows.
    await send(young, owner, listing.id, 'Hello');
    await send(old, owner, listing.id, 'Hello');
    const plain = await metered(old, body(old, 'Is it still available?'));
    const oldLink = await metered(old, body(old, 'Photos: http://photos.test'));
    const youngPlain = await metered(young, body(young, 'Is it still available?'));
    for (const run of [plain, oldLink, youngPlain]) expect(run.status).toBe(201);
    expect(oldLink.counts.d1Queries).toBe(plain.counts.d1Queries);
    expect(youngPlain.counts.d1Queries).toBe(plain.counts.d1Queries);
    // The session's user row and the send's one batch.
    expect(plain.counts.d1Queries).toBe(2);
    // A day-old account's link: one round trip for the burst check.
    const youngLink = await metered(young, body(young, 'Photos: http://photos.test'));
    expect(youngLink.status).toBe(201);
    expect(youngLink.counts.d1Queries).toBe(plain.counts.d1Queries + 1);
  });
});
