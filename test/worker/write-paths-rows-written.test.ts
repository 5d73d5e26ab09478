// Rows written by members' write requests (decision 029, "Members' write paths"): D1 counts every
// row and index entry a statement writes, triggers' writes included. These pin what each of these
// requests costs, read from D1's own meta.rows_written through the metering layer, in the steady
// state `npm run quota` measures (the listing's category and place already counted, the
// recipient of a barter taking emails). The figures before this pass are in the comments.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { METER_HEADER, type MeterCounts } from '@worker/lib/meter';
import worker from '@worker/index';
import { createListing, json, ORIGIN, randomIp, signUp, unique, validListing, type Member } from './helpers';

/** Calls the Worker with metering on; returns the status, the JSON body and the request's counts. */
async function metered(
  method: string,
  path: string,
  member: Member | null,
  body?: unknown,
): Promise<{ status: number; body: any; counts: MeterCounts }> {
  const headers: Record<string, string> = { Origin: ORIGIN, 'CF-Connecting-IP': randomIp() };
  if (member) headers.Cookie = member.cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await worker.fetch(request, { ...env, METER: '1' }, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as MeterCounts,
  };
}

const verified = async (...members: Member[]) => {
  for (const member of members)
    await env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id = ?').bind(member.id).run();
};

const summary = (userId: number, partnerId: number, listingId: number) =>
  env.DB.prepare(
    'SELECT unread_count FROM conversation_sides WHERE user_id = ?1 AND partner_id = ?2 AND listing_id = ?3',
  )
    .bind(userId, partnerId, listingId)
    .first<{ unread_count: number }>();

const unreadMessages = (receiverId: number, senderId: number, listingId: number) =>
  env.DB.prepare(
    'SELECT count(*) AS n FROM messages WHERE receiver_id = ?1 AND sender_id = ?2 AND listing_id = ?3 AND read = 0',
  )
    .bind(receiverId, senderId, listingId)
    .first<{ n: number }>()
    .then((row) => row!.n);

describe("rows written by members' write requests", () => {
  it('signing up: the member (row, sequence, four index entries, the users counter, the admin search) and the verification email', async () => {
    const username = unique('w');
    const response = await metered('POST', '/api/auth/register', null, {
      username,
      password: 'password123',
      email: `${username}@example.com`,
      displayName: 'Writer',
    });
    expect(response.status).toBe(201);
    // The email: row, sequence, queue entry, the pending-email counter, and its recipient's daily
    // count (decision 038: one row, the counter table is WITHOUT ROWID). Before: 15 (an entry in
    // the outbox's address index, and one in the admins' index for a member who is none).
    // Then 13; 14 with the recipient's daily count (decision 038); since decision 037, 21: the
    // session's row with its two index entries, the address's daily sign-up count, and the
    // KV-write budget's two counters (the address's share and the instance's day) for the
    // session's cached copy.
    expect(response.counts.d1RowsWritten).toBeLessThanOrEqual(21);
    // The admins' index is partial: the contact form still finds the admins through it.
    const admins = await env.DB.prepare(
      'SELECT count(*) AS n FROM users INDEXED BY users_is_admin_idx WHERE is_admin = 1',
    ).first<{ n: number }>();
    const all = await env.DB.prepare('SELECT count(*) AS n FROM users NOT INDEXED WHERE is_admin = 1').first<{
      n: number;
    }>();
    expect(admins!.n).toBe(all!.n);
  });

  it('a photo: its signed URL (the rate-limit hit and the upload row with its key and two entries), then attached by the listing', async () => {
    const member = await signUp();
    await createListing(member, { title: 'Walnut cutting board', categoriesOffered: ['home'] }); // the category and the place are counted once
    const signed = await metered('POST', '/api/objects/upload', member, {});
    expect(signed.status).toBe(200);
    // And the daily upload budget's hit (decision 040): 6.
    expect(signed.counts.d1RowsWritten).toBeLessThanOrEqual(6);
    const put = await exports.default.fetch(
      new Request(signed.body.uploadURL, {
        method: 'PUT',
        body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]),
        headers: { 'Content-Type': 'image/jpeg' },
      }),
    );
    expect(put.status).toBe(200);
    const claimed = await metered('PUT', '/api/listing-images', member, { imageURL: signed.body.uploadURL });
    expect(claimed.status).toBe(200);

    // The listing: its row, sequence and six index entries, the two search indexes, the open and
    // admin counters and the place, its category row (row, key, slug entry) and that category's
    // count and place, and the upload attached (its row and its (user, attached) entry; its entry
    // in the partial unattached index is deleted, which is not counted). Before: 22 (an entry in
    // the featured index for a listing that is not featured; the unattached entry moved). Since
    // decision 041, its category's two partial indexes of public listings (newest first, and per
    // cell) hold it too: 2 more, so a category's deepest page reads only that category's entries.
    const listing = await metered(
      'POST',
      '/api/listings',
      member,
      validListing({ title: 'Oak chopping block', categoriesOffered: ['home'], imageUrls: [claimed.body.objectPath] }),
    );
    expect(listing.status).toBe(201);
    // 20, the category's two partial-index entries (decision 041) and the member's new-listing
    // budget counted (decision 040): 23.
    expect(listing.counts.d1RowsWritten).toBeLessThanOrEqual(23);
    const upload = await env.DB.prepare('SELECT attached_at FROM uploads WHERE user_id = ?1')
      .bind(member.id)
      .first<{ attached_at: string | null }>();
    expect(upload!.attached_at).not.toBeNull();
    const unattached = await env.DB.prepare(
      'SELECT count(*) AS n FROM uploads INDEXED BY uploads_unattached_idx WHERE attached_at IS NULL AND user_id = ?1',
    )
      .bind(member.id)
      .first<{ n: number }>();
    expect(unattached!.n).toBe(0);
  });

  it("saving a search: the row and its (user, created) entry, and the budget's hit", async () => {
    const member = await signUp();
    const saved = await metered('POST', '/api/stored-searches', member, {
      userId: member.id,
      query: 'bread',
      category: null,
      notificationsEnabled: true,
    });
    expect(saved.status).toBe(201);
    // 3 with its sequence row, and the member's saved-search budget counted (decision 040): 4;
    // the sequence row gone under the id reserve (decision 049, "Second round"): 3.
    expect(saved.counts.d1RowsWritten).toBeLessThanOrEqual(3);
  });

  it('a thread read with two unread messages settles the summary once: 7 → 6 rows, and the counts stay exact', async () => {
    const owner = await signUp();
    const member = await signUp();
    const listingId = (await createListing(owner, { title: 'Garden bench' })).id;
    for (const content of ['Is the bench still there?', 'I could come on Sunday.']) {
      const sent = await metered('POST', '/api/messages', member, {
        senderId: member.id,
        receiverId: owner.id,
        listingId,
        content,
      });
      expect(sent.status).toBe(201);
    }
    expect((await summary(owner.id, member.id, listingId))!.unread_count).toBe(2);

    // The notification settled (its row, and its updated_at entry: the second message, which wrote
    // no notification row, is folded in here, decision 029 "Bell entries counted from the
    // summaries"), the summary's count set to 0 in one write, each message marked read (its row
    // and its messages_receiver_idx entry); the summary trigger finds nothing left to count out.
    // Before: 7 (the trigger rewrote the summary row once per message), then 6, with the second
    // send writing 2 rows more.
    const thread = await metered('GET', `/api/conversations/${owner.id}/${member.id}/${listingId}?limit=100`, owner);
    expect(thread.status).toBe(200);
    expect(thread.body.map((m: { read: boolean }) => m.read)).toEqual([true, true]);
    expect(thread.counts.d1RowsWritten).toBeLessThanOrEqual(7);
    expect((await summary(owner.id, member.id, listingId))!.unread_count).toBe(0);
    expect(await unreadMessages(owner.id, member.id, listingId)).toBe(0);

    // Nothing unread: the thread read writes nothing and walks no message.
    const again = await metered('GET', `/api/conversations/${owner.id}/${member.id}/${listingId}?limit=100`, owner);
    expect(again.counts.d1RowsWritten).toBe(0);

    // The per-message trigger still counts: a message made unread again counts in, and marking it
    // read outside a thread read (as the live conversation does) counts it out.
    const [last] = thread.body.slice(-1);
    await env.DB.prepare('UPDATE messages SET read = 0 WHERE id = ?1').bind(last.id).run();
    expect((await summary(owner.id, member.id, listingId))!.unread_count).toBe(1);
    await env.DB.prepare('UPDATE messages SET read = 1 WHERE id = ?1').bind(last.id).run();
    expect((await summary(owner.id, member.id, listingId))!.unread_count).toBe(0);
    // And never below 0: marking a read message read again changes nothing.
    await env.DB.prepare('UPDATE messages SET read = 1 WHERE id = ?1').bind(last.id).run();
    expect((await summary(owner.id, member.id, listingId))!.unread_count).toBe(0);

    // The conversation list shows the settled count.
    const list = await metered('GET', '/api/conversations?limit=30', owner);
    expect(list.body.find((c: { listing: { id: number } }) => c.listing.id === listingId).unreadCount).toBe(0);
  });

  it('a barter recorded, confirmed and reviewed', async () => {
    const owner = await signUp();
    const member = await signUp();
    await verified(owner, member);
    const listingId = (await createListing(owner, { title: 'Bike tune-up' })).id;
    const hello = await metered('POST', '/api/messages', member, {
      senderId: member.id,
      receiverId: owner.id,
      listingId,
      content: 'Could you look at my gears?',
    });
    expect(hello.status).toBe(201);

    // Recorded: the barter (row, sequence, four index entries), the owner's notification (row,
    // sequence, three index entries) and the confirmation email (row, sequence, queue entry, the
    // pending-email counter). Before: 16 (the outbox's address index).
    const recorded = await metered('POST', '/api/barters', member, {
      listingId,
      initiatorId: member.id,
      recipientId: owner.id,
      status: 'pending',
    });
    expect(recorded.status).toBe(201);
    // And the email's recipient count (decision 038) and the member's barter budget (decision 040): 16.
    expect(recorded.counts.d1RowsWritten).toBeLessThanOrEqual(16);
    const outbox = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_outbox WHERE to_address = ?1 AND subject NOT LIKE 'Verify your email%'",
    )
      .bind(owner.email)
      .first<{ n: number }>();
    expect(outbox!.n).toBe(1);

    // Confirmed: both members' completed counts, the barter (row, two index entries, the public
    // counter), the owner's entry settled, the member's new entry (5) and the conversation's line
    // (the message: row, sequence, four index entries; both summaries and their recency entries).
    const confirmed = await metered('PATCH', `/api/barters/${recorded.body.id}/complete`, owner);
    expect(confirmed.status).toBe(200);
    expect(confirmed.counts.d1RowsWritten).toBeLessThanOrEqual(22);

    // Reviewed: the review (row, sequence, four index entries), the reviewed member's entry (5),
    // their rating, and the line (10).
    const reviewed = await metered('POST', '/api/reviews', member, {
      reviewerId: member.id,
      userId: owner.id,
      listingId,
      barterId: recorded.body.id,
      rating: 5,
      comment: 'Quick and careful.',
    });
    expect(reviewed.status).toBe(201);
    expect(reviewed.counts.d1RowsWritten).toBeLessThanOrEqual(22);
  });

  it('the partial indexes keep serving their queries', async () => {
    const plan = async (sql: string, ...params: unknown[]) =>
      (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results
        .map((r) => r.detail)
        .join('\n');
    // The featured strip (featuredListings), the contact form's admins (adminEmails), the prune job's oldest unattached uploads.
    expect(
      await plan(
        `SELECT * FROM listings WHERE "listings"."is_featured" = 1 AND "listings"."status" = ?1 ORDER BY created_at DESC, id DESC LIMIT 6`,
        'active',
      ),
    ).toContain('SEARCH listings USING INDEX listings_featured_idx (status=?)');
    expect(await plan('SELECT email FROM users WHERE "users"."is_admin" = 1')).toContain('users_is_admin_idx');
    expect(
      await plan(
        'SELECT key FROM uploads WHERE attached_at IS NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2',
        'x',
        10,
      ),
    ).toContain('SEARCH uploads USING INDEX uploads_unattached_idx (created_at<?)');
    const featured = await json(
      await exports.default.fetch(
        new Request(`${ORIGIN}/api/listings/featured`, { headers: { 'CF-Connecting-IP': randomIp() } }),
      ),
    );
    expect(Array.isArray(featured)).toBe(true);
  });
});

describe("rows written by guests' forms (decision 038)", () => {
  it('a newsletter subscription writes its rate-limit rows and the one mail, no subscription row until confirmed', async () => {
    const email = `${unique('news')}@example.com`;
    const asked = await metered('POST', '/api/newsletter/subscribe', null, { email });
    expect(asked.status).toBe(200);
    // Three rate-limit rows (the IP's minute and day, the address's day) and the mail: its row,
    // sequence, queue entry, the pending-email counter and its recipient's daily count. Before: 12
    // (two rate-limit rows, the subscription with four index entries, the mail at reset priority).
    expect(asked.counts.d1RowsWritten).toBeLessThanOrEqual(8);
    expect(
      await env.DB.prepare('SELECT 1 FROM newsletter_subscriptions WHERE lower(email) = lower(?)').bind(email).first(),
    ).toBeNull();
  });

  // Before decision 038: 3 with no admin (no daily rule). Each admin adds the relay: row, sequence, queue entry, pending counter, recipient count.
  it('a contact message: its row, two rate-limit rows and a relay to each admin', async () => {
    const admins = (await env.DB.prepare('SELECT count(*) AS n FROM users WHERE is_admin = 1').first<{ n: number }>())!
      .n;
    const sent = await metered('POST', '/api/contact', null, {
      name: 'Jo Visitor',
      email: 'jo@example.com',
      subject: unique('Rows '),
      message: 'Could we host an event next month?',
    });
    expect(sent.status).toBe(201);
    expect(sent.counts.d1RowsWritten).toBeLessThanOrEqual(4 + 5 * admins);
  });
});
