// Rows written (decision 029): D1's free plan allows 100,000 a day, and D1 counts every row and
// index entry a statement writes (triggers' writes included). These pin what the commonest writes
// cost, read from D1's own meta.rows_written through the metering layer, so a new index, trigger
// or statement on these paths shows up here before it shows up in `npm run quota`.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FREQUENT_CRON, runScheduled } from '@worker/cron/index';
import { emptyCounts, meterEnv, METER_HEADER, type MeterCounts } from '@worker/lib/meter';
import worker from '@worker/index';
import { insertListing, ORIGIN, randomIp, signUp, type Member } from './helpers';

/** Calls the Worker with metering on and returns the status and the request's counts. */
async function metered(path: string, member: Member, body?: unknown): Promise<{ status: number; counts: MeterCounts }> {
  const headers: Record<string, string> = { Cookie: member.cookie, Origin: ORIGIN, 'CF-Connecting-IP': randomIp() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const request = new Request(`${ORIGIN}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, METER: '1' }, ctx);
  await waitOnExecutionContext(ctx);
  await response.arrayBuffer();
  return { status: response.status, counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as MeterCounts };
}

const send = (from: Member, to: Member, listingId: number, content: string) =>
  metered('/api/messages', from, { senderId: from.id, receiverId: to.id, listingId, content });

describe('rows written', () => {
  it('sending a message: the message, both sides’ summaries, the notification and the rate limit', async () => {
    const owner = await signUp();
    const member = await signUp();
    const listingId = await insertListing(owner);

    // A new conversation: the message (row, three index entries; its id under the reserve writes
    // no sequence row), the conversation's row with its two recency entries, and a new
    // notification (row, three index entries). Before decision 029's second pass (no
    // unread-messages index): 22; before decision 032 (two summary rows, sequence rows): 20.
    const first = await send(member, owner, listingId, 'Is it still available?');
    expect(first.status).toBe(201);
    expect(first.counts.d1RowsWritten).toBeLessThanOrEqual(11);

    // The same conversation while the owner's entry is still unread: the message (4) and the
    // conversation's row with its two recency entries (3); the bell entry counts the message from
    // the row (decision 029). Before decision 029: 18; its first pass: 14; before decision 032: 9.
    const second = await send(member, owner, listingId, 'I could pick it up on Saturday.');
    expect(second.status).toBe(201);
    expect(second.counts.d1RowsWritten).toBeLessThanOrEqual(7);

    // The owner reads the thread: two messages marked read (row and receiver-index entry each), the
    // summary's count (once per message, by its trigger) and the notification settled (its row; the
    // partial unread index loses an entry, which is not counted). Then the owner answers: the
    // member has no entry for this conversation yet. Before the second pass: 8 and 16.
    const thread = await metered(`/api/conversations/${owner.id}/${member.id}/${listingId}?limit=100`, owner);
    expect(thread.status).toBe(200);
    expect(thread.counts.d1RowsWritten).toBeLessThanOrEqual(7);
    const reply = await send(owner, member, listingId, 'Yes, Saturday works.');
    expect(reply.status).toBe(201);
    expect(reply.counts.d1RowsWritten).toBeLessThanOrEqual(11);

    // A message to an entry already read restarts it (row, its moved updated_at entry, its new
    // unread entry) besides the message and the conversation's row (7). Before the second pass: 15.
    const third = await send(member, owner, listingId, 'See you then.');
    expect(third.status).toBe(201);
    expect(third.counts.d1RowsWritten).toBeLessThanOrEqual(10);

    // Opening the thread again with nothing unread writes nothing and reads no message twice: the
    // mark-read walk is keyed on the summary row, which counts no unread message.
    const again = await metered(`/api/conversations/${member.id}/${owner.id}/${listingId}?limit=100`, member);
    const settled = await metered(`/api/conversations/${member.id}/${owner.id}/${listingId}?limit=100`, member);
    expect(again.status).toBe(200);
    expect(again.counts.d1RowsWritten).toBeGreaterThan(0); // the owner's reply marked read
    expect(settled.counts.d1RowsWritten).toBe(0);

    // The notifications still read as before: one entry per conversation, counting unseen messages.
    const entry = await env.DB.prepare(
      'SELECT count, read_at FROM notifications WHERE user_id = ?1 AND subject_key = ?2',
    )
      .bind(owner.id, `message:${listingId}:${member.id}`)
      .first<{ count: number; read_at: string | null }>();
    expect(entry).toEqual({ count: 1, read_at: null });
  });

  it('an idle 15-minute cron run writes its jobs’ claims and a moved cursor only', async () => {
    const T = Date.now() + 700 * 24 * 3_600_000;
    await runScheduled(FREQUENT_CRON, T, env); // whatever earlier tests left is done here
    const counts = emptyCounts();
    await runScheduled(FREQUENT_CRON, T + 15 * 60_000, meterEnv(env, counts));
    // Three claims in the ledger (alerts, match digest, message notices), one row each, and the
    // trade-circle pass's window cursor (it moves each pass; the sweep cursor, unmoved, is not
    // rewritten). Before decision 029: 10.
    expect(counts.d1RowsWritten).toBeLessThanOrEqual(4);
  });
});
