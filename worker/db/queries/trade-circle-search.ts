// The trade-circle searches' statements (decision 046; the searches that run them are
// worker/services/trade-circles/search.ts, the engine worker/lib/trade-circles/engine.ts). Both
// searches load their neighbourhood with ONE statement of materialised CTEs, one per hop, each
// with hard caps, and read ONE row: a JSON array per hop of [listing, giver, receiver, lat, lng]
// (D1 allows few terms in a compound SELECT, and JSON parses faster than rows). Every hop leaves
// out inactive listings, wants of one's own listing and listings in an open circle (through the
// partial unique index on open legs). The legs keys of every circle its seeds ever gave in come
// back in the same statement, so declined or expired sets of legs are left out before anything is
// proposed. Besides the loads: the global pass's state (cron_state) and its seed queue.
//
// Caps (per statement, so the work is bounded whatever the graph, hub listings included):
// - a member's listings: the newest LISTINGS_PER_MEMBER active ones;
// - a listing's wanters: the newest WANTERS_PER_LISTING wants (a listing with thousands of wants
//   is seen through its newest few; each of its wanters still sees it from their side, where the
//   member's own wants are read, so a circle through it is found from that side);
// - a member's wants: the newest few, per hop (the new want's giver's: all, at most 200, through
//   the wants' covering primary key; decision 046);
// - each hop: at most a fixed number of edges (the *_EDGES constants).

export const LISTINGS_PER_MEMBER = 16;
export const WANTERS_PER_LISTING = 32;
/** The contract's cap on one member's wants (the new want's giver's are all read). */
export const MAX_WANTS = 200;

/**
 * Incremental search caps (decision 046): edges per hop, and the outer hops' per-member reads. The
 * first hops are what a member expects at once (a direct swap: g wants one of r's listings, in b1,
 * all of g's wants; a ring of three: r → a → g, f1 then b1); the outer hops b2 and f2 only close
 * rings of four and five and are read thinly: each of b1's givers' newest 4 wants (b2), each of
 * f1's receivers' newest 2 listings and each one's newest 4 wanters (f2), 16 edges each. On the
 * bench data (about ten wants a member) that cut the load's rows read by 64 % (1,654 to 594 on
 * average over 400 wants; docs/performance.md "Trade circles") while 87 % of the wants that had a
 * circle still get one at once; the rings the thin hops miss are found by the global pass.
 */
export interface IncrementalCaps {
  f1: number;
  b1: number;
  f2: number;
  b2: number;
  b2Wants: number;
  f2Listings: number;
  f2Wanters: number;
}
export const INCREMENTAL: IncrementalCaps = {
  f1: 32,
  b1: MAX_WANTS,
  f2: 16,
  b2: 16,
  b2Wants: 4,
  f2Listings: 2,
  f2Wanters: 4,
};
/**
 * Global pass caps (edges per hop; b3 is an intermediate table, never returned). They bound a
 * page whatever its window, a single hub seed included: at most 320 edges reach the Worker
 * (f1 + b1 + b2 + f2 + m), which keeps a page's parsing, enumeration and selection to a few
 * milliseconds of CPU (docs/performance.md "Trade circles"); half of decision 042's caps, for
 * headroom under the 8 ms a call on a loaded machine (decision 046: the bench's first page, a
 * member with many wanted listings, took 8.6–9.7 ms with 640 and 7.7 ms with 480).
 */
export const GLOBAL = { f1: 64, b1: 64, b2: 80, b3: 512, f2: 64, m: 48 } as const;
/** Edges a page can load at most (the sum of the returned hops' caps). */
export const PAGE_MAX_EDGES = GLOBAL.f1 + GLOBAL.b1 + GLOBAL.b2 + GLOBAL.f2 + GLOBAL.m;
/**
 * The global pass's deeper hops per member: a member's newest 16 wants in b2 and 4 in b3, a member's newest 8 listings and each one's newest 8 wanters
 * in f2. Finding rings of five through a member costs about d³ rows for out-degree d; these caps
 * keep a page near its row target at the bench's density.
 */
export const PAGE_CAPS = { b2Wants: 16, b3Wants: 4, f2Listings: 8, f2Wanters: 8 } as const;

const OPEN = (l: string) =>
  `NOT EXISTS (SELECT 1 FROM trade_circle_legs t WHERE t.listing_id = ${l}.id AND t.open = 1)`;
const EDGE = 'l.id AS listing, l.user_id AS giver, w.user_id AS receiver, l.latitude AS lat, l.longitude AS lng';

/**
 * Edges out of the members of `from` (a source with a column `m`): each member's newest active
 * listings and each listing's newest wanters, optionally only receivers matching `receivers`.
 */
export function edgesOut(
  from: string,
  cap: number,
  receivers = '',
  listings = LISTINGS_PER_MEMBER,
  wanters = WANTERS_PER_LISTING,
): string {
  return `SELECT ${EDGE} FROM ${from} g
    CROSS JOIN listings l ON l.id IN (SELECT x.id FROM listings x WHERE x.user_id = g.m AND x.status = 'active' ORDER BY x.created_at DESC LIMIT ${listings})
    CROSS JOIN wants w ON w.rowid IN (SELECT y.rowid FROM wants y WHERE y.listing_id = l.id ORDER BY y.rowid DESC LIMIT ${wanters})
    WHERE w.user_id <> l.user_id ${receivers} AND ${OPEN('l')} LIMIT ${cap}`;
}

/** Edges into the members of `into`: the active listings they want, newest wants first. */
export function edgesIn(into: string, perMember: number, cap: number, givers = ''): string {
  return `SELECT ${EDGE} FROM ${into} g
    CROSS JOIN wants w ON w.rowid IN (SELECT y.rowid FROM wants y WHERE y.user_id = g.m ORDER BY y.created_at DESC LIMIT ${perMember})
    CROSS JOIN listings l ON l.id = w.listing_id
    WHERE +l.status = 'active' AND l.user_id <> w.user_id ${givers} AND ${OPEN('l')} LIMIT ${cap}`;
}

/**
 * Edges into the members of `into`: every active listing they want (a member has at most MAX_WANTS
 * wants, the contract's cap), read in one pass of the wants' primary-key index (user, listing),
 * which holds the listing: about half the rows of edgesIn's newest-first subquery per edge.
 */
export function edgesInAll(into: string, cap: number, givers = ''): string {
  return `SELECT ${EDGE} FROM ${into} g
    CROSS JOIN wants w INDEXED BY sqlite_autoindex_wants_1 ON w.user_id = g.m
    CROSS JOIN listings l ON l.id = w.listing_id
    WHERE +l.status = 'active' AND l.user_id <> w.user_id ${givers} AND ${OPEN('l')} LIMIT ${cap}`;
}

export const HOPS = ['e', 'f1', 'b1', 'f2', 'b2', 'm'] as const;
export type Hop = (typeof HOPS)[number];
/** One JSON column per hop ([[listing, giver, receiver, lat, lng], …]): one row, no compound SELECT (D1 allows few terms). */
const hopColumn = (hop: Hop) =>
  `(SELECT json_group_array(json_array(listing, giver, receiver, lat, lng)) FROM ${hop}) AS ${hop}`;
/**
 * The blocks between members of the loaded edges ([[blocker, blocked], …]): every member of a
 * circle gives on one of its legs, so the givers of the hops are every member a circle can join,
 * and a block between any two of them rules the circle out (engine.separatedPairs). One primary-key
 * range of blocks per giver, in the load's own statement (decision 035). The givers' CTE is a
 * compound SELECT of five hops, D1's limit for one compound.
 */
const giversCte = (hops: readonly Hop[]) =>
  `gv AS MATERIALIZED (${hops.map((hop) => `SELECT giver AS m FROM ${hop}`).join(' UNION ')})`;
const BLOCKS_COLUMN = `(SELECT json_group_array(json_array(k.blocker_id, k.blocked_id)) FROM gv CROSS JOIN blocks k ON k.blocker_id = gv.m WHERE k.blocked_id IN (SELECT m FROM gv)) AS blocks`;

const pastColumn = (seeds: string) =>
  `(SELECT json_group_array(DISTINCT c.legs_key) FROM ${seeds} CROSS JOIN trade_circle_legs t ON t.giver_id = ${seeds}.m CROSS JOIN trade_circles c ON c.id = t.circle_id) AS past`;

/**
 * The incremental neighbourhood of the want (?2 wants listing ?1), for circles through it: the
 * edge itself (nothing else when it is not a usable edge), b1 (into the listing's owner g), b2
 * (into b1's givers), f1 (out of the wanter r), f2 (out of f1's receivers, only into b1's or b2's
 * givers: the only ones that close a circle of 4 or 5). Plus the legs keys of g's past circles.
 */
export function incrementalSql(caps: IncrementalCaps = INCREMENTAL): string {
  return `WITH
  e AS MATERIALIZED (SELECT l.id AS listing, l.user_id AS giver, w.user_id AS receiver, l.latitude AS lat, l.longitude AS lng
    FROM wants w CROSS JOIN listings l ON l.id = w.listing_id
    WHERE w.user_id = ?2 AND w.listing_id = ?1 AND +l.status = 'active' AND l.user_id <> w.user_id AND ${OPEN('l')}),
  eg AS MATERIALIZED (SELECT giver AS m FROM e),
  er AS MATERIALIZED (SELECT receiver AS m FROM e),
  b1 AS MATERIALIZED (${edgesInAll('eg', caps.b1)}),
  b1g AS MATERIALIZED (SELECT DISTINCT giver AS m FROM b1 WHERE giver <> ?2),
  b2 AS MATERIALIZED (${edgesIn('b1g', caps.b2Wants, caps.b2, 'AND l.user_id <> ?2')}),
  f1 AS MATERIALIZED (${edgesOut('er', caps.f1)}),
  f1r AS MATERIALIZED (SELECT DISTINCT receiver AS m FROM f1 WHERE receiver NOT IN (SELECT m FROM eg)),
  targets AS MATERIALIZED (SELECT m FROM b1g UNION SELECT giver FROM b2),
  f2 AS MATERIALIZED (${edgesOut('f1r', caps.f2, 'AND w.user_id IN (SELECT m FROM targets)', caps.f2Listings, caps.f2Wanters)}),
  ${giversCte(['e', 'f1', 'b1', 'f2', 'b2'])}
SELECT ${(['e', 'f1', 'b1', 'f2', 'b2'] as const).map(hopColumn).join(', ')}, ${pastColumn('eg')}, ${BLOCKS_COLUMN}`;
}
export const INCREMENTAL_SQL = incrementalSql();

/** The one row a load returns: JSON text per hop, the past legs keys, the blocks among its members, and a page's seeds. */
export type LoadRow = Partial<Record<Hop, string>> & {
  past: string;
  blocks?: string;
  seeds?: string;
  queued?: string;
  round?: string;
};

/**
 * One page of the global pass: seeds are the oldest queued members (trade_circle_seeds, at most
 * `?2`), then, to fill the window when the sweep is due (?3 = 1), the next members by id after
 * the watermark ?1 who want something; the loaded neighbourhood holds every circle of up to five through them
 * (within the caps): f1 out of the seeds, b1 into them, b2 into b1's givers, f2 out of f1's
 * receivers (only into b1's or b2's givers, or the givers of b3), b3 into b2's givers (not
 * returned), and m: the b3 edges out of f2's receivers (the middle leg of a circle of five).
 */
export const PAGE_SQL = `WITH
  q AS MATERIALIZED (SELECT user_id AS m, n FROM trade_circle_seeds ORDER BY queued_at, user_id LIMIT ?2),
  r AS MATERIALIZED (SELECT DISTINCT user_id AS m FROM wants WHERE ?3 AND user_id > ?1 AND user_id NOT IN (SELECT m FROM q) ORDER BY user_id LIMIT max(0, ?2 - (SELECT count(*) FROM q))),
  s AS MATERIALIZED (SELECT m FROM q UNION ALL SELECT m FROM r),
  f1 AS MATERIALIZED (${edgesOut('s', GLOBAL.f1)}),
  b1 AS MATERIALIZED (${edgesIn('s', MAX_WANTS, GLOBAL.b1)}),
  b1g AS MATERIALIZED (SELECT DISTINCT giver AS m FROM b1),
  b2 AS MATERIALIZED (${edgesIn('b1g', PAGE_CAPS.b2Wants, GLOBAL.b2)}),
  b2g AS MATERIALIZED (SELECT DISTINCT giver AS m FROM b2),
  b3 AS MATERIALIZED (${edgesIn('b2g', PAGE_CAPS.b3Wants, GLOBAL.b3)}),
  f1r AS MATERIALIZED (SELECT DISTINCT receiver AS m FROM f1),
  targets AS MATERIALIZED (SELECT m FROM b1g UNION SELECT m FROM b2g UNION SELECT giver FROM b3),
  f2 AS MATERIALIZED (${edgesOut('f1r', GLOBAL.f2, 'AND w.user_id IN (SELECT m FROM targets)', PAGE_CAPS.f2Listings, PAGE_CAPS.f2Wanters)}),
  m AS MATERIALIZED (SELECT * FROM b3 WHERE giver IN (SELECT receiver FROM f2) LIMIT ${GLOBAL.m}),
  ${giversCte(['f1', 'b1', 'f2', 'b2', 'm'])}
SELECT (SELECT json_group_array(m) FROM s) AS seeds, (SELECT json_group_array(json_array(m, n)) FROM q) AS queued,
  (SELECT json_group_array(m) FROM r) AS round, ${(['f1', 'b1', 'f2', 'b2', 'm'] as const).map(hopColumn).join(', ')}, ${pastColumn('s')}, ${BLOCKS_COLUMN}`;

/** The incremental load for `userId`'s new want of `listingId` (`.first<LoadRow>()`). */
export const wantNeighbourhoodStatement = (d1: D1Database, listingId: number, userId: number) =>
  d1.prepare(INCREMENTAL_SQL).bind(listingId, userId);

/**
 * A global page's load (`.all<LoadRow>()`: one row; its meta's rows_read paces the sweep): the
 * queued seeds, then, when `sweepDue`, the members after the watermark `from`, `window` in all.
 */
export const pageNeighbourhoodStatement = (d1: D1Database, from: number, window: number, sweepDue: boolean) =>
  d1.prepare(PAGE_SQL).bind(from, window, sweepDue ? 1 : 0);

/**
 * The pass's state and whether anyone is queued, in one statement of a few rows: the cron_state
 * rows of `passJob` (the watermark) and `windowJob` (the window size), and a row `queued` whose
 * cursor is 1 when trade_circle_seeds holds anyone.
 */
export const passStateStatement = (d1: D1Database, passJob: string, windowJob: string) =>
  d1
    .prepare(
      `SELECT job, cursor, at FROM cron_state WHERE job IN (?1, ?2)
       UNION ALL SELECT 'queued', EXISTS (SELECT 1 FROM trade_circle_seeds), NULL`,
    )
    .bind(passJob, windowJob);

/**
 * Writes the pass's watermark (`to`, due again at `watermarkAt`) and window (`nextWindow`), only
 * when a cursor moves or the watermark's time does (an idle pass leaves both where they were): D1
 * counts each row an UPDATE rewrites, changed or not (decision 029).
 */
export const writePassStateStatement = (
  d1: D1Database,
  state: { passJob: string; to: number; windowJob: string; nextWindow: number; watermarkAt: string; at: string },
) =>
  d1
    .prepare(
      `INSERT INTO cron_state (job, cursor, at, updated_at) VALUES (?1, ?2, ?5, ?6), (?3, ?4, ?6, ?6)
       ON CONFLICT (job) DO UPDATE SET cursor = excluded.cursor, at = excluded.at, updated_at = excluded.updated_at
       WHERE cron_state.cursor IS NOT excluded.cursor OR (cron_state.job = ?1 AND cron_state.at IS NOT excluded.at)`,
    )
    .bind(state.passJob, state.to, state.windowJob, state.nextWindow, state.watermarkAt, state.at);

/** The queued seeds a page used ([member, n] pairs), unless queued again meanwhile (n moved on). */
export const deleteQueuedSeedsStatement = (d1: D1Database, queued: [number, number][]) =>
  d1
    .prepare(
      `DELETE FROM trade_circle_seeds WHERE (user_id, n) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?1))`,
    )
    .bind(JSON.stringify(queued));
