// Rows written by an offer and by the messages around it, and rows read when a thread is opened
// (decision 049): D1 counts every row and index entry a statement writes, triggers' writes included, read here from D1's own
// meta.rows_written through the metering layer, as `npm run quota` counts them.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ID_RESERVE } from '@worker/db/id-reserve';
import { OFFER_STEPS_SQL } from '@worker/db/queries/offer-step-budget';
import { METER_HEADER, type MeterCounts } from '@worker/lib/meter';
import worker from '@worker/index';
import { createListing, ORIGIN, randomIp, reserveLeft, signUp, type Member } from './helpers';

async function metered(
  method: string,
  path: string,
  member: Member,
  body?: unknown,
): Promise<{ status: number; body: any; counts: MeterCounts }> {
  const headers: Record<string, string> = { Origin: ORIGIN, 'CF-Connecting-IP': randomIp(), Cookie: member.cookie };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    { ...env, METER: '1' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as MeterCounts,
  };
}

describe('rows written by an offer', () => {
  it('an offer in a new conversation: the offer, its line, the conversation row, the bell entry and the budget hit', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Cordless drill', acceptOffers: true });
    const made = await metered('POST', '/api/offers', member, {
      listingId: listing.id,
      givenListingIds: [],
      text: 'An afternoon of help in the garden',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // The offer's row and its four entries (one open offer, listing and conversation, from, to:
    // the replacement and barter keys are empty and their partial indexes hold no entry), its line
    // (row and three entries: sender, receiver, pair; a new offer's line needs no once-only key),
    // the conversation's row with its two recency entries, the new bell entry (row and three
    // entries): 16. The offer-step budget is counted from the member's offer lines, as the message
    // budget is, and writes nothing. Before decision 049: 23 (each id's sequence row, the two NULL
    // entries, the line's key and the budget's counter row); 17 before its second round (the
    // conversation's and the listing's offers were two indexes).
    expect(made.counts.d1RowsWritten).toBeLessThanOrEqual(16);
    const line = await env.DB.prepare(`SELECT event_key, event FROM messages WHERE listing_id = ?1 AND kind = 'event'`)
      .bind(listing.id)
      .first<{ event_key: string | null; event: string }>();
    expect(line).toEqual({
      event_key: null,
      event: JSON.stringify({ type: 'offer_made', offerId: made.body.id, barterId: null }),
    });
  });

  it("the offer-step budget reads the member's lines of the day through messages_sender_idx", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${OFFER_STEPS_SQL}`)
      .bind(1, '2026-01-01T00:00:00.000Z', 500, '["offer_made"]', 30)
      .all<{ detail: string }>();
    const plan = results.map((r) => r.detail).join('\n');
    expect(plan).toContain('SEARCH messages USING INDEX messages_sender_idx (sender_id=? AND created_at>?)');
    expect(plan).not.toMatch(/SCAN messages|TEMP B-TREE/);
  });

  it('an offer leaves the id reserves standing, so the messages after it write no sequence row', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Camping stove', acceptOffers: true });
    const other = await createListing(owner, { title: 'Folding table', acceptOffers: true });
    const before = await reserveLeft('messages');
    expect(before).toBeGreaterThan(ID_RESERVE / 2);
    const made = await metered('POST', '/api/offers', member, {
      listingId: listing.id,
      givenListingIds: [],
      text: 'Two jars of honey',
    });
    expect(made.status).toBe(201);
    // The offer's line took the next id under the reserve (before: AUTOINCREMENT's id above it,
    // which left every later message writing its sequence row until the nightly top-up).
    expect(await reserveLeft('messages')).toBe(before - 1);
    expect(await reserveLeft('offers')).toBeGreaterThan(ID_RESERVE / 2);

    // A conversation's first message, then a later one while the owner's entry is unread: 11 and 7
    // rows (test/worker/rows-written.test.ts), not one more each for the sequence.
    const send = (content: string) =>
      metered('POST', '/api/messages', member, {
        senderId: member.id,
        receiverId: owner.id,
        listingId: other.id,
        content,
      });
    const first = await send('Is the table still there?');
    expect(first.status).toBe(201);
    expect(first.counts.d1RowsWritten).toBeLessThanOrEqual(11);
    const second = await send('I could come on Sunday.');
    expect(second.counts.d1RowsWritten).toBeLessThanOrEqual(7);

    // A counter keeps them too: its offer and its line take reserved ids.
    const counterBefore = await reserveLeft('offers');
    const countered = await metered('POST', `/api/offers/${made.body.id}/counter`, owner, {
      givenListingIds: [],
      text: 'Three jars of honey',
    });
    expect(countered.status, JSON.stringify(countered.body)).toBe(201);
    expect(await reserveLeft('offers')).toBe(counterBefore - 1);
    expect(await reserveLeft('messages')).toBe(before - 4);
  });
});

describe('opening a conversation with unread messages', () => {
  it('marks them read walking only the newest messages of the direction', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = (await createListing(owner, { title: 'Pressure washer' })).id;
    // A long thread the owner has read: 60 of the member's messages (stored as the message path
    // stores them, read), then one unread sent through the API.
    for (let i = 0; i < 60; i++) {
      await env.DB.prepare(
        `INSERT INTO messages (id, sender_id, receiver_id, listing_id, content, read, created_at)
         VALUES ((SELECT coalesce(max(id), 0) + 1 FROM messages), ?1, ?2, ?3, ?4, 1, ?5)`,
      )
        .bind(
          member.id,
          owner.id,
          listingId,
          `Earlier message ${i}`,
          new Date(Date.now() - (60 - i) * 60_000).toISOString(),
        )
        .run();
    }
    const sent = await metered('POST', '/api/messages', member, {
      senderId: member.id,
      receiverId: owner.id,
      listingId,
      content: 'Still available?',
    });
    expect(sent.status).toBe(201);
    const opened = await metered('GET', `/api/conversations/${owner.id}/${member.id}/${listingId}?limit=10`, owner);
    expect(opened.status).toBe(200);
    expect(opened.body.at(-1)).toMatchObject({ content: 'Still available?', read: true });
    // The walk stops at the unread count the settle took (the newest messages first): the page's 10
    // rows and a few key lookups. Before decision 049 the walk read the direction's whole range (61).
    expect(opened.counts.d1RowsRead).toBeLessThanOrEqual(25);
    const unread = await env.DB.prepare(
      'SELECT count(*) AS n FROM messages WHERE receiver_id = ?1 AND listing_id = ?2 AND read = 0',
    )
      .bind(owner.id, listingId)
      .first<{ n: number }>();
    expect(unread!.n).toBe(0);
    const side = await env.DB.prepare(
      'SELECT unread_count FROM conversation_sides WHERE user_id = ?1 AND partner_id = ?2 AND listing_id = ?3',
    )
      .bind(owner.id, member.id, listingId)
      .first<{ unread_count: number }>();
    expect(side!.unread_count).toBe(0);
  });
});
