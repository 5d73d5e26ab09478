// The trade-circle engine: pure functions, no I/O (docs/algorithms/trade-circles.md).
//
// The want graph has one node per member and one directed edge giver → receiver for each active
// listing of the giver that the receiver explicitly wants, labelled by that listing. A trade circle
// is a simple cycle of 2 to 5 distinct members in that graph, one listing per leg: each member
// gives one listing to the next member of the ring and receives one from the one before.
//
// Three things live here:
// - WantGraph: the edges the D1 side loaded (a bounded neighbourhood, never the whole graph);
// - enumeration of the circles through one new edge (the incremental search after a want is
//   added) or through a set of seed members (one page of the cron's global pass), by meeting in
//   the middle: paths of up to two legs forward from the seed, up to two legs backward into it,
//   and for five members one leg between them;
// - selection of disjoint circles (no member, hence no listing, in two of them) maximising the
//   members who receive something; ties go to fewer members per circle (the smaller sum of the
//   squared circle sizes), then to the shorter total distance. Exact by branch and bound on each
//   independent group of conflicting circles, with a work budget; past it, the best packing found
//   (at least the greedy one improved by local search) is returned and marked inexact.
import { distanceMiles } from '../geo';

/** An edge of the want graph: `giverId` owns the active listing, `receiverId` wants it. */
export interface WantEdge {
  listingId: number;
  giverId: number;
  receiverId: number;
  /** Where the listing is (null when its place did not resolve). */
  latitude: number | null;
  longitude: number | null;
}

/** A candidate circle: legs in ring order (legs[i].receiverId === legs[(i + 1) % n].giverId). */
export interface Circle {
  legs: WantEdge[];
  /** The legs key (see legsKeyOf): the same wherever the ring starts. */
  key: string;
  /** Ring distance in miles: from each giver's listing to the next giver's listing, summed. */
  miles: number;
}

/** Members per circle: a direct swap (2) up to five (see the algorithm notes on why five). */
export const MIN_CIRCLE = 2;
export const MAX_CIRCLE = 5;
/** A leg whose listing place is unknown counts this many miles (so it neither wins nor loses ties outright). */
export const UNKNOWN_LEG_MILES = 100;

/**
 * The shared legs key: each leg as "giverId:listingId:receiverId", sorted lexicographically (as
 * strings), joined with ",". It does not depend on where the ring starts. Must equal `legsKey` of
 * ./propose.ts (a test checks it).
 */
export function legsKeyOf(legs: readonly { giverId: number; listingId: number; receiverId: number }[]): string {
  return legs
    .map((leg) => `${leg.giverId}:${leg.listingId}:${leg.receiverId}`)
    .sort()
    .join(',');
}

const hasPlace = (edge: WantEdge) => edge.latitude !== null && edge.longitude !== null;

/** The ring distance: leg i goes from legs[i]'s listing to legs[i + 1]'s (where the receiver gives from). */
export function ringMiles(legs: readonly WantEdge[]): number {
  let miles = 0;
  for (let i = 0; i < legs.length; i++) {
    const from = legs[i]!;
    const to = legs[(i + 1) % legs.length]!;
    miles +=
      hasPlace(from) && hasPlace(to)
        ? distanceMiles(
            { latitude: from.latitude!, longitude: from.longitude! },
            { latitude: to.latitude!, longitude: to.longitude! },
          )
        : UNKNOWN_LEG_MILES;
  }
  return miles;
}

export function makeCircle(legs: WantEdge[]): Circle {
  return { legs, key: legsKeyOf(legs), miles: ringMiles(legs) };
}

// ---------------------------------------------------------------------------------------------
// The graph

/**
 * The want graph over the loaded edges. Edges are deduplicated by (listing, receiver); an edge
 * from a member to themselves (a want of one's own listing, which the API refuses) is dropped.
 */
export class WantGraph {
  readonly out = new Map<number, WantEdge[]>();
  readonly in = new Map<number, WantEdge[]>();
  readonly size: number;

  constructor(edges: Iterable<WantEdge>) {
    const seen = new Set<string>();
    let size = 0;
    for (const edge of edges) {
      if (edge.giverId === edge.receiverId) continue;
      const id = `${edge.listingId}>${edge.receiverId}`;
      if (seen.has(id)) continue;
      seen.add(id);
      size += 1;
      push(this.out, edge.giverId, edge);
      push(this.in, edge.receiverId, edge);
    }
    this.size = size;
  }

  outOf(member: number): readonly WantEdge[] {
    return this.out.get(member) ?? NONE;
  }

  inOf(member: number): readonly WantEdge[] {
    return this.in.get(member) ?? NONE;
  }
}

const NONE: readonly WantEdge[] = [];
const NO_PAIRS: readonly [WantEdge, WantEdge][] = [];

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// ---------------------------------------------------------------------------------------------
// Enumeration

export interface EnumerationOptions {
  /** Circles whose legs key is here are left out (declined or expired before, or already proposed). */
  excludedKeys?: ReadonlySet<string>;
  /** Listings that cannot take part (in an open circle). */
  excludedListings?: ReadonlySet<number>;
  /**
   * Pairs of members in a block (pairKey): no circle joins two of them, adjacent or not
   * (docs/api/blocks.md). Checked per circle found, before it is kept.
   */
  separatedPairs?: ReadonlySet<string>;
  /** Path steps allowed in all (the enumeration's work budget); past it the result is marked truncated. */
  maxSteps?: number;
  /** At most this many distinct circles are collected. */
  maxCircles?: number;
}

export interface Enumeration {
  circles: Circle[];
  /** True when a budget stopped the enumeration early (some circles may be missing). */
  truncated: boolean;
  steps: number;
}

/** Default work budget of one enumeration (path steps); see docs/algorithms/trade-circles.md "Bounds". */
export const DEFAULT_ENUMERATION_STEPS = 60_000;
export const DEFAULT_MAX_CIRCLES = 5_000;

/**
 * Every circle of 2..5 members through the seed members (each circle once, whatever the number
 * of seeds in it). With `firstEdge`, only the circles that contain that edge (the incremental
 * search after a want is added: the seed is the edge's giver).
 *
 * A circle s → v1 → … → v(L-1) → s is found from s in exactly one way, by its length L:
 *   L = 2: one leg forward, one back;      L = 3: two forward, one back;
 *   L = 4: two forward, two back;          L = 5: two forward, one middle leg, two back.
 * The backward half is prepared once per seed as a map from a member to its paths of one or
 * two legs into the seed, so the work per seed is about d² · (1 + d) for out-degree d, not d⁴.
 */
export function enumerateCircles(
  graph: WantGraph,
  seeds: Iterable<number>,
  options: EnumerationOptions & { firstEdge?: WantEdge } = {},
): Enumeration {
  const excludedKeys = options.excludedKeys;
  const excludedListings = options.excludedListings;
  const maxSteps = options.maxSteps ?? DEFAULT_ENUMERATION_STEPS;
  const maxCircles = options.maxCircles ?? DEFAULT_MAX_CIRCLES;
  const found = new Map<string, Circle>();
  let steps = 0;
  let truncated = false;
  const usable = (edge: WantEdge) => !excludedListings?.has(edge.listingId);
  const separated = options.separatedPairs?.size ? options.separatedPairs : null;

  const add = (legs: WantEdge[], s: number) => {
    if (!canonical(legs, s)) return;
    if (found.size >= maxCircles) {
      truncated = true;
      return;
    }
    if (separated && joinsSeparated(legs, separated)) return;
    const key = legsKeyOf(legs);
    if (found.has(key) || excludedKeys?.has(key)) return;
    found.set(key, { legs, key, miles: ringMiles(legs) });
  };

  const seedList = options.firstEdge ? [options.firstEdge.giverId] : [...new Set(seeds)];
  // A circle with several seeds is kept only from its smallest seed (found once, no key built twice).
  const seedSet = new Set(seedList);
  const canonical = (legs: WantEdge[], s: number) =>
    options.firstEdge || legs.every((l) => l.giverId >= s || !seedSet.has(l.giverId));
  for (const s of seedList) {
    if (truncated) break;
    // Backward half: for each member y, its paths into s of one leg (y → s) and of two (y → d → s).
    const back1 = new Map<number, WantEdge[]>();
    const back2 = new Map<number, [WantEdge, WantEdge][]>();
    for (const last of graph.inOf(s)) {
      if (!usable(last)) continue;
      const d = last.giverId;
      push(back1, d, last);
      for (const before of graph.inOf(d)) {
        steps += 1;
        const y = before.giverId;
        if (y === s || !usable(before) || before.listingId === last.listingId) continue;
        push(back2, y, [before, last]);
      }
    }
    if (!back1.size) continue;

    const firsts = options.firstEdge ? [options.firstEdge] : graph.outOf(s);
    for (const e1 of firsts) {
      if (truncated || steps > maxSteps) break;
      if (!usable(e1)) continue;
      const a = e1.receiverId;
      // L = 2: s → a → s.
      for (const back of back1.get(a) ?? NONE) if (back.listingId !== e1.listingId) add([e1, back], s);
      for (const e2 of graph.outOf(a)) {
        steps += 1;
        const b = e2.receiverId;
        if (b === s || !usable(e2)) continue;
        // L = 3: s → a → b → s.
        for (const back of back1.get(b) ?? NONE) add([e1, e2, back], s);
        // L = 4: s → a → b → d → s, d ∉ {s, a, b} (d ≠ s by construction).
        for (const [e3, e4] of back2.get(b) ?? NO_PAIRS) {
          steps += 1;
          if (e3.receiverId !== a) add([e1, e2, e3, e4], s);
        }
        // L = 5: s → a → b → c → d → s with the middle leg b → c.
        for (const e3 of graph.outOf(b)) {
          steps += 1;
          const c = e3.receiverId;
          if (c === s || c === a || !usable(e3)) continue;
          for (const [e4, e5] of back2.get(c) ?? NO_PAIRS) {
            steps += 1;
            const d = e4.receiverId;
            if (d !== a && d !== b) add([e1, e2, e3, e4, e5], s);
          }
        }
        if (steps > maxSteps) break;
      }
    }
    if (steps > maxSteps) truncated = true;
  }
  return { circles: [...found.values()], truncated, steps };
}

/** Two members as a key of `separatedPairs`, the same in either order. */
export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Whether two of the circle's members (its givers) are in a block. */
function joinsSeparated(legs: readonly WantEdge[], separated: ReadonlySet<string>): boolean {
  for (let i = 0; i < legs.length; i++)
    for (let j = i + 1; j < legs.length; j++)
      if (separated.has(pairKey(legs[i]!.giverId, legs[j]!.giverId))) return true;
  return false;
}

/** The circles through one edge (the new want), under the same rules. */
export function circlesThroughEdge(graph: WantGraph, edge: WantEdge, options: EnumerationOptions = {}): Enumeration {
  return enumerateCircles(graph, [edge.giverId], { ...options, firstEdge: edge });
}

// ---------------------------------------------------------------------------------------------
// Ordering of single circles

/**
 * The order of circles proposed one at a time (the incremental search's choice among the circles
 * through a new want): most members first (the global objective restricted to one circle: the
 * most members receive something), then the shorter ring, then the legs key (a stable order).
 */
export function compareForIncremental(a: Circle, b: Circle): number {
  return b.legs.length - a.legs.length || a.miles - b.miles || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// Selection of disjoint circles

export interface SelectionOptions {
  /** Branch-and-bound nodes allowed over all groups; past it, greedy + improvement for the rest. */
  maxWork?: number;
}

export interface Selection {
  circles: Circle[];
  /** Members who receive something (the sum of the chosen circles' sizes). */
  served: number;
  /** True when every group was solved to optimality (no budget ran out). */
  exact: boolean;
  /** Branch-and-bound nodes plus local-search moves used. */
  work: number;
}

export const DEFAULT_SELECTION_WORK = 200_000;

/** Σ size² of a set of circles (lower is better among sets serving the same members). */
export const sizeSquares = (circles: readonly Circle[]) => circles.reduce((sum, c) => sum + c.legs.length ** 2, 0);
export const totalMiles = (circles: readonly Circle[]) => circles.reduce((sum, c) => sum + c.miles, 0);
export const servedBy = (circles: readonly Circle[]) => circles.reduce((sum, c) => sum + c.legs.length, 0);

/**
 * Compares two sets of disjoint circles by the selection's objective: more members served, then
 * the smaller Σ size² (fewer members per circle), then fewer total miles. Negative: `a` is better.
 * Miles are compared at the resolution the selection uses (whole miles, capped; see `milesUnits`).
 */
export function compareSelections(a: readonly Circle[], b: readonly Circle[]): number {
  return servedBy(b) - servedBy(a) || sizeSquares(a) - sizeSquares(b) || unitsOf(a) - unitsOf(b);
}
const unitsOf = (circles: readonly Circle[]) => circles.reduce((sum, c) => sum + milesUnits(c.miles), 0);

/** Distance in whole miles, capped: rings longer than this are equally far for tie-breaking. */
export const MAX_RING_MILES = 20_000;
export const milesUnits = (miles: number) => Math.min(MAX_RING_MILES, Math.round(miles));

/**
 * Chooses disjoint circles maximising, in order: members served, −Σ size², −Σ miles.
 *
 * 1. Circles on the same set of members conflict entirely; only the best of them (shortest ring,
 *    then legs key) is kept.
 * 2. Circles fall into independent groups (connected through shared members); each is solved on
 *    its own, smallest first.
 * 3. In each group a scalar weight encodes the lexicographic objective exactly (see `weights`),
 *    an incumbent comes from three greedy orders, and branch and bound (branch on the most
 *    constrained member: one of its circles, or leave it unserved; bound: the sum over the members
 *    still free of the best weight per member any circle gives them) proves or improves it. When
 *    the work budget runs out, the best packing so far is improved by local search and kept.
 */
export function selectCircles(candidates: readonly Circle[], options: SelectionOptions = {}): Selection {
  let budget = options.maxWork ?? DEFAULT_SELECTION_WORK;
  // 1. One circle per member set.
  const bySet = new Map<string, Circle>();
  for (const circle of candidates) {
    const set = circle.legs
      .map((l) => l.giverId)
      .sort((x, y) => x - y)
      .join(',');
    const held = bySet.get(set);
    if (!held || circle.miles < held.miles || (circle.miles === held.miles && circle.key < held.key))
      bySet.set(set, circle);
  }
  const circles = [...bySet.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  // 2. Groups: union-find over members.
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    while (parent.get(x) !== root) {
      const next = parent.get(x)!;
      parent.set(x, root);
      x = next;
    }
    return root;
  };
  for (const circle of circles) {
    const members = circle.legs.map((l) => l.giverId);
    for (const m of members) if (!parent.has(m)) parent.set(m, m);
    for (const m of members.slice(1)) {
      const a = find(members[0]!);
      const b = find(m);
      if (a !== b) parent.set(a, b);
    }
  }
  const groups = new Map<number, Circle[]>();
  for (const circle of circles) push(groups, find(circle.legs[0]!.giverId), circle);
  const ordered = [...groups.values()].sort((a, b) => a.length - b.length);

  // 3. Each group.
  const chosen: Circle[] = [];
  let exact = true;
  let work = 0;
  for (const group of ordered) {
    const result = solveGroup(group, budget);
    budget = Math.max(0, budget - result.work);
    work += result.work;
    exact &&= result.exact;
    chosen.push(...result.circles);
  }
  chosen.sort(compareForIncremental);
  return { circles: chosen, served: servedBy(chosen), exact, work };
}

/**
 * Integer weights whose sum orders packings exactly as the objective does, for a group of n
 * members: w(c) = |c|·A − |c|²·B − miles(c), with B above any total of miles and A above any
 * total of |c|²·B. Miles are counted in units (1, 10, 100… miles) coarse enough that n·A stays
 * below 2⁵³, where doubles are exact integers.
 */
export function weights(group: readonly Circle[], n: number): { weight: Float64Array; unit: number } {
  let unit = 1;
  for (;;) {
    const maxUnits = Math.ceil(MAX_RING_MILES / unit);
    const B = Math.floor(n / 2) * maxUnits + 1;
    const A = 5 * n * B + 1;
    if (n * A < 2 ** 53 || unit >= 1e6) {
      const weight = new Float64Array(group.length);
      group.forEach((c, i) => {
        const size = c.legs.length;
        weight[i] = size * A - size * size * B - Math.round(milesUnits(c.miles) / unit);
      });
      return { weight, unit };
    }
    unit *= 10;
  }
}

interface GroupResult {
  circles: Circle[];
  exact: boolean;
  work: number;
}

function solveGroup(group: Circle[], budget: number): GroupResult {
  if (group.length === 1) return { circles: group, exact: true, work: 1 };
  // Local member indices.
  const index = new Map<number, number>();
  for (const c of group) for (const leg of c.legs) if (!index.has(leg.giverId)) index.set(leg.giverId, index.size);
  const n = index.size;
  const { weight } = weights(group, n);
  const members = group.map((c) => Int32Array.from(c.legs.map((l) => index.get(l.giverId)!)));
  const circlesOf: number[][] = Array.from({ length: n }, () => []);
  members.forEach((ms, c) => ms.forEach((m) => circlesOf[m]!.push(c)));
  // A member in every circle of the group (a page of one seed: every circle goes through it): at
  // most one circle can be chosen, so the heaviest is the optimum. Without this, branch and bound
  // (most constrained member first, that member last) spent a page's whole selection budget on
  // the bench's first page and stopped short of proving it (decision 042).
  if (circlesOf.some((list) => list.length === group.length)) {
    let top = 0;
    for (let c = 1; c < group.length; c++) if (weight[c]! > weight[top]!) top = c;
    return { circles: [group[top]!], exact: true, work: group.length };
  }
  for (const list of circlesOf) list.sort((x, y) => weight[y]! - weight[x]! || x - y);
  // Each member's best share of a circle's weight: the bound's per-member term.
  const share = new Float64Array(n);
  for (let m = 0; m < n; m++) share[m] = Math.max(...circlesOf[m]!.map((c) => weight[c]! / members[c]!.length));

  let work = 0;
  // Incumbent: the best of three greedy orders (most members first, fewest members first, fewest
  // conflicts first).
  const byWeight = group.map((_, i) => i).sort((x, y) => weight[y]! - weight[x]! || x - y);
  const byShare = group
    .map((_, i) => i)
    .sort((x, y) => weight[y]! / members[y]!.length - weight[x]! / members[x]!.length || x - y);
  const conflicts = members.map((ms) => ms.reduce((sum, m) => sum + circlesOf[m]!.length, 0));
  const byConflicts = group
    .map((_, i) => i)
    .sort((x, y) => conflicts[x]! - conflicts[y]! || weight[y]! - weight[x]! || x - y);
  let best: number[] = [];
  let bestValue = -1;
  for (const order of [byWeight, byShare, byConflicts]) {
    const { chosen, value } = greedy(order, members, n, weight);
    work += 1;
    if (value > bestValue) {
      bestValue = value;
      best = chosen;
    }
  }

  // Branch and bound. Members in order of fewest circles (most constrained first).
  const order = Array.from({ length: n }, (_, m) => m).sort(
    (x, y) => circlesOf[x]!.length - circlesOf[y]!.length || x - y,
  );
  const state = new Uint8Array(n); // 0 free, 1 in a chosen circle, 2 left unserved
  let remaining = 0;
  for (let m = 0; m < n; m++) remaining += share[m]!;
  const stack: number[] = [];
  let aborted = false;
  const available = (c: number) => {
    const ms = members[c]!;
    for (let i = 0; i < ms.length; i++) if (state[ms[i]!] !== 0) return false;
    return true;
  };
  const search = (pos: number, value: number) => {
    if (aborted) return;
    if (++work > budget) {
      aborted = true;
      return;
    }
    while (pos < n && state[order[pos]!] !== 0) pos += 1;
    if (pos === n) {
      if (value > bestValue) {
        bestValue = value;
        best = stack.slice();
      }
      return;
    }
    // Bound: no packing from here can beat the incumbent.
    if (value + remaining <= bestValue) return;
    const m = order[pos]!;
    for (const c of circlesOf[m]!) {
      if (!available(c)) continue;
      const ms = members[c]!;
      let taken = 0;
      for (let i = 0; i < ms.length; i++) {
        state[ms[i]!] = 1;
        taken += share[ms[i]!]!;
      }
      remaining -= taken;
      stack.push(c);
      search(pos + 1, value + weight[c]!);
      stack.pop();
      remaining += taken;
      for (let i = 0; i < ms.length; i++) state[ms[i]!] = 0;
      if (aborted) return;
    }
    // Or m receives nothing.
    state[m] = 2;
    remaining -= share[m]!;
    search(pos + 1, value);
    remaining += share[m]!;
    state[m] = 0;
  };
  search(0, 0);
  if (aborted) {
    // Out of budget: improve the best packing found by local search, within a tenth more work.
    const improved = improve(
      { chosen: best, value: bestValue },
      members,
      circlesOf,
      weight,
      n,
      byWeight,
      Math.ceil(budget / 10),
    );
    work += improved.used;
    if (improved.value > bestValue) best = improved.chosen;
  }
  return { circles: best.map((c) => group[c]!), exact: !aborted, work };
}

/**
 * The plain greedy baseline: circles most members first (then the shorter ring), each taken when
 * all its members are still free. Not used on its own (it can be far from the optimum: one big
 * circle can block two smaller ones that serve more); kept for tests and the benchmark.
 */
export function greedyCircles(candidates: readonly Circle[]): Circle[] {
  const used = new Set<number>();
  const chosen: Circle[] = [];
  for (const circle of [...candidates].sort(compareForIncremental)) {
    if (circle.legs.some((l) => used.has(l.giverId))) continue;
    for (const l of circle.legs) used.add(l.giverId);
    chosen.push(circle);
  }
  return chosen;
}

/** Takes circles in the given order whenever all their members are still free. */
function greedy(
  order: readonly number[],
  members: readonly Int32Array[],
  n: number,
  weight: Float64Array,
): { chosen: number[]; value: number } {
  const used = new Uint8Array(n);
  const chosen: number[] = [];
  let value = 0;
  for (const c of order) {
    const ms = members[c]!;
    if (ms.some((m) => used[m])) continue;
    for (const m of ms) used[m] = 1;
    chosen.push(c);
    value += weight[c]!;
  }
  return { chosen, value };
}

/**
 * Local search from a packing: for each circle not chosen (heaviest first), take it, drop the
 * chosen circles that share a member with it, refill the freed members greedily (heaviest first)
 * and keep the result when the total weight grows. Repeats until a full round finds nothing or
 * `budget` moves are spent. Finds, among others, the two disjoint circles that replace one big one.
 */
function improve(
  start: { chosen: number[]; value: number },
  members: readonly Int32Array[],
  circlesOf: readonly number[][],
  weight: Float64Array,
  n: number,
  byWeight: readonly number[],
  budget: number,
): { chosen: number[]; value: number; used: number } {
  const owner = new Int32Array(n).fill(-1);
  const chosen = new Set(start.chosen);
  for (const c of chosen) for (const m of members[c]!) owner[m] = c;
  let value = start.value;
  let used = 0;
  let improved = true;
  while (improved && used < budget) {
    improved = false;
    for (const x of byWeight) {
      if (chosen.has(x)) continue;
      if (used > budget) break;
      used += 1;
      const out = new Set<number>();
      for (const m of members[x]!) if (owner[m]! >= 0) out.add(owner[m]!);
      // Members freed by dropping `out`, apart from those x takes.
      const freed = new Set<number>();
      let lost = 0;
      for (const c of out) {
        lost += weight[c]!;
        for (const m of members[c]!) freed.add(m);
      }
      for (const m of members[x]!) freed.delete(m);
      // Refill around the freed members, heaviest first, with circles disjoint from everything kept.
      const taken = new Set<number>(members[x]!);
      const refill: number[] = [];
      let gained = weight[x]!;
      const candidates = [...new Set([...freed].flatMap((m) => circlesOf[m]!))].sort(
        (p, q) => weight[q]! - weight[p]! || p - q,
      );
      used += candidates.length;
      for (const c of candidates) {
        if (c === x) continue;
        const ms = members[c]!;
        if (ms.some((m) => taken.has(m) || (owner[m]! >= 0 && !out.has(owner[m]!)))) continue;
        for (const m of ms) taken.add(m);
        refill.push(c);
        gained += weight[c]!;
      }
      if (gained > lost) {
        for (const c of out) {
          chosen.delete(c);
          for (const m of members[c]!) owner[m] = -1;
        }
        for (const c of [x, ...refill]) {
          chosen.add(c);
          for (const m of members[c]!) owner[m] = c;
        }
        value += gained - lost;
        improved = true;
      }
    }
  }
  return { chosen: [...chosen], value, used };
}

// ---------------------------------------------------------------------------------------------
// One page of the global pass (pure part)

export interface PlanOptions extends EnumerationOptions, SelectionOptions {}

export interface Plan {
  /** The chosen circles, most members first: the order they are proposed in. */
  circles: Circle[];
  candidates: number;
  served: number;
  exact: boolean;
  truncated: boolean;
  steps: number;
  work: number;
}

/**
 * The cron's work on one loaded neighbourhood: every circle through the page's seed members
 * (leaving out excluded keys and listings), then the best disjoint set of them.
 */
export function planPage(graph: WantGraph, seeds: Iterable<number>, options: PlanOptions = {}): Plan {
  const enumeration = enumerateCircles(graph, seeds, options);
  const selection = selectCircles(enumeration.circles, options);
  return {
    circles: selection.circles,
    candidates: enumeration.circles.length,
    served: selection.served,
    exact: selection.exact && !enumeration.truncated,
    truncated: enumeration.truncated,
    steps: enumeration.steps,
    work: selection.work,
  };
}

/** The circle the incremental search proposes first, and the rest in order (see compareForIncremental). */
export function rankThroughEdge(graph: WantGraph, edge: WantEdge, options: EnumerationOptions = {}): Enumeration {
  const enumeration = circlesThroughEdge(graph, edge, options);
  enumeration.circles.sort(compareForIncremental);
  return enumeration;
}
