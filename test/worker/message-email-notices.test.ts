// Unread-message emails (every-15-minutes trigger): one email per conversation once its newest
// unread message is 10 minutes old, at most one an hour, never twice for the same last message.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FREQUENT_CRON } from '@worker/cron/index';
import { MAX_NOTICES, runMessageEmailNotices } from '@worker/cron/message-email-notices';
import { firstMessageIdSince } from '@worker/db/queries/message-notices';
import worker from '@worker/index';
import { recording, tableScans } from './job-query-plans';
import { call, insertListing, signUp, type Member } from './helpers';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

let tickCount = 0;
/** Scheduled times unique across the file (the ledger skips a second run for the same time). */
const at = (ms: number) => ms + ++tickCount;

async function tick(scheduledTime: number) {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ cron: FREQUENT_CRON, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const verify = (m: Member) => env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id = ?').bind(m.id).run();

async function send(from: Member, to: Member, listingId: number, content: string) {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
  expect(response.status).toBe(201);
}

async function pair(title = 'Sourdough starter') {
  const [owner, member] = await Promise.all([signUp(), signUp()]);
  await Promise.all([verify(owner), verify(member)]);
  const listingId = await insertListing(owner, title);
  return { owner, member, listingId };
}

const noticesTo = async (m: Member) =>
  (
    await env.DB.prepare(
      `SELECT subject, text_body AS text FROM email_outbox WHERE to_address = ? AND subject NOT LIKE 'Verify your email%' ORDER BY id`,
    )
      .bind(m.email)
      .all<{ subject: string; text: string }>()
  ).results;
const noticeRows = async (m: Member) =>
  (
    await env.DB.prepare(
      'SELECT listing_id, partner_id, last_sent_at, last_message_id FROM message_email_notices WHERE user_id = ?',
    )
      .bind(m.id)
      .all()
  ).results;

describe('unread-message emails', () => {
  it('emails once the newest unread message is 10 minutes old, once per last message, at most hourly', async () => {
    const { owner, member, listingId } = await pair();
    const start = Date.now();
    await send(member, owner, listingId, 'Hello! Is the starter still available?');
    const long = `Could I swap it for a jar of honey? ${'We keep bees on the allotment and have plenty this year. '.repeat(6)}`;
    await send(member, owner, listingId, long);

    await tick(at(start + 5 * MINUTE));
    expect(await noticesTo(owner)).toEqual([]);

    const first = at(start + 11 * MINUTE);
    await tick(first);
    const emails = await noticesTo(owner);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`New message from ${member.user.displayName} about "Sourdough starter"`);
    expect(emails[0]!.text).toContain(`${member.user.displayName} sent you 2 messages about "Sourdough starter"`);
    expect(emails[0]!.text).toContain('“Could I swap it for a jar of honey? We keep bees');
    expect(emails[0]!.text).toMatch(/…”/);
    expect(emails[0]!.text).toContain(
      `http://localhost:8787/messages/${listingId}-${Math.min(owner.id, member.id)}-${Math.max(owner.id, member.id)}`,
    );
    const [row] = await noticeRows(owner);
    expect(row).toMatchObject({ listing_id: listingId, partner_id: member.id, last_sent_at: iso(first) });
    expect(await noticesTo(member)).toEqual([]);

    // Reruns: for the same time, and right after at "now" as the local endpoint does.
    await tick(first);
    expect(await runMessageEmailNotices(env, first)).toBeNull();
    await tick(at(first + 1));
    await tick(at(first + 15 * MINUTE));
    expect(await noticesTo(owner)).toHaveLength(1);

    // A new message within the hour waits for the hour to pass.
    await send(member, owner, listingId, 'Or some eggs?');
    await tick(at(start + 30 * MINUTE));
    expect(await noticesTo(owner)).toHaveLength(1);
    await tick(at(first + 61 * MINUTE));
    const again = await noticesTo(owner);
    expect(again).toHaveLength(2);
    expect(again[1]!.text).toContain('sent you 3 messages');
    expect(again[1]!.text).toContain('“Or some eggs?”');
    const before = { emails: again, rows: await noticeRows(owner) };
    await tick(at(first + 75 * MINUTE));
    expect({ emails: await noticesTo(owner), rows: await noticeRows(owner) }).toEqual(before);
  });

  it('sends nothing once the conversation is read', async () => {
    const { owner, member, listingId } = await pair();
    const start = Date.now();
    await send(member, owner, listingId, 'Hi there, interested in a swap?');
    const read = await call(`/api/conversations/${owner.id}/${member.id}/${listingId}`, { cookie: owner.cookie });
    expect(read.status).toBe(200);
    await tick(at(start + 11 * MINUTE));
    expect(await noticesTo(owner)).toEqual([]);
    expect(await noticeRows(owner)).toEqual([]);
  });

  it('sends nothing to an unverified address or with email notifications off', async () => {
    const a = await pair();
    const b = await pair();
    await env.DB.prepare('UPDATE users SET email_verified = 0 WHERE id = ?').bind(a.owner.id).run();
    await env.DB.prepare('UPDATE users SET email_notifications = 0 WHERE id = ?').bind(b.owner.id).run();
    const start = Date.now();
    await send(a.member, a.owner, a.listingId, 'Hello, is this still available?');
    await send(b.member, b.owner, b.listingId, 'Hello, is this still available?');
    await tick(at(start + 11 * MINUTE));
    expect(await noticesTo(a.owner)).toEqual([]);
    expect(await noticesTo(b.owner)).toEqual([]);
  });

  it('one email per conversation: two partners writing about the same listing get one each', async () => {
    const { owner, member, listingId } = await pair('Bread maker');
    const second = await signUp();
    const start = Date.now();
    await send(member, owner, listingId, 'First partner here.');
    await send(second, owner, listingId, 'Second partner here.');
    await tick(at(start + 11 * MINUTE));
    const subjects = (await noticesTo(owner)).map((e) => e.subject).sort();
    expect(subjects).toEqual(
      [
        `New message from ${member.user.displayName} about "Bread maker"`,
        `New message from ${second.user.displayName} about "Bread maker"`,
      ].sort(),
    );
  });

  it('finds the first message of the window by its id', async () => {
    const { owner, member, listingId } = await pair();
    await send(member, owner, listingId, 'One');
    const { id: lastId, created_at } = (await env.DB.prepare(
      'SELECT id, created_at FROM messages ORDER BY id DESC LIMIT 1',
    ).first<{ id: number; created_at: string }>())!;
    const { id: firstId } = (await env.DB.prepare('SELECT min(id) AS id FROM messages').first<{ id: number }>())!;
    expect(await firstMessageIdSince(env.DB, created_at)).toBeLessThanOrEqual(lastId);
    expect(await firstMessageIdSince(env.DB, iso(Date.parse(created_at) + 1))).toBeNull();
    expect(await firstMessageIdSince(env.DB, '2000-01-01T00:00:00.000Z')).toBe(firstId);
    // Every id it returns starts exactly at the boundary.
    const rows = (
      await env.DB.prepare('SELECT id, created_at FROM messages ORDER BY id').all<{ id: number; created_at: string }>()
    ).results;
    const mid = rows[Math.floor(rows.length / 2)]!;
    const found = await firstMessageIdSince(env.DB, mid.created_at);
    expect(rows.find((r) => r.created_at >= mid.created_at)!.id).toBe(found);
  });

  it('reads through indexes only', async () => {
    const { owner, member, listingId } = await pair();
    await send(member, owner, listingId, 'Plan check');
    const statements = new Set<string>();
    const result = await runMessageEmailNotices(recording(statements), at(Date.now() + 11 * MINUTE));
    expect(result!.emails).toBeGreaterThanOrEqual(1);
    expect(statements.size).toBeGreaterThan(3);
    expect(await tableScans(statements)).toEqual([]);
    expect(await tableScans(new Set(['SELECT content FROM messages WHERE read = ?1']))).toHaveLength(1);
  });
  it('a run sends at most MAX_NOTICES, a page small enough for one invocation; the next runs send the rest (decision 049)', async () => {
    const owner = await signUp();
    await verify(owner);
    const members: Member[] = [];
    for (let i = 0; i < 5; i++) members.push(await signUp());
    const listings: number[] = [];
    for (let i = 0; i < 20; i++) listings.push(await insertListing(owner, `Seed packet ${i}`));
    // 100 conversations (20 listings × 5 members), each with one unread message 20 minutes old.
    const start = Date.now();
    const rows = members.flatMap((m) => listings.map((l) => [m.id, l]));
    await env.DB.prepare(
      `INSERT INTO messages (id, sender_id, receiver_id, listing_id, content, created_at)
       SELECT (SELECT coalesce(max(id), 0) FROM messages) + row_number() OVER (), json_extract(value, '$[0]'), ?2, json_extract(value, '$[1]'), 'Still there?', ?3
         FROM json_each(?1)`,
    )
      .bind(JSON.stringify(rows), owner.id, iso(start - 20 * MINUTE))
      .run();
    const recorded = async () => (await noticeRows(owner)).length;
    // 200 a run built 200 emails (and wrote about 850 rows) in one invocation: 7.9 ms of Worker CPU
    // on a loaded machine.
    expect(MAX_NOTICES).toBeLessThanOrEqual(60);
    const runs: number[] = [];
    for (let run = 0; run < 4 && (await recorded()) < 100; run++) {
      const before = await recorded();
      await runMessageEmailNotices(env, at(start + run * 15 * MINUTE));
      runs.push((await recorded()) - before);
    }
    expect(Math.max(...runs)).toBeLessThanOrEqual(MAX_NOTICES);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(100);
  });
});
