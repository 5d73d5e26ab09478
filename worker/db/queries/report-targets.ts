// What a report is about (docs/api/moderation.md, "Reports"): a listing, a member, a message, an
// offer or a trade-circle chat line. One SQL expression per kind gives the target as a
// TargetSnapshot (JSON text): stored with a report when it is filed (what was reported, kept if the
// target changes or goes), and read again for the queue (what it shows now; admins see a hidden
// message's real text there). The same expressions serve both, so the two never disagree on shape.
import { listingGone } from './listing-deletion';
import { sql, type SQL } from 'drizzle-orm';
import type { ReportTargetType } from '@/shared/contract/moderation';

/**
 * A listing's or member's link in the app (the SPA's addresses: /listing/{id},
 * /profile/{username}).
 */
const listingLink = (id: SQL) => sql`'/listing/' || ${id}`;

/** An offer's terms as its conversation line writes them: “Title” + “Title” + free text. */
const offerTermsSql = (offer: string) =>
  sql.raw(`trim(coalesce((SELECT group_concat('“' || gl.title || '”', ' + ') FROM offer_items oi JOIN listings gl ON gl.id = oi.listing_id WHERE oi.offer_id = ${offer}.id), '')
    || CASE WHEN ${offer}.text IS NOT NULL AND EXISTS (SELECT 1 FROM offer_items oi WHERE oi.offer_id = ${offer}.id) THEN ' + ' ELSE '' END
    || coalesce(${offer}.text, ''))`);

/**
 * The target's snapshot as JSON text, or NULL when it no longer exists. `id` is an SQL operand (a
 * bound id, or a column of the row the expression is evaluated for). Each kind reads its row by
 * primary key.
 */
export function snapshotSql(type: ReportTargetType, id: SQL): SQL {
  switch (type) {
    case 'listing':
      return sql`(SELECT json_object('label', t.title, 'text', t.description, 'imageUrl', json_extract(t.image_urls, '$[0]'), 'link', ${listingLink(sql`t.id`)})
                    FROM listings t WHERE t.id = ${id})`;
    case 'user':
      return sql`(SELECT json_object('label', t.display_name, 'text', coalesce(t.bio, ''), 'imageUrl', t.avatar_url, 'link', '/profile/' || t.username)
                    FROM users t WHERE t.id = ${id})`;
    case 'message':
      return sql`(SELECT json_object('label', 'Message about “' || coalesce((SELECT title FROM listings WHERE id = t.listing_id), 'a listing') || '”',
                                     'text', t.content, 'imageUrl', NULL, 'link', ${listingLink(sql`t.listing_id`)})
                    FROM messages t WHERE t.id = ${id})`;
    case 'offer':
      return sql`(SELECT json_object('label', 'Offer on “' || coalesce((SELECT title FROM listings WHERE id = t.listing_id), 'a listing') || '”',
                                     'text', ${offerTermsSql('t')}, 'imageUrl', NULL, 'link', ${listingLink(sql`t.listing_id`)})
                    FROM offers t WHERE t.id = ${id})`;
    case 'circle_message':
      return sql`(SELECT json_object('label', 'Trade circle chat line', 'text', t.content, 'imageUrl', NULL, 'link', '/trade-circles/' || t.circle_id)
                    FROM trade_circle_messages t WHERE t.id = ${id})`;
  }
}

/** The same for a row whose kind is only known in SQL (`type` and `id` are columns). */
export function anySnapshotSql(type: SQL, id: SQL): SQL {
  const kinds = (['listing', 'user', 'message', 'offer', 'circle_message'] as const).map(
    (kind) => sql`WHEN ${sql.raw(`'${kind}'`)} THEN ${snapshotSql(kind, id)}`,
  );
  return sql`(CASE ${type} ${sql.join(kinds, sql` `)} END)`;
}

/** Whether a listing, message or circle line is hidden now (members are never "hidden"). */
export function hiddenSql(type: SQL, id: SQL): SQL {
  return sql`(CASE ${type}
    WHEN 'listing' THEN coalesce((SELECT status = 'hidden' FROM listings WHERE id = ${id}), 0)
    WHEN 'message' THEN coalesce((SELECT hidden_at IS NOT NULL FROM messages WHERE id = ${id}), 0)
    WHEN 'circle_message' THEN coalesce((SELECT hidden_at IS NOT NULL FROM trade_circle_messages WHERE id = ${id}), 0)
    ELSE 0 END)`;
}

/**
 * The facts the report rules need about one target, read by primary key: who is responsible for it
 * (`owner`: the listing's owner, the member, the sender, the member who made the offer), who may
 * see it (`party`: a message's receiver, the offer's other member; `members`: a circle's legs key,
 * naming every member), whether it is hidden, and its snapshot. No row when it does not exist.
 */
export function targetFactsSql(type: ReportTargetType, id: number): SQL {
  const snapshot = snapshotSql(type, sql`${id}`);
  switch (type) {
    case 'listing':
      // A listing being deleted is no longer there to report (decision 042).
      return sql`SELECT user_id AS owner, NULL AS party, NULL AS members, status = 'hidden' AS hidden, ${snapshot} AS snapshot FROM listings WHERE id = ${id} AND NOT ${listingGone('listings')}`;
    case 'user':
      return sql`SELECT id AS owner, NULL AS party, NULL AS members, 0 AS hidden, ${snapshot} AS snapshot FROM users WHERE id = ${id}`;
    case 'message':
      return sql`SELECT sender_id AS owner, receiver_id AS party, NULL AS members, hidden_at IS NOT NULL AS hidden, ${snapshot} AS snapshot FROM messages WHERE id = ${id}`;
    case 'offer':
      return sql`SELECT from_user_id AS owner, to_user_id AS party, NULL AS members, 0 AS hidden, ${snapshot} AS snapshot FROM offers WHERE id = ${id}`;
    case 'circle_message':
      return sql`SELECT m.sender_id AS owner, NULL AS party, c.legs_key AS members, m.hidden_at IS NOT NULL AS hidden, ${snapshot} AS snapshot
                   FROM trade_circle_messages m JOIN trade_circles c ON c.id = m.circle_id WHERE m.id = ${id}`;
  }
}

export interface TargetFacts {
  owner: number;
  party: number | null;
  members: string | null;
  hidden: number;
  snapshot: string;
}
