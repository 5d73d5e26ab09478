// A listing with many conversations, as the bench's crowded listings are (decision 042): shared by
// the bell's and the deletion's cost tests.
import { env } from 'cloudflare:test';
import type { Member } from './helpers';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The owner's listing gets `conversations` conversations, each of two text messages from a member
 * made for it, with the owner's bell entry as the message path leaves it (unread, base at the
 * first message; the second counted from the conversation's row). Conversation i is i minutes
 * newer than conversation 0, which is a day old.
 */
export async function crowdedListing(owner: Member, listingId: number, conversations: number) {
  const start = Date.now() - 24 * 60 * 60_000;
  const stamp = `${owner.id}x${listingId}`;
  await env.DB.prepare(
    `INSERT INTO users (username, password, display_name, email, email_verified)
     SELECT 'crowd' || ?1 || 'n' || value, 'x', 'Crowd ' || value, 'crowd' || ?1 || 'n' || value || '@example.com', 1 FROM json_each(?2)`,
  )
    .bind(stamp, JSON.stringify(Array.from({ length: conversations }, (_, i) => i)))
    .run();
  const { results } = await env.DB.prepare(`SELECT id FROM users WHERE username LIKE 'crowd' || ?1 || 'n%' ORDER BY id`)
    .bind(stamp)
    .all<{ id: number }>();
  const enquirers = results.map((r) => r.id);
  const rows = enquirers.map((id, i) => [id, iso(start + i * 60_000)]);
  for (const [offset, content] of [
    [0, 'Hello, is this still available?'],
    [1_000, 'I could swap it for some fresh produce.'],
  ] as const) {
    await env.DB.prepare(
      `INSERT INTO messages (sender_id, receiver_id, listing_id, content, read, created_at)
       SELECT value ->> 0, ?1, ?2, ?3, 0, strftime('%Y-%m-%dT%H:%M:%fZ', value ->> 1, '+${offset / 1000} seconds') FROM json_each(?4)`,
    )
      .bind(owner.id, listingId, content, JSON.stringify(rows))
      .run();
    if (offset === 0) {
      await env.DB.prepare(
        `INSERT INTO notifications (user_id, kind, subject_key, text, link, count, created_at, updated_at, base)
         SELECT ?1, 'message', 'message:' || CAST(?2 AS INTEGER) || ':' || (value ->> 0), 'New message about your listing', '/messages', 1, value ->> 1, value ->> 1, 1 FROM json_each(?3)`,
      )
        .bind(owner.id, listingId, JSON.stringify(rows))
        .run();
    }
  }
  return enquirers;
}
