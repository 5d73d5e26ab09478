// The match fan-out's queue (`match_fanouts`; worker/cron/match-fanout.ts): a row per member whose
// listing change found more partners than its request announced, read oldest first with the
// member's card, and deleted once the job has announced the rest.

export interface FanoutRow {
  id: number;
  username: string;
  display_name: string;
  avatar_url: string | null;
}

/** The oldest `limit` queued members with their cards (`.all<FanoutRow>()`). */
export const queuedFanoutsStatement = (d1: D1Database, limit: number) =>
  d1
    .prepare(
      `SELECT f.user_id AS id, u.username, u.display_name, u.avatar_url FROM match_fanouts f JOIN users u ON u.id = f.user_id ORDER BY f.created_at LIMIT ?1`,
    )
    .bind(limit);

/** The member's queue row, once their partners are announced. */
export const deleteFanoutStatement = (d1: D1Database, userId: number) =>
  d1.prepare('DELETE FROM match_fanouts WHERE user_id = ?1').bind(userId);
