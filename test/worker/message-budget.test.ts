// The members' message budget (30 lines a minute: "30 per member per minute",
// docs/api/messaging-barters-reviews.md), counted from the member's stored lines
// (worker/lib/message-budget.ts, decision 031): conversation messages, offers and trade-circle chat
// share it; a refused or malformed attempt writes nothing; a burst of concurrent sends cannot pass
// it; a send no longer writes a rate-limit row.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MESSAGE_BUDGET, MESSAGE_DAY_BUDGET } from '@worker/lib/message-budget';
import { meterEnv, emptyCounts, METER_HEADER, type MeterCounts } from '@worker/lib/meter';
import { type CircleLeg } from '@worker/lib/trade-circles/legs';
import { proposeCircle } from '@worker/services/trade-circles/propose';
import worker from '@worker/index';
import { call, createListing, insertListing, json, ORIGIN, randomIp, signUp, type Member } from './helpers';

const send = (from: Member, to: Member, listingId: number, content: string) =>
  call('/api/messages', { cookie: from.cookie, body: { senderId: from.id, receiverId: to.id, listingId, content } });

const scalar = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const linesBy = (member: Member) => scalar('SELECT count(*) AS n FROM messages WHERE sender_id = ?', member.id);

/** The Worker with metering on: the status and the request's D1 counts. */
async function metered(path: string, member: Member, body: unknown): Promise<{ status: number; counts: MeterCounts }> {
  const request = new Request(`${ORIGIN}${path}`, {
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

/** Backdates a member's lines so a test can fill the window without waiting (or empty it). */
const backdate = (member: Member, ms: number) =>
  env.DB.prepare(`UPDATE messages SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ?2) WHERE sender_id = ?1`)
    .bind(member.id, `-${ms / 1000} seconds`)
    .run();

describe('the message budget', () => {
  it('is 30 lines a minute, shared by messages, offers and circle chat, with Retry-After until the oldest leaves', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Budget lawnmower' });
    const other = await createListing(owner, { title: 'Budget garden shears' });
    for (let i = 0; i < MESSAGE_BUDGET.limit - 2; i++)
      expect((await send(member, owner, listing.id, `Line ${i}`)).status).toBe(201);
    // An offer is the 29th line (with its "offered" event line it is the 29th and 30th).
    const offered = await call('/api/offers', {
      cookie: member.cookie,
      body: { listingId: other.id, text: 'Two hours of gardening' },
    });
    expect(offered.status, await offered.clone().text()).toBe(201);
    expect(await linesBy(member)).toBe(MESSAGE_BUDGET.limit - 1);
    expect((await send(member, owner, listing.id, 'The 30th line')).status).toBe(201);

    // Every kind of line is now refused, with the contract's 429 and a Retry-After within the minute.
    const refused = await send(member, owner, listing.id, 'One too many');
    expect(refused.status).toBe(429);
    expect(await json(refused)).toEqual({
      message: 'Too many requests. Please try again later.',
      code: 'too_many_requests',
    });
    const retry = Number(refused.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    const offerRefused = await call('/api/offers', {
      cookie: member.cookie,
      body: { listingId: listing.id, text: 'Another offer' },
    });
    expect(offerRefused.status).toBe(429);
    // Over the budget, a malformed body is still answered 429 first, as the counter did.
    expect((await send(member, owner, listing.id, '')).status).toBe(429);
    expect(await linesBy(member)).toBe(MESSAGE_BUDGET.limit);

    // The oldest lines leave the window: 40 seconds back, Retry-After is at most 20 s; a minute back, sending works again.
    await backdate(member, 40_000);
    const later = Number((await send(member, owner, listing.id, 'Still too many')).headers.get('Retry-After'));
    expect(later).toBeGreaterThan(0);
    expect(later).toBeLessThanOrEqual(21);
    await backdate(member, 21_000);
    expect((await send(member, owner, listing.id, 'A new minute')).status).toBe(201);
    // The owner's own budget was never touched.
    expect((await send(owner, member, listing.id, 'Yes, it is.')).status).toBe(201);
  });

  it('counts trade-circle chat lines too', async () => {
    const members = await Promise.all([signUp(), signUp(), signUp()]);
    const listings = await Promise.all(
      members.map((m, i) => createListing(m, { title: `Budget circle item ${i + 1}` })),
    );
    const legs: CircleLeg[] = members.map((m, i) => ({
      giverId: m.id,
      listingId: listings[i].id,
      receiverId: members[(i + 1) % 3]!.id,
    }));
    for (let i = 0; i < 3; i++)
      await env.DB.prepare('INSERT OR IGNORE INTO wants (user_id, listing_id) VALUES (?, ?)')
        .bind(members[(i + 1) % 3]!.id, listings[i].id)
        .run();
    const circleId = await proposeCircle(env, legs);
    expect(circleId).toBeTypeOf('number');
    const [a, b] = members as [Member, Member, Member];
    const chat = (content: string) =>
      call(`/api/trade-circles/${circleId}/messages`, { cookie: a.cookie, body: { content } });
    for (let i = 0; i < 10; i++) expect((await chat(`Circle line ${i}`)).status).toBe(201);
    const theirListing = await insertListing(b);
    for (let i = 0; i < MESSAGE_BUDGET.limit - 10; i++)
      expect((await send(a, b, theirListing, `Line ${i}`)).status).toBe(201);
    expect((await chat('One too many')).status).toBe(429);
    expect((await send(a, b, theirListing, 'One too many')).status).toBe(429);
    expect(await scalar('SELECT count(*) AS n FROM trade_circle_messages WHERE sender_id = ?', a.id)).toBe(10);
  });

  it('holds under a burst of concurrent sends: exactly 30 are stored, the rest are 429 and wrote nothing', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const responses = await Promise.all(
      Array.from({ length: 45 }, (_, i) => send(member, owner, listingId, `Burst ${i}`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MESSAGE_BUDGET.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45 - MESSAGE_BUDGET.limit);
    expect(await linesBy(member)).toBe(MESSAGE_BUDGET.limit);
    // The owner's entry counts exactly the stored messages (no notification bump without its
    // message): as the bell shows it, its stored count plus what the summary row counted since its
    // base (decision 029, "Bell entries counted from the summaries").
    const bell = await json<{ notifications: { kind: string; count: number }[] }>(
      await call('/api/notifications', { cookie: owner.cookie }),
    );
    expect(bell.notifications.map((n) => [n.kind, n.count])).toEqual([['message', MESSAGE_BUDGET.limit]]);
  });

  it('writes no rate-limit row: a send writes one row less, and a refused or malformed one writes nothing', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const body = (content: string) => ({ senderId: member.id, receiverId: owner.id, listingId, content });
    // A new conversation: the message (5), two new summary rows (5 each), a new notification (5).
    const first = await metered('/api/messages', member, body('Is it still available?'));
    expect(first.status).toBe(201);
    expect(first.counts.d1RowsWritten).toBeLessThanOrEqual(20);
    // The next one: the message (5), both summaries with their recency entries (4), the bump (2).
    const second = await metered('/api/messages', member, body('I could pick it up on Saturday.'));
    expect(second.counts.d1RowsWritten).toBeLessThanOrEqual(11);
    const malformed = await metered('/api/messages', member, body(''));
    expect(malformed.status).toBe(400);
    expect(malformed.counts.d1RowsWritten).toBe(0);
    for (let i = 0; i < MESSAGE_BUDGET.limit - 2; i++) await send(member, owner, listingId, `Line ${i}`);
    const refused = await metered('/api/messages', member, body('One too many'));
    expect(refused.status).toBe(429);
    expect(refused.counts.d1RowsWritten).toBe(0);
    expect(await scalar("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'messagePerMember:%'")).toBe(0);
  });

  it('restarts a read conversation entry without a sequence row (12 rows, 13 before)', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const body = { senderId: member.id, receiverId: owner.id, listingId, content: 'First question' };
    expect((await metered('/api/messages', member, body)).status).toBe(201);
    // The owner reads the thread: the entry is settled (read).
    expect(
      (await call(`/api/conversations/${owner.id}/${member.id}/${listingId}?limit=100`, { cookie: owner.cookie }))
        .status,
    ).toBe(200);
    // The next message restarts it: the message (5), both summaries with their recency entries (4),
    // the entry's row, its updated_at entry and its new unread entry (3), no sequence row.
    const restart = await metered('/api/messages', member, { ...body, content: 'One more thing' });
    expect(restart.status).toBe(201);
    expect(restart.counts.d1RowsWritten).toBeLessThanOrEqual(12);
    const entry = await env.DB.prepare(
      'SELECT count, read_at FROM notifications WHERE user_id = ?1 AND subject_key = ?2',
    )
      .bind(owner.id, `message:${listingId}:${member.id}`)
      .first<{ count: number; read_at: string | null }>();
    expect(entry).toEqual({ count: 1, read_at: null });
  });

  it(`is ${MESSAGE_DAY_BUDGET.limit} lines a day too (decision 040): past it 429 with Retry-After until the oldest leaves the day, nothing stored`, async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    // The day's lines but one, written over the last hours (outside the minute).
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?4)
       INSERT INTO messages (sender_id, receiver_id, listing_id, content, created_at)
       SELECT ?1, ?2, ?3, 'earlier line ' || i, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i + 60) || ' minutes') FROM n`,
    )
      .bind(member.id, owner.id, listingId, MESSAGE_DAY_BUDGET.limit - 1)
      .run();
    expect((await send(member, owner, listingId, 'The last line of the day')).status).toBe(201);
    const refused = await send(member, owner, listingId, 'One too many today');
    expect(refused.status).toBe(429);
    // The oldest counted line is MESSAGE_DAY_BUDGET.limit - 1 + 60 minutes old: it leaves the day after the rest of 24 hours.
    const expected = 24 * 3600 - (MESSAGE_DAY_BUDGET.limit - 1 + 60) * 60;
    const retry = Number(refused.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(expected - 60);
    expect(retry).toBeLessThanOrEqual(expected + 1);
    const offer = await call('/api/offers', {
      cookie: member.cookie,
      body: { listingId, text: 'Two hours of gardening' },
    });
    expect(offer.status).toBe(429);
    expect(await linesBy(member)).toBe(MESSAGE_DAY_BUDGET.limit);
    // A day later the lines have left it.
    await backdate(member, 24 * 3600 * 1000);
    expect((await send(member, owner, listingId, 'A new day')).status).toBe(201);
  });

  it('reads only the window: the budget check reads at most the day of lines of each kind', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    // 200 older lines of the member's, out of the day.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
       INSERT INTO messages (sender_id, receiver_id, listing_id, content, created_at)
       SELECT ?1, ?2, ?3, 'old line ' || i, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-25 hours') FROM n`,
    )
      .bind(member.id, owner.id, listingId)
      .run();
    const counts = emptyCounts();
    const { checkMessageBudget } = await import('@worker/db/queries/message-budget');
    await checkMessageBudget(meterEnv(env, counts).DB, member.id);
    expect(counts.d1RowsRead).toBeLessThanOrEqual(5);
  });
});
