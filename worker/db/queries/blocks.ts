// Blocks (docs/api/blocks.md, decision 035). A block separates two members both ways, so every
// check asks "is there a block either way": two primary-key lookups (blocks' key serves
// blocker → blocked, blocks_blocked_idx the other direction). The checks ride inside the statements
// the routes already run (a condition on a read or a write, a flag beside a lookup), so a block
// costs no round trip and no statement to a request that had none.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { blocks, users } from '../schema';
import { MAX_BLOCKS } from '@/shared/constants';
import type { Block } from '@/shared/contract/blocks';
import { nextIdsOfRowsSql } from '../id-reserve';
import {
  endReason,
  separatedCircleText,
  selectByBlockedPair,
  type DissolvedCircle,
} from '@worker/lib/trade-circles/legs';
import { dissolveStatements } from './trade-circles';

/**
 * A member id as SQL text. Ids come from the session or the database, never from request text;
 * written as literals they keep the long statements of browse and search (dozens of branches)
 * under D1's 100 bound parameters.
 */
export function idText(id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(`not a member id: ${id}`);
  return String(id);
}

/**
 * Whether `a` and `b` (SQL text: columns or ids) are in a block, either way. Each side is one
 * primary-key or index lookup; SQLite evaluates the whole once when both are constants.
 */
export const blockedEitherWayText = (a: string, b: string) =>
  `(EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${a} AND blocked_id = ${b}) OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${b} AND blocked_id = ${a}))`;

/** The same for drizzle statements: ids are bound, SQL expressions (a column) are used as they are. */
export const blockedEitherWay = (a: number | SQL, b: number | SQL): SQL =>
  sql`(EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${a} AND blocked_id = ${b}) OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${b} AND blocked_id = ${a}))`;

/** The members in a block with `viewer`, either way (a compound SELECT of two index ranges). */
/** Neither member blocks the other (a condition a statement is written under). */
export const notBlockedEitherWay = (a: number | SQL, b: number | SQL): SQL => sql`NOT ${blockedEitherWay(a, b)}`;

export const blockPartnersText = (viewer: number) => {
  const v = idText(viewer);
  return `SELECT blocked_id FROM blocks WHERE blocker_id = ${v} UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = ${v}`;
};

/**
 * The viewer and every member in a block with them: the members whose listings browse and search
 * leave out of what the viewer sees ("the viewer's own listings are left out", generalised). Used
 * as `user_id IN (…)` where those members' listings are read (to count them out), member by member
 * through listings_user_created_idx (at most 1 + MAX_BLOCKS + the blocks against the viewer).
 */
export const viewerAndBlockPartnersText = (viewer: number) =>
  `SELECT ${idText(viewer)} UNION ALL ${blockPartnersText(viewer)}`;
export const viewerAndBlockPartners = (viewer: number): SQL => sql.raw(viewerAndBlockPartnersText(viewer));

/**
 * A condition on a row's member (`ownerColumn`, SQL text): someone other than `viewer` and not in
 * a block with them, either way. For statements that check it row by row (a browse page's walk,
 * the matches of a search): two key lookups per row, correlated, which D1 counts as rows read only
 * when they find a block. (`NOT IN` the partners' set costs a row read per row probed, block or
 * not: measured, 299 rows walked read 598.)
 */
export const visibleToText = (ownerColumn: string, viewer: number) => {
  const v = idText(viewer);
  return `(${ownerColumn} <> ${v} AND NOT ${blockedEitherWayText(v, ownerColumn)})`;
};
/** visibleToText for drizzle statements; the column is rendered as drizzle renders it. */
export const visibleTo = (ownerColumn: SQL, viewer: number): SQL => {
  const v = sql.raw(idText(viewer));
  return sql`(${ownerColumn} <> ${v} AND NOT ${blockedEitherWay(v, ownerColumn)})`;
};

/** Whether `blockerId` blocked `blockedId` (a statement: a row or none, for the conversation's batch). */
export const blockedByQuery = (db: Db, blockerId: number, blockedId: number) =>
  db
    .select({ blockedId: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);

/** A member (the other side of a conversation) and whether they and `viewerId` are in a block, in one read. */
export async function findPartnerAcrossBlock(
  db: Db,
  partnerId: number,
  viewerId: number,
): Promise<{ id: number; blocked: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, blocked: sql<number>`${blockedEitherWay(viewerId, sql`${users.id}`)}` })
    .from(users)
    .where(eq(users.id, partnerId));
  return row ? { id: row.id, blocked: row.blocked === 1 } : undefined;
}

interface RawBlockRow {
  id: number;
  username: string;
  display_name: string;
  avatar_url: string | null;
  created_at: string | null;
}

export type BlockOutcome =
  | { kind: 'blocked'; block: Block; created: boolean; dissolved: DissolvedCircle[]; at: string }
  | { kind: 'unknown' }
  | { kind: 'full' };

/**
 * Blocks `blockedId` for `blockerId` in one D1 batch (one transaction, one round trip):
 * 1. the block row, only when the member exists and the blocker holds fewer than MAX_BLOCKS
 *    (ON CONFLICT DO NOTHING: a repeat changes nothing);
 * 2. the open offers between the two expire (nobody can answer them across the block);
 * 3–4. the proposed trade circles joining the two are declined and their legs closed;
 * 5. every member of those circles is told, with a line that names nobody;
 * 6. the block as it stands, with the member's summary (no row: no such member).
 * Steps 2–5 only find something when a block between the two exists, so a refused block changes
 * nothing. The caller closes the pair's live-chat sockets after its reply.
 */
/** A rate limit's hit, run first in the block's batch: the block is made only while within the limit. */
export interface BlockLimit {
  statements: readonly [D1PreparedStatement, D1PreparedStatement];
  key: string;
  limit: number;
}

export type LimitRow = { count: number; reset_at: number } | undefined;

/** The block's batch; `limitRow` is the rate limit's row after this hit, for the route to settle. */
export async function putBlock(
  d1: D1Database,
  blockerId: number,
  blockedId: number,
  gate: BlockLimit,
  now: Date = new Date(),
): Promise<{ limitRow: LimitRow; outcome: BlockOutcome }> {
  const at = now.toISOString();
  const pairCircles = `SELECT circle_id FROM trade_circle_legs WHERE giver_id = ?1 AND circle_id IN (SELECT circle_id FROM trade_circle_legs WHERE giver_id = ?2)`;
  const [, limited, inserted, , declined, , , readBack] = await d1.batch([
    ...gate.statements,
    d1
      .prepare(
        `INSERT INTO blocks (blocker_id, blocked_id)
         SELECT ?1, u.id FROM users u
          WHERE u.id = ?2 AND u.id <> ?1 AND (SELECT count(*) FROM blocks WHERE blocker_id = ?1) < ?3
            AND (SELECT count FROM rate_limits WHERE key = ?4) <= ?5
         ON CONFLICT (blocker_id, blocked_id) DO NOTHING`,
      )
      .bind(blockerId, blockedId, MAX_BLOCKS, gate.key, gate.limit),
    d1
      .prepare(
        `UPDATE offers SET status = 'expired', responded_at = ?3, updated_at = ?3
          WHERE id IN (SELECT id FROM offers WHERE from_user_id = ?1 AND status = 'open' AND to_user_id = ?2
                       UNION ALL SELECT id FROM offers WHERE from_user_id = ?2 AND status = 'open' AND to_user_id = ?1)
            AND EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?1 AND blocked_id = ?2)`,
      )
      .bind(blockerId, blockedId, at),
    ...dissolveStatements(d1, selectByBlockedPair(blockerId, blockedId), at, endReason('members_separated')),
    d1
      .prepare(
        `INSERT INTO notifications (id, user_id, kind, subject_key, text, link, count, updated_at)
         SELECT ${nextIdsOfRowsSql('notifications')}, l.giver_id, 'trade_circle', 'circle:' || c.id, ?3, '/trade-circles/' || c.id, 1, ?4
           FROM trade_circles c JOIN trade_circle_legs l ON l.circle_id = c.id
          WHERE c.status = 'declined' AND c.updated_at = ?4 AND c.id IN (${pairCircles})
         ON CONFLICT (user_id, subject_key) DO UPDATE SET
           kind = excluded.kind, text = excluded.text, link = excluded.link,
           count = CASE WHEN notifications.read_at IS NULL THEN notifications.count + 1 ELSE 1 END,
           read_at = NULL, updated_at = excluded.updated_at`,
      )
      .bind(blockerId, blockedId, separatedCircleText, at),
    d1
      .prepare(
        `SELECT u.id, u.username, u.display_name, u.avatar_url, b.created_at
           FROM users u LEFT JOIN blocks b ON b.blocker_id = ?1 AND b.blocked_id = u.id
          WHERE u.id = ?2`,
      )
      .bind(blockerId, blockedId),
  ]);
  const limitRow = (limited!.results as NonNullable<LimitRow>[])[0];
  const row = (readBack!.results as RawBlockRow[])[0];
  if (!row) return { limitRow, outcome: { kind: 'unknown' } };
  if (row.created_at === null) return { limitRow, outcome: { kind: 'full' } };
  const outcome: BlockOutcome = {
    kind: 'blocked',
    block: blockFromRaw({ ...row, created_at: row.created_at }),
    created: (inserted!.meta.changes ?? 0) > 0,
    dissolved: (declined!.results ?? []) as DissolvedCircle[],
    at,
  };
  return { limitRow, outcome };
}

const blockFromRaw = (row: RawBlockRow & { created_at: string }): Block => ({
  user: { id: row.id, username: row.username, displayName: row.display_name, avatarUrl: row.avatar_url },
  createdAt: row.created_at,
});

/** Lifts the block (one statement); nothing happens when there was none. */
export async function removeBlock(d1: D1Database, blockerId: number, blockedId: number): Promise<boolean> {
  const result = await d1
    .prepare('DELETE FROM blocks WHERE blocker_id = ?1 AND blocked_id = ?2')
    .bind(blockerId, blockedId)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** The members the caller blocked, newest block first (the primary key's range, at most MAX_BLOCKS rows). */
export async function blocksOf(d1: D1Database, blockerId: number): Promise<Block[]> {
  const { results } = await d1
    .prepare(
      `SELECT u.id, u.username, u.display_name, u.avatar_url, b.created_at
         FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = ?1
        ORDER BY b.created_at DESC, b.blocked_id DESC
        LIMIT ?2`,
    )
    .bind(blockerId, MAX_BLOCKS)
    .all<RawBlockRow & { created_at: string }>();
  return results.map(blockFromRaw);
}
