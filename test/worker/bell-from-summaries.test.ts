// Bell entries counted from the summaries (decision 029): a message to an unread conversation entry
// that shows the same line writes no notification row; the receiver's summary row counts it and the
// bell adds what it counted since the entry's base. These check the bell against a model of the
// behaviour before (one stored bump per event), through sequences of messages, thread reads,
// bell "mark read", restarts, offers and an entry from before the change, and pin the rows written.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { METER_HEADER, type MeterCounts } from '@worker/lib/meter';
import worker from '@worker/index';
import { keepIdReserves } from '@worker/db/id-reserve';
import { conversationPath } from '@/shared/conversation-key';
import { call, insertListing, json, ORIGIN, randomIp, signUp, type Member } from './helpers';

async function metered(
  method: 'GET' | 'POST',
  path: string,
  member: Member,
  body?: unknown,
): Promise<{ status: number; counts: MeterCounts; body: any }> {
  const headers: Record<string, string> = { Cookie: member.cookie, Origin: ORIGIN, 'CF-Connecting-IP': randomIp() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, { ...env, METER: '1' }, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return {
    status: response.status,
    counts: JSON.parse(response.headers.get(METER_HEADER) ?? 'null') as MeterCounts,
    body: text ? JSON.parse(text) : null,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 4));

interface Shown {
  link: string;
  kind: string;
  count: number;
  read: boolean;
}

/** The bell before this change: every event bumps its entry's stored count and time. */
class OldBell {
  private entries = new Map<string, Shown & { member: number; touched: number }>();
  private clock = 0;

  event(member: number, link: string, kind: string, n = 1) {
    const key = `${member} ${link}`;
    const entry = this.entries.get(key);
    if (!entry) this.entries.set(key, { member, link, kind, count: n, read: false, touched: ++this.clock });
    else Object.assign(entry, { kind, count: entry.read ? n : entry.count + n, read: false, touched: ++this.clock });
  }

  read(member: number, link?: string) {
    for (const entry of this.entries.values())
      if (entry.member === member && (link === undefined || entry.link === link)) entry.read = true;
  }

  view(member: number) {
    const mine = [...this.entries.values()].filter((e) => e.member === member).sort((a, b) => b.touched - a.touched);
    return {
      unreadCount: mine.filter((e) => !e.read).length,
      notifications: mine.slice(0, 30).map(({ link, kind, count, read }) => ({ link, kind, count, read })),
    };
  }
}

async function bell(member: Member) {
  const response = await call('/api/notifications', { cookie: member.cookie });
  expect(response.status).toBe(200);
  const body = await json<{ unreadCount: number; notifications: (Shown & { id: number; updatedAt: string })[] }>(
    response,
  );
  return body;
}

async function shown(member: Member) {
  const body = await bell(member);
  return {
    unreadCount: body.unreadCount,
    notifications: body.notifications.map(({ link, kind, count, read }) => ({ link, kind, count, read })),
  };
}

/** A world of members sending messages, with the old bell's model kept alongside. */
function world() {
  const model = new OldBell();
  const send = async (from: Member, to: Member, listingId: number, content = 'Hello') => {
    await tick();
    const response = await call('/api/messages', {
      cookie: from.cookie,
      body: { senderId: from.id, receiverId: to.id, listingId, content },
    });
    expect(response.status).toBe(201);
    model.event(to.id, conversationPath(listingId, from.id, to.id), 'message');
  };
  const readThread = async (reader: Member, partner: Member, listingId: number) => {
    await tick();
    const response = await call(`/api/conversations/${reader.id}/${partner.id}/${listingId}?limit=100`, {
      cookie: reader.cookie,
    });
    expect(response.status).toBe(200);
    model.read(reader.id, conversationPath(listingId, reader.id, partner.id));
  };
  const markRead = async (member: Member, links?: string[]) => {
    await tick();
    const ids = links
      ? (await bell(member)).notifications.filter((n) => links.includes(n.link)).map((n) => n.id)
      : undefined;
    const response = await call('/api/notifications/read', { cookie: member.cookie, body: ids ? { ids } : {} });
    expect(response.status).toBe(200);
    if (links) for (const link of links) model.read(member.id, link);
    else model.read(member.id);
  };
  const check = async (member: Member) => expect(await shown(member)).toEqual(model.view(member.id));
  return { model, send, readThread, markRead, check };
}

/** Every stored count of the member's entries equals the count the bell shows (after folds). */
async function storedCounts(member: Member) {
  const { results } = await env.DB.prepare('SELECT link, count FROM notifications WHERE user_id = ?1 ORDER BY link')
    .bind(member.id)
    .all<{ link: string; count: number }>();
  return results;
}

describe('bell entries counted from the summaries', () => {
  it('counts and orders as before through messages, thread reads, mark-read (by id and all) and restarts', async () => {
    const [owner, ann, ben] = await Promise.all([signUp(), signUp(), signUp()]);
    const [lamp, desk] = [await insertListing(owner, 'Brass lamp'), await insertListing(owner, 'Oak desk')];
    const w = world();
    const annLink = conversationPath(lamp, ann.id, owner.id);
    const benLink = conversationPath(desk, ben.id, owner.id);

    for (let i = 0; i < 3; i++) await w.send(ann, owner, lamp, `Lamp ${i}`);
    await w.check(owner);
    await w.send(ben, owner, desk);
    await w.send(ben, owner, desk);
    await w.check(owner);
    await w.send(ann, owner, lamp); // the lamp conversation moves back to the top
    await w.check(owner);

    await w.readThread(owner, ann, lamp);
    await w.check(owner);
    // The thread read folded the lamp entry: its stored count is the one shown. The desk entry,
    // unread, still counts its second message from the summary row.
    expect((await storedCounts(owner)).find((r) => r.link === annLink)!.count).toBe(4);
    expect((await storedCounts(owner)).find((r) => r.link === benLink)!.count).toBe(1);
    await w.send(ann, owner, lamp); // restarts the read entry
    await w.send(ann, owner, lamp);
    await w.check(owner);

    await w.markRead(owner, [benLink]);
    await w.check(owner);
    expect((await storedCounts(owner)).find((r) => r.link === benLink)!.count).toBe(2);
    await w.send(ben, owner, desk);
    await w.send(ann, owner, lamp);
    await w.send(ben, owner, desk);
    await w.check(owner);

    await w.markRead(owner);
    await w.check(owner);
    expect(await storedCounts(owner)).toEqual(
      (await shown(owner)).notifications
        .map(({ link, count }) => ({ link, count }))
        .sort((a, b) => a.link.localeCompare(b.link)),
    );

    // The owner's own messages never count on the owner's entries; they count on the member's.
    await w.send(owner, ann, lamp);
    await w.send(owner, ann, lamp);
    await w.check(owner);
    await w.check(ann);
    await w.send(ann, owner, lamp);
    await w.check(owner);
  });

  it('orders two interleaved conversations by their newest message, among other entries', async () => {
    const [owner, ann, ben] = await Promise.all([signUp(), signUp(), signUp()]);
    const [lamp, desk] = [await insertListing(owner, 'Brass lamp'), await insertListing(owner, 'Oak desk')];
    const w = world();
    await w.send(ann, owner, lamp);
    await w.send(ben, owner, desk);
    for (let i = 0; i < 4; i++) {
      await w.send(i % 2 === 0 ? ann : ben, owner, i % 2 === 0 ? lamp : desk);
      await w.check(owner);
      // An entry of another subject, touched in between (a saved search's run).
      await tick();
      await env.DB.prepare(
        `INSERT INTO notifications (user_id, kind, subject_key, text, link, count, updated_at) VALUES (?1, 'saved_search', 'search:1', 'New listings', '/search', 1, ?2)
         ON CONFLICT (user_id, subject_key) DO UPDATE SET count = CASE WHEN read_at IS NULL THEN count + 1 ELSE 1 END, read_at = NULL, updated_at = excluded.updated_at`,
      )
        .bind(owner.id, new Date().toISOString())
        .run();
      w.model.event(owner.id, '/search', 'saved_search');
      await w.check(owner);
    }
    await w.send(ben, owner, desk);
    await w.send(ben, owner, desk);
    await w.send(ann, owner, lamp);
    await w.check(owner);
    await w.readThread(owner, ben, desk);
    await w.check(owner);
  });

  it('an offer on the same conversation adds one, with or without a covering message, and a later message folds the line back', async () => {
    const [owner, ann] = await Promise.all([signUp(), signUp()]);
    const lamp = await insertListing(owner, 'Brass lamp');
    const w = world();
    const link = conversationPath(lamp, ann.id, owner.id);
    await w.send(ann, owner, lamp);
    await w.send(ann, owner, lamp);
    await tick();
    const made = await call('/api/offers', {
      cookie: ann.cookie,
      body: { listingId: lamp, text: 'A cake', message: 'Would you take a cake?' },
    });
    expect(made.status).toBe(201);
    w.model.event(owner.id, link, 'offer');
    await w.check(owner);
    await w.send(ann, owner, lamp); // the line goes back to "New message from …": a fold
    await w.send(ann, owner, lamp);
    await w.check(owner);
    await tick();
    const withdrawn = await call(`/api/offers/${(await json(made)).id}/withdraw`, { cookie: ann.cookie, body: {} });
    expect(withdrawn.status).toBe(200);
    w.model.event(owner.id, link, 'offer');
    await w.check(owner);
    await w.send(ann, owner, lamp);
    await w.check(owner);
    // An offer made to an entry already read restarts it at one, its covering message in it.
    await w.readThread(owner, ann, lamp);
    await tick();
    expect(
      (
        await call('/api/offers', {
          cookie: ann.cookie,
          body: { listingId: lamp, text: 'Two cakes', message: 'Or two?' },
        })
      ).status,
    ).toBe(201);
    w.model.event(owner.id, link, 'offer');
    await w.check(owner);
    await w.send(ann, owner, lamp);
    await w.check(owner);
  });

  it('an entry from before the change (no base) keeps its count and folds the old way once', async () => {
    const [owner, ann] = await Promise.all([signUp(), signUp()]);
    const lamp = await insertListing(owner, 'Brass lamp');
    const w = world();
    await w.send(ann, owner, lamp);
    await w.send(ann, owner, lamp);
    await w.send(ann, owner, lamp);
    // As the entry stood before this change: its count exact and stored, no base.
    await env.DB.prepare('UPDATE notifications SET count = 3, base = NULL WHERE user_id = ?1').bind(owner.id).run();
    await w.check(owner);
    await w.send(ann, owner, lamp);
    await w.check(owner);
    await w.send(ann, owner, lamp);
    await w.send(ann, owner, lamp);
    await w.check(owner);
    await w.readThread(owner, ann, lamp);
    await w.check(owner);
    expect(await storedCounts(owner)).toEqual([{ link: conversationPath(lamp, ann.id, owner.id), count: 6 }]);
  });

  it('a conversation row deleted with its listing leaves its unread entry counting what it showed', async () => {
    const [owner, ann] = await Promise.all([signUp(), signUp()]);
    const lamp = await insertListing(owner, 'Brass lamp');
    const w = world();
    for (let i = 0; i < 3; i++) await w.send(ann, owner, lamp);
    await w.check(owner);
    // The listing goes (its messages and conversation row with it); the entry stays, as before.
    await env.DB.prepare('DELETE FROM listings WHERE id = ?1').bind(lamp).run();
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM conversation_sides WHERE listing_id = ?1').bind(lamp).first('n'),
    ).toBe(0);
    await w.check(owner);
    expect(
      await env.DB.prepare('SELECT count, base FROM notifications WHERE user_id = ?1').bind(owner.id).first(),
    ).toEqual({ count: 3, base: null });
  });

  // A conversation's row (decision 032): the message (row and three index entries; no sequence
  // row under the id reserve) and the row with its two recency entries. No notification row.
  it('a bump writes the message and the conversation only: 7 rows (11 before decision 029, 9 before decision 032)', async () => {
    // Raw inserts in the tests above took ids past the reserve, as no insert of the app does.
    await keepIdReserves(env.DB);
    const [owner, ann] = await Promise.all([signUp(), signUp()]);
    const lamp = await insertListing(owner, 'Brass lamp');
    const body = (content: string) => ({ senderId: ann.id, receiverId: owner.id, listingId: lamp, content });
    const first = await metered('POST', '/api/messages', ann, body('Is it still there?'));
    expect(first.status).toBe(201);
    for (const content of ['I could come on Sunday.', 'Or Monday.', 'Either works.']) {
      const bump = await metered('POST', '/api/messages', ann, body(content));
      expect(bump.status).toBe(201);
      expect(bump.counts.d1RowsWritten).toBe(7);
    }
    const { notifications } = await bell(owner);
    expect(notifications.map((n) => [n.kind, n.count, n.read])).toEqual([['message', 4, false]]);
    const stored = await env.DB.prepare('SELECT count, base FROM notifications WHERE user_id = ?1')
      .bind(owner.id)
      .first<{ count: number; base: number }>();
    expect(stored).toEqual({ count: 1, base: 1 });
  });

  it('reads the bell of a member with many entries in under 1,000 rows, in the right order', async () => {
    const member = await signUp();
    const listingId = await insertListing(member, 'Brass lamp');
    const base = Date.parse('2030-01-01T00:00:00.000Z');
    const at = (minute: number) => new Date(base + minute * 60_000).toISOString();
    // 80 partners, each with one message to the member (minutes 0, 3, 6, …) and an unread entry
    // counting from before it (count 2, base 0: the message is its third).
    const { results: partners } = await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 80)
       INSERT INTO users (username, password, display_name, email) SELECT 'bell' || ?1 || '_' || i, 'x', 'Partner ' || i, 'bell' || ?1 || '_' || i || '@example.com' FROM n
       RETURNING id`,
    )
      .bind(member.id)
      .all<{ id: number }>();
    const partnerIds = partners.map((p) => p.id).sort((a, b) => a - b);
    await env.DB.batch(
      partnerIds.map((partnerId, i) =>
        env.DB.prepare(
          `INSERT INTO messages (sender_id, receiver_id, listing_id, content, created_at) VALUES (?1, ?2, ?3, 'Hi', ?4)`,
        ).bind(partnerId, member.id, listingId, at(i * 3)),
      ),
    );
    await env.DB.batch(
      partnerIds.map((partnerId, i) =>
        env.DB.prepare(
          `INSERT INTO notifications (user_id, kind, subject_key, text, link, count, updated_at, base) VALUES (?1, 'message', ?2, 'New message', ?3, 2, ?4, 0)`,
        ).bind(member.id, `message:${listingId}:${partnerId}`, `/c/${partnerId}`, at(i * 3 - 200)),
      ),
    );
    // 300 entries of saved searches, read, at minutes 239, 238, 236, 235, … (between the messages).
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 299)
       INSERT INTO notifications (user_id, kind, subject_key, text, link, count, read_at, updated_at)
       SELECT ?1, 'saved_search', 'search:' || i, 'New listings', '/s/' || i, 1, ?2,
              strftime('%Y-%m-%dT%H:%M:%fZ', ?3, printf('%+d minutes', 239 - (i + i / 2))) FROM n`,
    )
      .bind(member.id, at(0), at(0))
      .run();
    const expected = [
      ...partnerIds.map((id, i) => ({ link: `/c/${id}`, minute: i * 3, count: 3, read: false })),
      ...Array.from({ length: 300 }, (_, i) => ({
        link: `/s/${i}`,
        minute: 239 - (i + Math.floor(i / 2)),
        count: 1,
        read: true,
      })),
    ]
      .sort((a, b) => b.minute - a.minute)
      .slice(0, 30);
    const page = await metered('GET', '/api/notifications', member);
    expect(page.status).toBe(200);
    expect(page.body.unreadCount).toBe(80);
    expect(page.body.notifications.map((n: Shown) => ({ link: n.link, count: n.count, read: n.read }))).toEqual(
      expected.map(({ minute: _, ...rest }) => rest),
    );
    // A conversation entry's time is its newest message's (its stored one is 200 minutes older).
    expect(page.body.notifications.find((n: Shown) => n.link === `/c/${partnerIds[79]}`).updatedAt).toBe(at(79 * 3));
    expect(page.counts.d1RowsRead).toBeLessThanOrEqual(1_000);
  });
});
