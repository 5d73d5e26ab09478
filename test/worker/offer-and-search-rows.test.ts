// Rows written by an offer's steps and by a saved search (decision 049, "Second round"): D1 counts
// every row and index entry a statement writes, read here from D1's own meta.rows_written through
// the metering layer, as `npm run quota` counts them. And the one index of the offers that now
// serves both the conversation's offers and the listing's cascade and deletion steps.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ID_RESERVE } from '@worker/db/id-reserve';
import { offersOfConversation } from '@worker/db/queries/offers';
import { createDb } from '@worker/db/client';
import { conversationKeyOf } from '@/shared/conversation-key';
import { metered } from './blocks-helpers';
import { createListing, reserveLeft, signUp } from './helpers';

const plan = async (sql: string, params: unknown[]) =>
  (
    await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>()
  ).results
    .map((r) => r.detail)
    .join('\n');

describe("an offer's rows", () => {
  it('an offer in a new conversation writes 16 rows, and its conversation still lists it', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Cordless drill', acceptOffers: true });
    const made = await metered('POST', '/api/offers', member, {
      listingId: listing.id,
      givenListingIds: [],
      text: 'An afternoon of help in the garden',
    });
    expect(made.response.status).toBe(201);
    // The offer's row and four entries (one open offer, listing and conversation, from, to), its
    // line (row and three entries), the conversation's row with its two recency entries, the new
    // bell entry (row and three entries). Before: 17 (the conversation's offers and the listing's
    // offers were two indexes).
    expect(made.counts.d1RowsWritten).toBeLessThanOrEqual(16);
    const offer = (await made.response.json()) as { id: number };

    const key = conversationKeyOf(listing.id, owner.id, member.id);
    const info = await metered('GET', `/api/conversations/${key}`, owner);
    expect(info.response.status).toBe(200);
    expect(((await info.response.json()) as { offers: { id: number; status: string }[] }).offers).toMatchObject([
      { id: offer.id, status: 'open' },
    ]);

    // A step that changes the offer's status rewrites no entry of the listing's index any more
    // (its status was in it, read by no query): the offer's row and its from and to entries, its
    // line (row, four entries with its once-only key, the conversation row and two recency
    // entries), the member's new bell entry (row and three entries): 15. Before: 16.
    const declined = await metered('POST', `/api/offers/${offer.id}/decline`, owner);
    expect(declined.response.status).toBe(200);
    expect(declined.counts.d1RowsWritten).toBeLessThanOrEqual(15);
  });

  it("the conversation's offers, the listing's deletion steps and its cascade read the one index", async () => {
    const db = createDb(env.DB);
    const { sql, params } = (
      offersOfConversation(db, 7, '7-1-2') as unknown as { toSQL(): { sql: string; params: unknown[] } }
    ).toSQL();
    const conversation = await plan(sql, params);
    expect(conversation).toContain(
      'SEARCH offers USING INDEX offers_listing_conversation_idx (listing_id=? AND conversation_key=?)',
    );
    expect(conversation).not.toMatch(/TEMP B-TREE|SCAN offers/);
    for (const query of [
      'SELECT 1 FROM offers WHERE listing_id = ?1 LIMIT 100',
      'DELETE FROM offers WHERE listing_id = ?1',
    ]) {
      expect(await plan(query, [7]), query).toMatch(
        /SEARCH offers USING (COVERING )?INDEX offers_listing_conversation_idx \(listing_id=\?\)/,
      );
    }
  });
});

describe("a saved search's rows", () => {
  it('a saved search writes its row, its (user, created) entry and the budget hit: 3, under the id reserve', async () => {
    const member = await signUp();
    const before = await reserveLeft('stored_searches');
    expect(before).toBeGreaterThan(ID_RESERVE / 2);
    const saved = await metered('POST', '/api/stored-searches', member, {
      userId: member.id,
      query: 'bread',
      category: null,
      notificationsEnabled: true,
    });
    expect(saved.response.status).toBe(201);
    // Before: 4 (AUTOINCREMENT's id wrote the sqlite_sequence row on every save).
    expect(saved.counts.d1RowsWritten).toBeLessThanOrEqual(3);
    expect(await reserveLeft('stored_searches')).toBe(before - 1);
    const body = (await saved.response.json()) as { id: number; query: string };
    expect(body.query).toBe('bread');
    const listed = await metered('GET', `/api/users/${member.id}/stored-searches`, member);
    expect(((await listed.response.json()) as { id: number }[]).map((s) => s.id)).toEqual([body.id]);
  });
});
