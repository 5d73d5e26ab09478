// The D1 side of the trade-circle engine (docs/algorithms/trade-circles.md): the incremental
// search after a want is added, and the paged global pass of the 15-minute cron. Each loads its
// bounded neighbourhood of the want graph with one statement (worker/db/queries/
// trade-circle-search.ts, where the caps and the loads' SQL are) and hands it to the engine.
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
import {
  deleteQueuedSeedsStatement,
  GLOBAL,
  HOPS,
  INCREMENTAL,
  pageNeighbourhoodStatement,
  passStateStatement,
  wantNeighbourhoodStatement,
  writePassStateStatement,
  type LoadRow,
} from '@worker/db/queries/trade-circle-search';
import { proposeCircle } from './propose';
import { createDb } from '@worker/db/client';
import { pushTexts } from '../push-texts';
import { pushQuietly } from '../web-push';

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
  const hood = parseLoad(await wantNeighbourhoodStatement(env.DB, listingId, userId).first<LoadRow>());
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
/** Statements a page costs besides its proposals: state read, load, state write, queue delete (and the push read after proposals). */
export const CIRCLE_PASS_MIN_COST = 4;
/** What one proposal may cost (statements), checked against the budget before each. */
export const PROPOSAL_COST = 6;
/** Bells one pass pushes at most (the members of the circles it proposed; decision 042). */
export const CIRCLE_PASS_PUSHES = 2;
/** Statements the pass takes at most in one run, so the jobs after it keep theirs. */
export const CIRCLE_PASS_MAX_STATEMENTS = 24;

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
  const state = await passStateStatement(db, CIRCLE_PASS_JOB, WINDOW_JOB).all<{
    job: string;
    cursor: number;
    at: string | null;
  }>();
  const find = (job: string) => state.results.find((r) => r.job === job);
  const from = find(CIRCLE_PASS_JOB)?.cursor ?? 0;
  const window = Math.min(MAX_SEEDS, Math.max(MIN_SEEDS, find(WINDOW_JOB)?.cursor ?? INITIAL_SEEDS));
  const dueAt = find(CIRCLE_PASS_JOB)?.at ?? null;
  const sweepDue = sweepNow || isSweepDue(dueAt, scheduledTime);
  const anyQueued = find('queued')?.cursor === 1;
  if (!anyQueued && !sweepDue) return { ...emptyReport(from, window), paced: true };

  const loaded = await pageNeighbourhoodStatement(db, from, window, sweepDue).all<LoadRow>();
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
  /** Each proposed circle's members' Web Push: the circle by member (a member is in one a page). */
  const proposedTo = new Map<number, { id: number; members: number }>();
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
      // Keep three statements for the watermark, the queue and the members' Web Push read.
      if (allowance - spent() < PROPOSAL_COST + 3) {
        report.deferred = true;
        break;
      }
      const legs = legsOf(circle);
      const id = await proposeCircle(env, legs, at, false);
      if (id === null) report.lost += 1;
      else {
        report.proposed += 1;
        for (const leg of legs) {
          givers.add(leg.giverId);
          proposedTo.set(leg.giverId, { id, members: legs.length });
        }
      }
    }
  }
  // The proposed circles' members' bells, CIRCLE_PASS_PUSHES of them: each push is a Durable
  // Object call held to the invocation's CPU budget (two circles' ten pushes passed it); the
  // others' bells follow on their next read (decision 042).
  if (givers.size) await pushNotificationChanges(env, [...givers].slice(0, CIRCLE_PASS_PUSHES));
  // Every member's Web Push: one read, and the pushes handed to an outbox in one call (the job's
  // subrequests stay its pages').
  if (proposedTo.size)
    await pushQuietly(
      env,
      createDb(env.DB),
      [...proposedTo.keys()],
      'trade_circle',
      (t, userId) => {
        const circle = proposedTo.get(userId)!;
        return pushTexts.circle(circle.id, { type: 'proposed', members: circle.members })(t);
      },
      { sendNow: 0 },
    );
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
  const writeState = writePassStateStatement(db, {
    passJob: CIRCLE_PASS_JOB,
    to: report.to,
    windowJob: WINDOW_JOB,
    nextWindow: report.nextWindow,
    watermarkAt,
    at,
  });
  if (queued.length && !report.deferred) {
    // The queued seeds are done: their entries go, unless queued again meanwhile (n moved on).
    await db.batch([writeState, deleteQueuedSeedsStatement(db, queued)]);
  } else await writeState.run();
  return report;
}
