// Proposing a trade circle: the one way circles are written (docs/algorithms/trade-circles.md).
// This is the engine branch's minimal version: it checks every rule and writes the circle and its
// legs in one D1 batch, and sends no notifications. The circles branch's version (same
// signature, with notifications) takes its place when the branches are merged.
import { legsKeyOf } from './engine';

export type CircleLeg = { giverId: number; receiverId: number; listingId: number };

/** How long a proposal stays open before it expires (the contract: 7 days). */
const PROPOSAL_DAYS = 7;

/**
 * The shared legs key: "giverId:listingId:receiverId" per leg, sorted lexicographically, joined
 * with ",". The same wherever the ring starts.
 */
export function legsKey(legs: CircleLeg[]): string {
  return legsKeyOf(legs);
}

/** Legs in ring order, 2–5 distinct members, each receiver the next leg's giver. */
function isRing(legs: CircleLeg[]): boolean {
  if (legs.length < 2 || legs.length > 5) return false;
  const givers = new Set(legs.map((l) => l.giverId));
  const listings = new Set(legs.map((l) => l.listingId));
  if (givers.size !== legs.length || listings.size !== legs.length) return false;
  return legs.every((leg, i) => leg.receiverId === legs[(i + 1) % legs.length]!.giverId && leg.receiverId !== leg.giverId);
}

/**
 * Proposes the circle when every rule holds at the moment of writing, and returns its id; null
 * when one does not (or another proposal took a listing first). The rules are checked inside the
 * batch's first statement, so the check and the write are one transaction: each leg's listing is
 * active and owned by its giver, each receiver has a want row for it, no listing is in an open
 * circle, and no circle with the same legs key was ever written (declined, expired or open). The
 * second statement writes the legs only when the first wrote the circle. The partial unique index
 * on open legs' listings is the last guard: a batch that would put a listing in two open circles
 * fails as a whole. `CROSS JOIN` keeps the legs' JSON first: with a plain join SQLite walked all
 * listings (about 700,000 rows read at the bench's scale instead of a handful).
 */
export async function proposeCircle(env: Env, legs: CircleLeg[], now: Date = new Date()): Promise<number | null> {
  if (!isRing(legs)) return null;
  const key = legsKey(legs);
  const at = now.toISOString();
  const expires = new Date(now.getTime() + PROPOSAL_DAYS * 86_400_000).toISOString();
  const rows = JSON.stringify(legs.map((l, position) => [position, l.giverId, l.receiverId, l.listingId]));
  const leg = (i: number) => `json_extract(j.value, '$[${i}]')`;
  try {
    const [circle] = await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO trade_circles (status, legs_key, created_at, expires_at, updated_at)
         SELECT 'proposed', ?1, ?2, ?3, ?2
         WHERE NOT EXISTS (SELECT 1 FROM trade_circles WHERE legs_key = ?1)
           AND (SELECT count(*) FROM json_each(?4) j
                CROSS JOIN listings l ON l.id = ${leg(3)} AND l.user_id = ${leg(1)} AND l.status = 'active'
                CROSS JOIN wants w ON w.user_id = ${leg(2)} AND w.listing_id = l.id
                WHERE NOT EXISTS (SELECT 1 FROM trade_circle_legs t WHERE t.listing_id = l.id AND t.open = 1)) = ?5
         RETURNING id`,
      ).bind(key, at, expires, rows, legs.length),
      env.DB.prepare(
        `INSERT INTO trade_circle_legs (circle_id, position, giver_id, receiver_id, listing_id, open)
         SELECT (SELECT id FROM trade_circles WHERE legs_key = ?1 AND status = 'proposed'), ${leg(0)}, ${leg(1)}, ${leg(2)}, ${leg(3)}, 1
         FROM json_each(?2) j WHERE changes() = 1`,
      ).bind(key, rows),
    ]);
    const id = (circle?.results[0] as { id: number } | undefined)?.id;
    return id ?? null;
  } catch (error) {
    // Another proposal put one of these listings in an open circle between our check and write.
    if (String(error).includes('UNIQUE constraint failed')) return null;
    throw error;
  }
}
