// Migration 0044 (decision 053): conversations kept in the old model (one conversation_summaries
// row per member, from before migration 0030) become their one `conversations` row. A database is
// built at migration 0043 with conversations of both models, then 0044 is applied: every side keeps
// its counts, the bell its counts, and messages, offers and notifications are left as they were.
import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { conversationSummaries } from '@worker/db/queries/messages';
import { listNotifications } from '@worker/db/queries/notifications';
import { conversationKeyOf } from '@/shared/conversation-key';

const db = env.MIGRATION_TEST_DB;
const RETIRING = '0044_';
const before = env.TEST_MIGRATIONS.filter((m) => m.name < RETIRING);
const retiring = env.TEST_MIGRATIONS.filter((m) => m.name.startsWith(RETIRING));

const run = (sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .bind(...params)
    .run();
const all = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
  (
    await db
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;

let minute = 0;
/** A message as the app stored them before 0044 (the triggers of 0043 keep both models). */
async function message(from: number, to: number, listing: number, content: string, extra: { kind?: string } = {}) {
  const at = new Date(Date.parse('2026-01-01T00:00:00.000Z') + minute++ * 60_000).toISOString();
  await run(
    'INSERT INTO messages (sender_id, receiver_id, listing_id, content, kind, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
    from,
    to,
    listing,
    content,
    extra.kind ?? 'text',
    at,
  );
}

/**
 * An old-model conversation: its first sender's placeholder summary row before the first message,
 * so the 0043 triggers write summary rows, as on an instance upgraded with conversations under way.
 */
const beginOldModel = (from: number, to: number, listing: number) =>
  run(
    "INSERT INTO conversation_summaries (user_id, partner_id, listing_id, last_message_id, last_message, last_message_time) VALUES (?1, ?2, ?3, 0, '', '')",
    from,
    to,
    listing,
  );

const SIDES = 'SELECT * FROM conversation_sides ORDER BY user_id, listing_id, partner_id';
const COUNTS = `SELECT (SELECT count(*) FROM messages) AS messages, (SELECT count(*) FROM offers) AS offers,
  (SELECT group_concat(id || ':' || count || ':' || coalesce(base, '-') || ':' || coalesce(read_at, '-'), ',') FROM notifications) AS notifications`;

describe('migration 0044: the old conversation model retired', () => {
  it('moves every old conversation to its row, keeping each side, the bell, messages and offers', async () => {
    expect(before.length).toBeGreaterThan(40);
    expect(retiring).toHaveLength(1);
    await applyD1Migrations(db, before);

    for (const name of ['owner', 'asker', 'neighbour', 'newcomer'])
      await run(
        "INSERT INTO users (username, password, display_name, email) VALUES (?1, 'x', ?1, ?1 || '@example.com')",
        name,
      );
    const [owner, asker, neighbour, newcomer] = (await all<{ id: number }>('SELECT id FROM users ORDER BY id')).map(
      (u) => u.id,
    ) as [number, number, number, number];
    const listing = async (userId: number, title: string) =>
      (await db
        .prepare(
          "INSERT INTO listings (user_id, title, description, what_user_wants, location, distance) VALUES (?1, ?2, 'd', 'w', 'Town', 5) RETURNING id",
        )
        .bind(userId, title)
        .first<number>('id'))!;
    const lamp = await listing(owner, 'Brass lamp');
    const chair = await listing(neighbour, 'Oak chair');

    // Old model, the receiver the lower id (side a): unread texts, an offer's event line, a reply.
    await beginOldModel(asker, owner, lamp);
    await message(asker, owner, lamp, 'Is the lamp still there?');
    await run(
      "INSERT INTO notifications (user_id, kind, subject_key, text, link, count, base) VALUES (?1, 'message', ?2, 'New message', '/m', 1, 1)",
      owner,
      `message:${lamp}:${asker}`,
    );
    await message(asker, owner, lamp, 'I could come today.');
    await message(asker, owner, lamp, 'Offer made', { kind: 'event' });
    await run(
      'INSERT INTO offers (listing_id, conversation_key, from_user_id, to_user_id, text) VALUES (?1, ?2, ?3, ?4, ?5)',
      lamp,
      conversationKeyOf(lamp, owner, asker),
      asker,
      owner,
      'Two jars of honey',
    );
    await message(owner, asker, lamp, 'Yes, come by at six.');
    // A settled thread read's stamp and count (decision 049) on the owner's side.
    await run(
      "UPDATE conversation_summaries SET unread_settled_at = '2026-01-01T01:00:00.000Z', unread_settled_count = 5 WHERE user_id = ?1 AND listing_id = ?2",
      owner,
      lamp,
    );
    // Old model, the sender the lower id; and a conversation already in the current model.
    await beginOldModel(owner, neighbour, chair);
    await message(owner, neighbour, chair, 'Would you swap the chair?');
    await message(neighbour, owner, chair, 'For the lamp, maybe.');
    await message(newcomer, neighbour, chair, 'Is the chair oak throughout?');

    expect(await all('SELECT user_id FROM conversation_summaries')).toHaveLength(4);
    expect(await all('SELECT listing_id FROM conversations')).toHaveLength(1);
    const sidesBefore = await all(SIDES);
    expect(sidesBefore).toHaveLength(6);
    const countsBefore = await all(COUNTS);

    await applyD1Migrations(db, retiring);

    // Each side as it was, now every one of them on a conversation's row.
    expect(await all(SIDES)).toEqual(sidesBefore);
    expect(await all('SELECT listing_id, a_id, b_id FROM conversations ORDER BY listing_id, a_id')).toEqual([
      { listing_id: lamp, a_id: owner, b_id: asker },
      { listing_id: chair, a_id: owner, b_id: neighbour },
      { listing_id: chair, a_id: neighbour, b_id: newcomer },
    ]);
    expect(
      await all(
        'SELECT a_unread_count, b_unread_count, a_received_texts, b_received_texts, a_unread_settled_at, a_unread_settled_count FROM conversations WHERE listing_id = ?1',
        lamp,
      ),
    ).toEqual([
      {
        a_unread_count: 3,
        b_unread_count: 1,
        a_received_texts: 2,
        b_received_texts: 1,
        a_unread_settled_at: '2026-01-01T01:00:00.000Z',
        a_unread_settled_count: 5,
      },
    ]);
    expect(await all(COUNTS)).toEqual(countsBefore);
    // Nothing of the old model is left: its table, indexes, triggers and statements.
    expect(await all("SELECT type, name FROM sqlite_master WHERE sql LIKE '%conversation_summaries%'")).toEqual([]);

    // The app's readers find the old conversations: the list and the bell (1 stored, 1 since base).
    const app = createDb(db);
    const list = await conversationSummaries(app, owner, { limit: 10, withCursor: false });
    expect(list.map((c) => [c.listing.id, c.partner.id, c.unreadCount, c.lastMessage])).toEqual([
      [chair, neighbour, 1, 'For the lamp, maybe.'],
      [lamp, asker, 3, 'Yes, come by at six.'],
    ]);
    const bell = await listNotifications(app, owner);
    expect(bell.map((n) => [n.subjectKey, n.count])).toEqual([[`message:${lamp}:${asker}`, 2]]);

    // The triggers keep the moved rows: a message, a read, a deletion.
    await message(owner, asker, lamp, 'See you then.');
    await run('UPDATE messages SET read = 1 WHERE receiver_id = ?1 AND listing_id = ?2', owner, lamp);
    expect(
      await all(
        'SELECT last_message, a_unread_count, b_unread_count, b_received_texts FROM conversations WHERE listing_id = ?1',
        lamp,
      ),
    ).toEqual([{ last_message: 'See you then.', a_unread_count: 0, b_unread_count: 2, b_received_texts: 2 }]);
    await run('DELETE FROM messages WHERE listing_id = ?1 AND sender_id = ?2', chair, newcomer);
    expect(await all('SELECT a_id FROM conversations WHERE listing_id = ?1', chair)).toEqual([{ a_id: owner }]);
  });
});
