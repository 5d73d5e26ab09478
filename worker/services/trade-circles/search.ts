// The D1 side of the trade-circle engine (docs/algorithms/trade-circles.md): loading bounded
// neighbourhoods of the want graph, the incremental search after a want is added, and the paged
// global pass of the 15-minute cron.
//
// Both searches load their neighbourhood with ONE statement of materialised CTEs, one per hop,
// each with hard caps, and return ONE row: a JSON array per hop of [listing, giver, receiver, lat,
// lng] (D1 allows few terms in a compound SELECT, and JSON parses faster than rows). Every hop leaves out inactive listings, wants of one's own listing and listings in
// an open circle (through the partial unique index on open legs). The legs keys of every circle
// its seeds ever gave in come back in the same statement, so declined or expired sets of legs are
// left out before anything is proposed.
//
// Caps (per statement, so the work is bounded whatever the graph, hub listings included):
// - a member's listings: the newest LISTINGS_PER_MEMBER active ones;
// - a listing's wanters: the newest WANTERS_PER_LISTING wants (a listing with thousands of wants
//   is seen through its newest few; each of its wanters still sees it from their side, where the
//   member's own wants are read, so a circle through it is found from that side);
// - a member's wants: the newest few, per hop (the new want's giver's: all, at most 200, through
//   the wants' covering primary key; decision 046);
// - each hop: at most a fixed number of edges (the *_EDGES constants).
import { pushNotificationChanges } from '@worker/durable-objects/member-sockets-client';
import { unlimited, type Budget } from '@worker/lib/cron-budget';
import {
  pairKey,
  planPage,
  rankThroughEdge,
  WantGraph,
  type Circle,
  type WantEdge,
} from '@worker/lib/trade-circles/engine';
import { type CircleLeg } from '@worker/lib/trade-circles/legs';
import { proposeCircle } from './propose';

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

/** Path steps the incremental enumeration may take (engine work budget). */
export const INCREMENTAL_STEPS = 20_000;
/**
 * A page's enumeration steps, candidate circles and selection work (branch-and-bound nodes plus
 * local-search moves): bounds on the CPU of a page that hold whatever the edges loaded. Halved
 * with the bench's wants (about ten a member): the first page at 20,000 steps and 10,000 work
 * took 11–14 ms of Worker CPU against the 8 ms per call of decision 042; a page cut short by
 * them is redone with a smaller window (the window adapts), so the sweep only slows. Steps cut
 * again by decision 046 (8.6–11 ms measured on the bench's busiest pages with the halved budgets),
 * and candidates bounded per seed (below); the selection's work is what decision 042 left (a page
 * of one seed never uses it: its circles all share the seed, and the heaviest is the optimum).
 */
export const PAGE_STEPS = 4_000;
export const PAGE_MAX_CIRCLES = 400;
/**
 * Candidates a page keeps per seed (at most PAGE_MAX_CIRCLES in all): a page of one seed chooses
 * one circle among 160 (the bench's first page: 3.3–6.1 ms of CPU a call; 7.7 ms with 240), while
 * a small community's page of many seeds keeps the 400 its exact selection needs (`npm run
 * bench:circles -- --only small`: 0.9997 of the optimum's members as before; 0.9885 with 160 in
 * all).
 */
export const PAGE_CIRCLES_PER_SEED = 160;
export const PAGE_SELECTION_WORK = 5_000;

/** The incremental search tries at most this many circles (each try is one batch). */
export const INCREMENTAL_TRIES = 2;

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

const HOPS = ['e', 'f1', 'b1', 'f2', 'b2', 'm'] as const;
type Hop = (typeof HOPS)[number];
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
type LoadRow = Partial<Record<Hop, string>> & {
  past: string;
  blocks?: string;
  seeds?: string;
  queued?: string;
  round?: string;
};
type EdgeTuple = [number, number, number, number | null, number | null];

interface Neighbourhood {
  edges: WantEdge[];
  /** The edges of each hop (index as HOPS). */
  byHop: WantEdge[][];
  /** Edges per hop (index as HOPS). */
  perHop: number[];
  pastKeys: Set<string>;
  /** Pairs of loaded members in a block (engine.pairKey): no circle may join them. */
  separatedPairs: Set<string>;
  /** Seeds of a global page (member ids in order). */
  seeds: number[];
}

function parseLoad(row: LoadRow | null): Neighbourhood {
  const edges: WantEdge[] = [];
  const byHop = HOPS.map((hop) => {
    const tuples = JSON.parse(row?.[hop] ?? '[]') as EdgeTuple[];
    return tuples.map(([listingId, giverId, receiverId, latitude, longitude]) => {
      const edge = { listingId, giverId, receiverId, latitude, longitude };
      edges.push(edge);
      return edge;
    });
  });
  const pastKeys = new Set(
    (JSON.parse(row?.past ?? '[]') as (string | null)[]).filter((k): k is string => typeof k === 'string'),
  );
  const seeds = JSON.parse(row?.seeds ?? '[]') as number[];
  const separatedPairs = new Set(
    (JSON.parse(row?.blocks ?? '[]') as [number, number][]).map(([a, b]) => pairKey(a, b)),
  );
  return { edges, byHop, perHop: byHop.map((list) => list.length), pastKeys, separatedPairs, seeds };
}

const legsOf = (circle: Circle): CircleLeg[] =>
  circle.legs.map((l) => ({ giverId: l.giverId, receiverId: l.receiverId, listingId: l.listingId }));

export interface IncrementalResult {
  /** The proposed circle's id, or null. */
  circleId: number | null;
  circle: Circle | null;
  /** Circles found through the new want (after leaving out past legs keys). */
  found: number;
  /** Edges loaded. */
  edges: number;
  /** True when a cap or the step budget may have hidden circles. */
  truncated: boolean;
}

/**
 * After `userId` wanted `listingId`: every circle of 2..5 members through the new want in its
 * bounded neighbourhood, and the best one proposed. The rule (compareForIncremental): the circle
 * in which the most members receive something, then the shortest ring, then the legs key. When
 * another proposal took one of its listings meanwhile, the next one is tried (INCREMENTAL_TRIES
 * in all). D1 queries: one load, then one batch per try (so at most 3).
 */
export async function searchAfterWant(
  env: Env,
  userId: number,
  listingId: number,
  now: Date = new Date(),
): Promise<IncrementalResult> {
  const hood = parseLoad(await env.DB.prepare(INCREMENTAL_SQL).bind(listingId, userId).first<LoadRow>());
  const result: IncrementalResult = {
    circleId: null,
    circle: null,
    found: 0,
    edges: hood.edges.length,
    truncated: false,
  };
  const edge = hood.byHop[0]![0];
  if (!edge) return result;
  result.truncated =
    hood.perHop[1]! >= INCREMENTAL.f1 ||
    hood.perHop[2]! >= INCREMENTAL.b1 ||
    hood.perHop[3]! >= INCREMENTAL.f2 ||
    hood.perHop[4]! >= INCREMENTAL.b2;
  const ranked = rankThroughEdge(new WantGraph(hood.edges), edge, {
    excludedKeys: hood.pastKeys,
    separatedPairs: hood.separatedPairs,
    maxSteps: INCREMENTAL_STEPS,
  });
  result.found = ranked.circles.length;
  result.truncated ||= ranked.truncated;
  for (const circle of ranked.circles.slice(0, INCREMENTAL_TRIES)) {
    const id = await proposeCircle(env, legsOf(circle), now);
    if (id !== null) {
      result.circleId = id;
      result.circle = circle;
      break;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The global pass

export const CIRCLE_PASS_JOB = 'trade-circles';
const WINDOW_JOB = 'trade-circles:window';
/**
 * Rows a day the round-robin sweep may read (decision 046). The sweep is the safety net (wants
 * written without the route, rings the incremental search's thin outer hops missed, proposals
 * lost to a race); the seed queue and the incremental search are the main paths. A sweep page is
 * due once the time since the last one pays for the rows it read at this rate, so a page of 6,000
 * rows waits three hours and the sweep never reads more than this a day, whatever the density.
 */
export const SWEEP_ROWS_PER_DAY = 48_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeds per page: the first page has INITIAL_SEEDS, then it adapts to what a page costs (1..MAX_SEEDS). */
export const MAX_SEEDS = 64;
/** One: the first page after a deploy meets the adaptive window's target before it knows the density (two read 10,908 rows on the bench). */
export const INITIAL_SEEDS = 1;
export const MIN_SEEDS = 1;
/** Rows a page should read (D1's rows_read); the window grows or shrinks towards it. */
export const TARGET_ROWS_READ = 6_000;
/** Edges a page should load (they are what costs CPU: parsing, enumeration). */
export const TARGET_EDGES = 200;
/** Statements a page costs besides its proposals: state read, load, state write, queue delete. */
export const CIRCLE_PASS_MIN_COST = 4;
/** What one proposal may cost (statements), checked against the budget before each. */
export const PROPOSAL_COST = 6;
/** Bells one pass pushes at most (the members of the circles it proposed; decision 042). */
export const CIRCLE_PASS_PUSHES = 2;
/** Statements the pass takes at most in one run, so the jobs after it keep theirs. */
export const CIRCLE_PASS_MAX_STATEMENTS = 24;

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

export interface PageReport {
  /** The watermark before and after (the last seed member id; 0 = from the start). */
  from: number;
  to: number;
  seeds: number;
  /** Seeds taken from the queue (members touched since: trade_circle_seeds), before the round-robin ones. */
  queued: number;
  window: number;
  nextWindow: number;
  edges: number;
  rowsRead: number;
  candidates: number;
  chosen: number;
  proposed: number;
  /** Chosen circles another proposal got in the way of (a listing taken meanwhile). */
  lost: number;
  exact: boolean;
  truncated: boolean;
  /** The page's circles were not all tried (budget): the watermark stays for the next run. */
  deferred: boolean;
  /** The sweep reached the last member and starts again from the first next time. */
  wrapped: boolean;
  /** The page was the sweep's (round-robin seeds): its rows read pace the next sweep page. */
  swept: boolean;
  /** Nothing was queued and the sweep was not due: the run read its state only (decision 046). */
  paced: boolean;
}

const emptyReport = (from: number, window: number): PageReport => ({
  from,
  to: from,
  seeds: 0,
  queued: 0,
  window,
  nextWindow: window,
  edges: 0,
  rowsRead: 0,
  candidates: 0,
  chosen: 0,
  proposed: 0,
  lost: 0,
  exact: true,
  truncated: false,
  deferred: false,
  wrapped: false,
  swept: false,
  paced: false,
});

/**
 * Whether a sweep page is due at `now`: the watermark's `at` is when the next one is (decision 046:
 * each sweep page sets it to its own time plus the rows it read at SWEEP_ROWS_PER_DAY). Due when
 * there is no watermark yet, or its time does not parse.
 */
function isSweepDue(dueAt: string | null | undefined, now: number): boolean {
  const at = dueAt ? Date.parse(dueAt) : NaN;
  return Number.isNaN(at) || now >= at;
}

/** When the sweep's next page is due after a page at `now` that read `rowsRead` rows. */
const nextSweepAt = (now: number, rowsRead: number) => now + (Math.max(0, rowsRead) / SWEEP_ROWS_PER_DAY) * DAY_MS;

/**
 * One run of the global pass (the 15-minute cron): one page, within `budget`. Reads the watermark
 * (the last seed of the previous page) and the window size, loads the page's neighbourhood (its
 * first seeds are the queued members, trade_circle_seeds: those whose circle was declined,
 * dissolved or expired, and owners of wanted listings that became active again),
 * chooses the best disjoint circles through its seeds (engine.planPage), proposes them in order
 * while the budget allows, and moves the watermark past the page when every chosen circle was
 * tried, deleting the queue entries it used. The window adapts so a page reads about
 * TARGET_ROWS_READ rows and loads about TARGET_EDGES edges. At the end of the members, the sweep
 * starts again. The round-robin part is paced (decision 046): it runs only when due (isSweepDue),
 * and a run with nothing queued and no sweep due reads its state and ends. `sweepNow` (the
 * benchmark's hook only) takes the sweep's turn at once. Returns null when the budget does not
 * allow a page.
 */
export async function runCirclePass(
  env: Env,
  scheduledTime: number,
  budget: Budget = unlimited,
  { sweepNow = false }: { sweepNow?: boolean } = {},
): Promise<PageReport | null> {
  const start = budget.left();
  const spent = () => start - budget.left();
  const allowance = Math.min(CIRCLE_PASS_MAX_STATEMENTS, start);
  if (allowance < CIRCLE_PASS_MIN_COST) return null;
  const db = env.DB;
  // The pass's state and whether anyone is queued, in one statement of a few rows: a run with
  // nothing queued and the sweep not due ends here (decision 046).
  const state = await db
    .prepare(
      `SELECT job, cursor, at FROM cron_state WHERE job IN (?1, ?2)
       UNION ALL SELECT 'queued', EXISTS (SELECT 1 FROM trade_circle_seeds), NULL`,
    )
    .bind(CIRCLE_PASS_JOB, WINDOW_JOB)
    .all<{ job: string; cursor: number; at: string | null }>();
  const find = (job: string) => state.results.find((r) => r.job === job);
  const from = find(CIRCLE_PASS_JOB)?.cursor ?? 0;
  const window = Math.min(MAX_SEEDS, Math.max(MIN_SEEDS, find(WINDOW_JOB)?.cursor ?? INITIAL_SEEDS));
  const dueAt = find(CIRCLE_PASS_JOB)?.at ?? null;
  const sweepDue = sweepNow || isSweepDue(dueAt, scheduledTime);
  const anyQueued = find('queued')?.cursor === 1;
  if (!anyQueued && !sweepDue) return { ...emptyReport(from, window), paced: true };

  const loaded = await db
    .prepare(PAGE_SQL)
    .bind(from, window, sweepDue ? 1 : 0)
    .all<LoadRow>();
  const rowsRead = loaded.meta.rows_read ?? 0;
  const row = loaded.results[0] ?? null;
  const hood = parseLoad(row);
  const queued = JSON.parse(row?.queued ?? '[]') as [number, number][];
  const round = JSON.parse(row?.round ?? '[]') as number[];
  const report: PageReport = {
    ...emptyReport(from, window),
    seeds: hood.seeds.length,
    queued: queued.length,
    edges: hood.edges.length,
    rowsRead,
  };
  const givers = new Set<number>();
  const truncated =
    hood.perHop[1]! >= GLOBAL.f1 ||
    hood.perHop[2]! >= GLOBAL.b1 ||
    hood.perHop[3]! >= GLOBAL.f2 ||
    hood.perHop[4]! >= GLOBAL.b2 ||
    hood.perHop[5]! >= GLOBAL.m;
  if (hood.seeds.length) {
    const plan = planPage(new WantGraph(hood.edges), hood.seeds, {
      excludedKeys: hood.pastKeys,
      separatedPairs: hood.separatedPairs,
      maxSteps: PAGE_STEPS,
      maxCircles: Math.min(PAGE_MAX_CIRCLES, PAGE_CIRCLES_PER_SEED * hood.seeds.length),
      maxWork: PAGE_SELECTION_WORK,
    });
    report.candidates = plan.candidates;
    report.chosen = plan.circles.length;
    report.exact = plan.exact && !truncated;
    report.truncated = plan.truncated || truncated;
    const at = new Date(scheduledTime);
    for (const circle of plan.circles) {
      // Keep two statements for the watermark and the queue.
      if (allowance - spent() < PROPOSAL_COST + 2) {
        report.deferred = true;
        break;
      }
      const legs = legsOf(circle);
      const id = await proposeCircle(env, legs, at, false);
      if (id === null) report.lost += 1;
      else {
        report.proposed += 1;
        for (const leg of legs) givers.add(leg.giverId);
      }
    }
  }
  // The proposed circles' members' bells, CIRCLE_PASS_PUSHES of them: each push is a Durable
  // Object call held to the invocation's CPU budget (two circles' ten pushes passed it); the
  // others' bells follow on their next read (decision 042).
  if (givers.size) await pushNotificationChanges(env, [...givers].slice(0, CIRCLE_PASS_PUSHES));
  // The next window: scaled towards the targets of rows read and edges loaded (halved at most,
  // doubled at most); halved when a cap bound.
  const scale = Math.min(
    rowsRead > 0 ? TARGET_ROWS_READ / rowsRead : 2,
    hood.edges.length > 0 ? TARGET_EDGES / hood.edges.length : 2,
    truncated ? 0.5 : 2,
  );
  report.nextWindow = Math.min(MAX_SEEDS, Math.max(MIN_SEEDS, Math.round(window * Math.min(2, Math.max(0.5, scale)))));
  // The round-robin part of the page (the window less the queued seeds) moves the watermark; when it
  // came back short, the sweep reached the last member.
  if (!report.deferred && sweepDue) {
    if (round.length < window - queued.length) {
      report.to = 0;
      report.wrapped = true;
    } else if (round.length) report.to = round[round.length - 1]!;
  }
  const at = new Date(scheduledTime).toISOString();
  // A page that had round-robin seeds was the sweep's: its rows and time set when the next one is
  // due, kept as the watermark's `at`. A page of queued seeds only, one cut short, or one that only
  // found the sweep's end leaves that time as it was (the next sweep page is due at once).
  report.swept = sweepDue && !report.deferred && round.length > 0;
  const watermarkAt = report.swept ? new Date(nextSweepAt(scheduledTime, rowsRead)).toISOString() : (dueAt ?? at);
  const writeState = db
    .prepare(
      // Written only when a cursor moves, or the watermark's time (an idle pass leaves both where
      // they were): D1 counts each row an UPDATE rewrites, changed or not (decision 029).
      `INSERT INTO cron_state (job, cursor, at, updated_at) VALUES (?1, ?2, ?5, ?6), (?3, ?4, ?6, ?6)
       ON CONFLICT (job) DO UPDATE SET cursor = excluded.cursor, at = excluded.at, updated_at = excluded.updated_at
       WHERE cron_state.cursor IS NOT excluded.cursor OR (cron_state.job = ?1 AND cron_state.at IS NOT excluded.at)`,
    )
    .bind(CIRCLE_PASS_JOB, report.to, WINDOW_JOB, report.nextWindow, watermarkAt, at);
  if (queued.length && !report.deferred) {
    // The queued seeds are done: their entries go, unless queued again meanwhile (n moved on).
    await db.batch([
      writeState,
      db
        .prepare(
          `DELETE FROM trade_circle_seeds WHERE (user_id, n) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?1))`,
        )
        .bind(JSON.stringify(queued)),
    ]);
  } else await writeState.run();
  return report;
}
