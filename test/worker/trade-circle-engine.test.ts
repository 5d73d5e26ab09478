// The trade-circle engine's pure functions (worker/lib/trade-circles/engine.ts): the want graph,
// enumeration of circles of 2..5 members, and the exact selection of disjoint circles, checked on
// hand-made instances (where greedy is wrong and the optimum is known) and against brute force.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  circlesThroughEdge,
  compareSelections,
  enumerateCircles,
  greedyCircles,
  legsKeyOf,
  makeCircle,
  pairKey,
  planPage,
  rankThroughEdge,
  selectCircles,
  servedBy,
  UNKNOWN_LEG_MILES,
  WantGraph,
  type Circle,
  type WantEdge,
} from '@worker/lib/trade-circles/engine';
import { legsKey } from '@worker/lib/trade-circles/legs';

/** Member m's listing number k has id m * 100 + k; its place is (lat, lng) when given. */
const edge = (giver: number, receiver: number, k = 1, place: [number, number] | null = null): WantEdge => ({
  listingId: giver * 100 + k,
  giverId: giver,
  receiverId: receiver,
  latitude: place ? place[0] : null,
  longitude: place ? place[1] : null,
});

/** A ring of members in order, each giving listing k to the next. */
const ring = (members: number[], k = 1, place?: (m: number) => [number, number]): WantEdge[] =>
  members.map((m, i) => edge(m, members[(i + 1) % members.length]!, k, place ? place(m) : null));

/** A circle over members in ring order (all at one place, so every leg is 0 miles unless given). */
const circle = (members: number[], miles = 0, k = 1): Circle => ({
  ...makeCircle(ring(members, k, () => [0, 0])),
  miles,
});

const membersOf = (c: Circle) => c.legs.map((l) => l.giverId);
const sets = (circles: Circle[]) => circles.map((c) => [...membersOf(c)].sort((a, b) => a - b).join(',')).sort();

describe('legs key', () => {
  it('is the sorted "giver:listing:receiver" list, the same wherever the ring starts, and equals propose.ts legsKey', () => {
    const legs = ring([12, 3, 45]);
    const rotated = [legs[1]!, legs[2]!, legs[0]!];
    expect(legsKeyOf(legs)).toBe('12:1201:3,3:301:45,45:4501:12');
    expect(legsKeyOf(rotated)).toBe(legsKeyOf(legs));
    expect(legsKey(legs)).toBe(legsKeyOf(legs));
  });
});

describe('want graph and enumeration', () => {
  it('drops wants of one’s own listing and repeated edges', () => {
    const graph = new WantGraph([edge(1, 1), edge(1, 2), edge(1, 2), edge(2, 1)]);
    expect(graph.size).toBe(2);
    expect(graph.outOf(1)).toHaveLength(1);
  });

  it('finds rings of 2, 3, 4 and 5 members once each, and never one of 6', () => {
    const edges = [
      ...ring([1, 2]),
      ...ring([10, 11, 12]),
      ...ring([20, 21, 22, 23]),
      ...ring([30, 31, 32, 33, 34]),
      ...ring([40, 41, 42, 43, 44, 45]),
    ];
    const graph = new WantGraph(edges);
    const all = enumerateCircles(graph, [1, 2, 10, 11, 12, 20, 21, 22, 23, 30, 31, 32, 33, 34, 40, 41, 42, 43, 44, 45]);
    expect(all.truncated).toBe(false);
    expect(sets(all.circles)).toEqual(['1,2', '10,11,12', '20,21,22,23', '30,31,32,33,34']);
    // From one seed only: the rings through it.
    expect(sets(enumerateCircles(graph, [33]).circles)).toEqual(['30,31,32,33,34']);
    expect(enumerateCircles(graph, [42]).circles).toEqual([]);
  });

  it('never keeps a circle joining two members of a block, adjacent or not (separatedPairs)', () => {
    const edges = [...ring([1, 2]), ...ring([10, 11, 12, 13]), ...ring([20, 21, 22])];
    const graph = new WantGraph(edges);
    const seeds = [1, 2, 10, 11, 12, 13, 20, 21, 22];
    expect(sets(enumerateCircles(graph, seeds).circles)).toEqual(['1,2', '10,11,12,13', '20,21,22']);
    // 1 and 2 give to each other; 10 and 12 are two legs apart in their ring (a pair key is the same in either order).
    const separatedPairs = new Set([pairKey(2, 1), pairKey(12, 10)]);
    expect(sets(enumerateCircles(graph, seeds, { separatedPairs }).circles)).toEqual(['20,21,22']);
    expect(
      rankThroughEdge(
        graph,
        edges.find((e) => e.giverId === 10)!,
        { separatedPairs },
      ).circles,
    ).toEqual([]);
    expect(
      planPage(graph, seeds, { separatedPairs }).circles.map((c) =>
        membersOf(c)
          .sort((a, b) => a - b)
          .join(','),
      ),
    ).toEqual(['20,21,22']);
  });

  it('keeps members distinct: two swaps sharing a member are not a circle of four', () => {
    // 1 ⇄ 2 and 1 ⇄ 3 (listing 1 of member 1 wanted by both): the walk 1→2→1→3→1 is no circle.
    const graph = new WantGraph([edge(1, 2), edge(2, 1), edge(1, 3), edge(3, 1)]);
    const found = enumerateCircles(graph, [1, 2, 3]).circles;
    expect(sets(found)).toEqual(['1,2', '1,3']);
    for (const c of found) expect(new Set(membersOf(c)).size).toBe(c.legs.length);
  });

  it('the search through one edge finds only the circles containing it, one per choice of listings', () => {
    // 1 → 2 → 3 → 1, a second listing of 2 also wanted by 3, and a swap 1 ⇄ 4 not through the edge.
    const edges = [...ring([1, 2, 3]), edge(2, 3, 2), ...ring([1, 4], 3)];
    const graph = new WantGraph(edges);
    const through = circlesThroughEdge(graph, edges[0]!).circles;
    expect(through.map((c) => c.key).sort()).toEqual(
      [legsKeyOf([edges[0]!, edges[1]!, edges[2]!]), legsKeyOf([edges[0]!, edge(2, 3, 2), edges[2]!])].sort(),
    );
    for (const c of through) expect(c.legs[0]).toEqual(edges[0]);
  });

  it('leaves out excluded legs keys and listings in open circles', () => {
    const edges = [...ring([1, 2, 3]), ...ring([1, 4], 2)];
    const graph = new WantGraph(edges);
    const triangle = legsKeyOf(ring([1, 2, 3]));
    expect(sets(enumerateCircles(graph, [1]).circles)).toEqual(['1,2,3', '1,4']);
    expect(sets(enumerateCircles(graph, [1], { excludedKeys: new Set([triangle]) }).circles)).toEqual(['1,4']);
    expect(sets(enumerateCircles(graph, [1], { excludedListings: new Set([402]) }).circles)).toEqual(['1,2,3']);
  });

  it('stops at its step budget and says so', () => {
    const edges: WantEdge[] = [];
    for (let a = 1; a <= 12; a++) for (let b = 1; b <= 12; b++) if (a !== b) edges.push(edge(a, b));
    const result = enumerateCircles(new WantGraph(edges), [1], { maxSteps: 50 });
    expect(result.truncated).toBe(true);
    const full = enumerateCircles(new WantGraph(edges), [1], { maxCircles: 20_000 });
    expect(full.truncated).toBe(false);
    // Circles of 2..5 members through member 1 in a complete graph on 12: Σ 11!/(11-k+1)! for k = 2..5.
    expect(full.circles).toHaveLength(11 + 11 * 10 + 11 * 10 * 9 + 11 * 10 * 9 * 8);
  });

  it('measures the ring from each listing to the next giver’s listing; unknown places count a fixed distance', () => {
    const places: Record<number, [number, number]> = { 1: [37.8, -122.27], 2: [37.87, -122.27], 3: [37.8, -122.2] };
    const known = makeCircle(ring([1, 2, 3], 1, (m) => places[m]!));
    expect(known.miles).toBeGreaterThan(10);
    expect(known.miles).toBeLessThan(20);
    const unknown = makeCircle(ring([1, 2]));
    expect(unknown.miles).toBe(2 * UNKNOWN_LEG_MILES);
  });

  it('ranks the circles through a new want: most members, then shorter', () => {
    // Edge 1 → 2; back to 1 directly (swap), through 3, and through 3 and 4.
    const edges = [
      edge(1, 2),
      edge(2, 1, 1, [0, 0]),
      edge(2, 3, 2, [0, 0]),
      edge(3, 1, 1, [0, 0]),
      edge(3, 4, 2, [0, 0]),
      edge(4, 1, 1, [0, 0]),
    ];
    const ranked = rankThroughEdge(new WantGraph(edges), edges[0]!).circles;
    expect(ranked.map((c) => c.legs.length)).toEqual([4, 3, 2]);
  });
});

describe('selection of disjoint circles', () => {
  it('a big circle that blocks two smaller ones: greedy serves 5, the optimum 6', () => {
    const candidates = [circle([1, 2, 3, 4, 5]), circle([1, 2, 6]), circle([3, 4, 7])];
    expect(servedBy(greedyCircles(candidates))).toBe(5);
    const best = selectCircles(candidates);
    expect(best.exact).toBe(true);
    expect(best.served).toBe(6);
    expect(sets(best.circles)).toEqual(['1,2,6', '3,4,7']);
  });

  it('circles that all share a member (a page of one seed): the best one, exact, with work linear in the circles', () => {
    // A page of one seed: 300 circles through member 1 over distinct other members (sizes 2 to 5,
    // distances varied); at most one can be chosen, so the best by the objective is the answer.
    const candidates: Circle[] = [];
    for (let i = 0; i < 300; i++) {
      const size = 2 + (i % 4);
      candidates.push(
        circle([1, ...Array.from({ length: size - 1 }, (_, j) => 1000 + i * 10 + j)], 50 + ((i * 37) % 400)),
      );
    }
    const best = selectCircles(candidates, { maxWork: 5_000 });
    expect(best.exact).toBe(true);
    expect(best.circles).toHaveLength(1);
    expect(best.served).toBe(5);
    // The nearest ring of five.
    const fives = candidates.filter((c) => c.legs.length === 5).sort((a, b) => a.miles - b.miles);
    expect(best.circles[0]!.key).toBe(fives[0]!.key);
    expect(best.work).toBeLessThanOrEqual(candidates.length);
  });

  it('a swap that blocks a ring of five: smallest-first would serve 2, the optimum 5', () => {
    const candidates = [circle([1, 2]), circle([1, 2, 3, 4, 5])];
    const best = selectCircles(candidates);
    expect(best.served).toBe(5);
  });

  it('needs two circles out and three in: greedy 10, optimum 12', () => {
    // Two rings of five, and four rings of three each crossing both.
    const candidates = [
      circle([1, 2, 3, 4, 5]),
      circle([6, 7, 8, 9, 10]),
      circle([1, 2, 6]),
      circle([3, 4, 7]),
      circle([5, 8, 11]),
      circle([9, 10, 12]),
    ];
    expect(servedBy(greedyCircles(candidates))).toBe(10);
    const best = selectCircles(candidates);
    expect(best.exact).toBe(true);
    expect(best.served).toBe(12);
    expect(best.circles).toHaveLength(4);
  });

  it('ties go to fewer members per circle: two swaps before a ring of four, 3 + 3 before 2 + 4', () => {
    expect(sets(selectCircles([circle([1, 2, 3, 4]), circle([1, 2]), circle([3, 4])]).circles)).toEqual(['1,2', '3,4']);
    const best = selectCircles([circle([1, 2]), circle([3, 4, 5, 6]), circle([1, 3, 5]), circle([2, 4, 6])]);
    expect(best.served).toBe(6);
    expect(sets(best.circles)).toEqual(['1,3,5', '2,4,6']);
  });

  it('then shorter distances: the shorter order of the same members, the nearer of two equal packings', () => {
    const a = circle([1, 2, 3], 30);
    const b = { ...makeCircle(ring([1, 3, 2])), miles: 12 };
    expect(selectCircles([a, b]).circles[0]!.key).toBe(b.key);
    // Same sizes, disjoint alternatives: the shorter total wins.
    const pick = selectCircles([circle([1, 2], 50), circle([3, 4], 50), circle([1, 3], 10), circle([2, 4], 10)]);
    expect(sets(pick.circles)).toEqual(['1,3', '2,4']);
  });

  it('with no work budget returns a valid packing, marked inexact, at least as good as greedy', () => {
    // Every three of four members form a circle: one can be chosen, which the bound cannot see at once.
    const candidates = [
      circle([1, 2, 3]),
      circle([1, 2, 4]),
      circle([1, 3, 4]),
      circle([2, 3, 4]),
      circle([4, 5, 6, 7, 8]),
    ];
    const cut = selectCircles(candidates, { maxWork: 2 });
    expect(cut.exact).toBe(false);
    expect(cut.served).toBeGreaterThanOrEqual(servedBy(greedyCircles(candidates)));
    const full = selectCircles(candidates);
    expect(full.exact).toBe(true);
    expect(full.served).toBe(8);
    const used = cut.circles.flatMap(membersOf);
    expect(new Set(used).size).toBe(used.length);
  });

  it('equals brute force over every subset on random instances', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            members: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 2, maxLength: 5 }),
            miles: fc.integer({ min: 0, max: 300 }),
          }),
          { minLength: 1, maxLength: 13 },
        ),
        (specs) => {
          const candidates = specs.map((s, i) => circle(s.members, s.miles, i + 1));
          let best: Circle[] = [];
          for (let mask = 1; mask < 1 << candidates.length; mask++) {
            const picked = candidates.filter((_, i) => mask & (1 << i));
            const ms = picked.flatMap(membersOf);
            if (new Set(ms).size !== ms.length) continue;
            if (compareSelections(picked, best) < 0) best = picked;
          }
          const chosen = selectCircles(candidates);
          expect(chosen.exact).toBe(true);
          const ms = chosen.circles.flatMap(membersOf);
          expect(new Set(ms).size).toBe(ms.length);
          expect(compareSelections(chosen.circles, best)).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('one page of the global pass', () => {
  it('enumerates through the seeds and picks the optimum on a dense want graph', () => {
    // 14 members, each wanting 3 listings of others (seeded pseudo-random).
    let x = 7;
    const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const edges: WantEdge[] = [];
    for (let m = 1; m <= 14; m++) {
      for (let k = 0; k < 3; k++) {
        let g = 1 + Math.floor(rnd() * 14);
        if (g === m) g = (g % 14) + 1;
        edges.push(edge(g, m, 1 + Math.floor(rnd() * 2)));
      }
    }
    const graph = new WantGraph(edges);
    const seeds = Array.from({ length: 14 }, (_, i) => i + 1);
    const plan = planPage(graph, seeds);
    expect(plan.exact).toBe(true);
    // Brute force over member-disjoint sets of all circles (search with memo on used members).
    const all = enumerateCircles(graph, seeds).circles;
    const memo = new Map<string, number>();
    const bestServed = (used: Set<number>, from: number): number => {
      const id = `${[...used].sort().join(',')}|${from}`;
      if (memo.has(id)) return memo.get(id)!;
      let best = 0;
      for (let i = from; i < all.length; i++) {
        const ms = membersOf(all[i]!);
        if (ms.some((m) => used.has(m))) continue;
        const next = new Set([...used, ...ms]);
        best = Math.max(best, ms.length + bestServed(next, i + 1));
      }
      memo.set(id, best);
      return best;
    };
    expect(plan.served).toBe(bestServed(new Set(), 0));
  });
});
