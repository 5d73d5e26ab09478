// A member's side of a conversation: one half of the conversation's row (conversations, `a` the
// member with the lower id; decisions 032, 053). The lookups below address the row by its key: a
// key search, and no row read when there is none.
import { sql, type SQL } from 'drizzle-orm';

export type Side = 'a' | 'b';

/** The member's half of a conversation's row. */
export const sideOf = (userId: number, partnerId: number): Side => (userId < partnerId ? 'a' : 'b');

/** The conversation's row key: listing, lower member id, higher member id. */
export const conversationKey = (listingId: number, userId: number, partnerId: number) => ({
  listingId,
  aId: Math.min(userId, partnerId),
  bId: Math.max(userId, partnerId),
});

/** Columns each side has (`a_`/`b_` prefixed on a conversation's row). */
export type SideColumn =
  'unread_count' | 'unread_settled_at' | 'unread_settled_count' | 'received_texts' | 'last_text_received_at';

/**
 * One column of a member's side, as an SQL expression of SQL operands (numbers or column
 * references), for statements whose member and conversation are only known in SQL.
 */
export function sideColumnSql(column: SideColumn, user: string, listing: string, partner: string): string {
  return `(SELECT CASE WHEN a_id = ${user} THEN a_${column} ELSE b_${column} END FROM conversations
      WHERE listing_id = ${listing} AND a_id = min(${user}, ${partner}) AND b_id = max(${user}, ${partner}))`;
}

/** A conversation subject key's ('message:<listing>:<partner>') listing and partner, parsed in SQL. */
export const listingOfKeySql = (key: string) => `CAST(substr(${key}, 9, instr(substr(${key}, 9), ':') - 1) AS INTEGER)`;
export const partnerOfKeySql = (key: string) => `CAST(substr(${key}, 9 + instr(substr(${key}, 9), ':')) AS INTEGER)`;

/**
 * The conversation's listing id when the member's side passes `test` (SQL after the column, e.g.
 * `> 0`), else NULL: the key of a walk over the conversation's messages that should read nothing
 * when there is nothing to do (messages.ts, markReadWalk).
 */
export function listingIdWhenSide(
  userId: number,
  listingId: number,
  partnerId: number,
  column: SideColumn,
  test: SQL,
): SQL {
  return sideValueWhen(userId, listingId, partnerId, 'listing_id', column, test);
}

/**
 * A column of the member's side (or the conversation's listing id) when the side passes `test`
 * on `column`, else NULL: what a walk over the conversation's messages needs besides its key
 * (messages.ts, markReadWalk: how many unread messages it stops after).
 */
export function sideValueWhen(
  userId: number,
  listingId: number,
  partnerId: number,
  value: SideColumn | 'listing_id',
  column: SideColumn,
  test: SQL,
): SQL {
  const key = conversationKey(listingId, userId, partnerId);
  const side = sideOf(userId, partnerId);
  const own = sql.raw(`${side}_${column}`);
  const ownValue = sql.raw(value === 'listing_id' ? value : `${side}_${value}`);
  return sql`(SELECT ${ownValue} FROM conversations
      WHERE listing_id = ${key.listingId} AND a_id = ${key.aId} AND b_id = ${key.bId} AND ${own} ${test})`;
}

/**
 * The newest message id of the conversation between two members about a listing, 0 when there is
 * none: its last_message_id, from the conversation's row (decision 032), so one key lookup however
 * long the thread. A message stored after
 * this read has a higher id (ids only grow, one insert at a time); one deleted since may leave it
 * lower than the newest, which only sends a frame the client already has.
 */
export async function newestMessageId(
  db: D1Database,
  listingId: number,
  userId: number,
  partnerId: number,
): Promise<number> {
  const row = await db
    .prepare(
      `SELECT coalesce(
         (SELECT last_message_id FROM conversations WHERE listing_id = ?2 AND a_id = min(?1, ?3) AND b_id = max(?1, ?3)),
         0) AS id`,
    )
    .bind(userId, listingId, partnerId)
    .first<{ id: number }>();
  return Number(row?.id ?? 0);
}
