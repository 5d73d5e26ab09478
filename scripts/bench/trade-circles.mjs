#!/usr/bin/env node
// `npm run bench:circles`: the trade-circle engine's figures (docs/performance.md "Trade circles";
// the algorithm: docs/algorithms/trade-circles.md). Two parts, figures printed, not a timed test:
//
// (a) Scale: the scale bench's community (20,000 members, 100,000 listings: scripts/bench/
//     scale-data.mjs, built once in .wrangler/bench-state/template as `npm run bench` does) plus
//     200,000 wants written by this script (seeded: skewed counts per member, mostly nearby
//     listings, some hub listings with thousands of wants) in its own copy (.wrangler/bench-state/
//     circles). The app runs on it with metering on (METER=1) and wrangler's inspector port, and
//     the script measures:
//       - adding a want as members do it: PUT /api/wants/{listingId} as the signed-in member (the
//         session, the checks and insert, match detection, the incremental circle search and its
//         proposal: the whole request). The members who add sign in first, as the SPA signs in
//         (the password salt, the Argon2id key derived here, the login: decision 015), outside
//         the measurement. Per add: D1 queries, statements, rows read and written, KV reads
//         (X-Meter), and the Worker isolate's CPU from V8's profiler (scripts/worker-cpu.mjs, as
//         `npm run quota` does), p50 / p99 / max; the circles the adds proposed, from the D1
//         file afterwards;
//       - the cron's global pass per invocation (POST /api/dev/trade-circles/pass: one page with
//         a fresh 50-statement budget) over consecutive pages: statements, rows read and CPU;
//         and the whole 15-minute trigger (statements, from the meter), a few runs;
//     and exits 1 when a budget is exceeded: ≤ 10 D1 queries per want added (every add, the whole
//     request), Worker CPU p99 < 10 ms per add and per pass page, ≤ 50 statements per cron
//     invocation.
// (b) Small instances: random want graphs of 6 to 40 members at several want densities, many
//     seeds; the global pass's planning (the same engine code and work budgets the cron uses, one
//     page when the members fit a window, as they do up to 64 seeds) against an exact optimum found
//     by brute force here (all simple cycles of 2..5 members by depth-first search, then an
//     exhaustive search over member-disjoint sets with memoisation); prints the ratio of members
//     served (goal 1.0), and the same for pages of 8 seeds and for plain greedy, for comparison.
//
//   npm run bench:circles                      (both parts)
//   npm run bench:circles -- --only small      (part b only: a few seconds, no app)
//   npm run bench:circles -- --only scale      (part a only)
//   npm run bench:circles -- --skip-build      (serve the last build in dist/)
//   npm run bench:circles -- --fresh           (rebuild the scale dataset first)
//   npm run bench:circles -- --adds 300 --pages 40 --instances 400
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import setupWasm from 'argon2id/lib/setup.js';
import { build } from 'esbuild';
import { BENCH_STATE, copyDataset, ensureDataset, freePort, startApp } from '../lib/bench-app.mjs';
import { attributeSamples, connectProfiler } from '../worker-cpu.mjs';
import { BENCH_PASSWORD, COUNTS, d1File, mulberry32 } from './scale-data.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const ONLY = option('--only', '');
const FRESH = args.includes('--fresh');
const SKIP_BUILD = args.includes('--skip-build');
const ADDS = Number(option('--adds', 300));
const PAGES = Number(option('--pages', 40));
const INSTANCES = Number(option('--instances', 400));
const log = (...parts) => console.log(...parts);

export const BUDGETS = {
  /** Free plan: CPU per invocation. */
  cpuMs: 10,
  /** The issue: D1 queries per want added (the whole PUT /api/wants/{listingId}, the search and its proposal included). */
  wantQueries: 10,
  /** Statements per cron invocation (docs/decisions/022-cron-budget-and-watermarks.md). */
  cronStatements: 50,
};
const WANTS = 200_000;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
};
const fmt = (n, digits = 1) =>
  n === null || n === undefined
    ? '—'
    : Number.isInteger(n)
      ? n.toLocaleString('en-US')
      : n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** The engine and the cron's constants, bundled for Node from the Worker's TypeScript. */
async function loadEngine() {
  const dir = mkdtempSync(join(tmpdir(), 'circles-bench-'));
  const outfile = join(dir, 'engine.mjs');
  await build({
    stdin: {
      contents: `export * from './worker/lib/trade-circles/engine.ts';
        export { PAGE_STEPS, PAGE_MAX_CIRCLES, PAGE_SELECTION_WORK, MAX_SEEDS, INITIAL_SEEDS } from './worker/services/trade-circles/search.ts';`,
      resolveDir: resolve('.'),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile,
    logLevel: 'silent',
  });
  const engine = await import(pathToFileURL(outfile).href);
  rmSync(dir, { recursive: true, force: true });
  return engine;
}

// =============================================================================================
// (b) Small instances against brute force

/** A random instance: n members, 1–3 listings each, each member wanting `density` listings of others on average. */
function randomInstance(random, n, density) {
  const listings = [];
  for (let m = 1; m <= n; m++) {
    const count = 1 + Math.floor(random() * 3);
    for (let k = 0; k < count; k++)
      listings.push({ id: m * 10 + k, owner: m, latitude: 37 + random(), longitude: -122 + random() });
  }
  const edges = [];
  const seen = new Set();
  for (let m = 1; m <= n; m++) {
    // Poisson-like: density on average, at least 0.
    let k = 0;
    for (let i = 0; i < density * 2; i++) if (random() < 0.5) k++;
    for (let i = 0; i < k; i++) {
      const listing = listings[Math.floor(random() * listings.length)];
      if (listing.owner === m || seen.has(`${m}:${listing.id}`)) continue;
      seen.add(`${m}:${listing.id}`);
      edges.push({
        listingId: listing.id,
        giverId: listing.owner,
        receiverId: m,
        latitude: listing.latitude,
        longitude: listing.longitude,
      });
    }
  }
  return { n, edges };
}

/**
 * The exact optimum, independently of the engine: member-level simple cycles of 2..5 (each found
 * once, from its smallest member), then the most members coverable by disjoint cycles, deciding
 * members in order (unserved, or one of the cycles whose smallest member it is), memoised on the
 * set of members already used. Returns null past `limit` calls (instance too big to brute-force).
 */
function bruteForce({ n, edges }, limit = 3_000_000) {
  const out = Array.from({ length: n + 1 }, () => new Set());
  for (const e of edges) out[e.giverId].add(e.receiverId);
  const cyclesFrom = Array.from({ length: n + 1 }, () => []);
  const path = [];
  const onPath = new Set();
  const dfs = (start, node) => {
    for (const next of out[node]) {
      if (next === start && path.length >= 2) {
        let mask = 0n;
        for (const m of path) mask |= 1n << BigInt(m);
        cyclesFrom[start].push({ mask, size: path.length });
      } else if (next > start && !onPath.has(next) && path.length < 5) {
        path.push(next);
        onPath.add(next);
        dfs(start, next);
        path.pop();
        onPath.delete(next);
      }
    }
  };
  for (let s = 1; s <= n; s++) {
    path.push(s);
    onPath.add(s);
    dfs(s, s);
    path.pop();
    onPath.delete(s);
    // Same member set, different order or listings: one is enough for counting members.
    const unique = new Map();
    for (const c of cyclesFrom[s]) unique.set(c.mask, c);
    cyclesFrom[s] = [...unique.values()];
  }
  const memo = new Map();
  let calls = 0;
  const best = (i, used) => {
    if (i > n) return 0;
    if (++calls > limit) throw new Error('limit');
    if (used & (1n << BigInt(i))) return best(i + 1, used);
    const key = `${i}:${used}`;
    const held = memo.get(key);
    if (held !== undefined) return held;
    let value = best(i + 1, used);
    for (const c of cyclesFrom[i])
      if ((c.mask & used) === 0n) value = Math.max(value, c.size + best(i + 1, used | c.mask));
    memo.set(key, value);
    return value;
  };
  try {
    return best(1, 0n);
  } catch (error) {
    if (error.message === 'limit') return null;
    throw error;
  }
}

/**
 * The global pass on an instance, as the cron runs it: pages of `window` seeds (members who want
 * something, in id order), each page planned by the engine with the cron's work budgets on the
 * graph without the listings earlier pages proposed (the D1 caps do not bind at this size).
 * Returns the distinct members who receive something.
 */
function globalPass(engine, { edges }, window) {
  const seeds = [...new Set(edges.map((e) => e.receiverId))].sort((a, b) => a - b);
  const taken = new Set();
  const served = new Set();
  let exact = true;
  for (let i = 0; i < seeds.length; i += window) {
    const graph = new engine.WantGraph(edges);
    const plan = engine.planPage(graph, seeds.slice(i, i + window), {
      excludedListings: taken,
      maxSteps: engine.PAGE_STEPS,
      maxCircles: engine.PAGE_MAX_CIRCLES,
      maxWork: engine.PAGE_SELECTION_WORK,
    });
    exact &&= plan.exact;
    for (const circle of plan.circles) {
      for (const leg of circle.legs) {
        taken.add(leg.listingId);
        served.add(leg.receiverId);
      }
    }
  }
  return { served: served.size, exact };
}

async function smallInstances() {
  const engine = await loadEngine();
  const random = mulberry32(12_345);
  const densities = [0.5, 1, 1.5, 2, 3, 4];
  const rows = new Map(
    densities.map((d) => [
      d,
      { instances: 0, skipped: 0, optimum: 0, pass: 0, paged: 0, greedy: 0, equal: 0, inexact: 0, minRatio: 1, ms: 0 },
    ]),
  );
  let made = 0;
  for (let i = 0; made < INSTANCES && i < INSTANCES * 3; i++) {
    const density = densities[i % densities.length];
    const n = 6 + Math.floor(random() * 35); // 6..40 members
    const instance = randomInstance(random, n, density);
    const row = rows.get(density);
    const optimum = bruteForce(instance);
    if (optimum === null) {
      row.skipped += 1;
      continue;
    }
    made += 1;
    const started = performance.now();
    const pass = globalPass(engine, instance, engine.MAX_SEEDS);
    row.ms += performance.now() - started;
    const paged = globalPass(engine, instance, 8);
    const all = engine.enumerateCircles(
      new engine.WantGraph(instance.edges),
      [...new Set(instance.edges.map((e) => e.receiverId))],
      { maxCircles: 1e6, maxSteps: 1e9 },
    ).circles;
    const greedy = engine.servedBy(engine.greedyCircles(all));
    row.instances += 1;
    row.optimum += optimum;
    row.pass += pass.served;
    row.paged += paged.served;
    row.greedy += greedy;
    if (pass.served === optimum) row.equal += 1;
    if (!pass.exact) row.inexact += 1;
    if (optimum > 0) row.minRatio = Math.min(row.minRatio, pass.served / optimum);
  }
  const total = {
    instances: 0,
    skipped: 0,
    optimum: 0,
    pass: 0,
    paged: 0,
    greedy: 0,
    equal: 0,
    inexact: 0,
    minRatio: 1,
    ms: 0,
  };
  for (const row of rows.values())
    for (const key of Object.keys(total))
      total[key] = key === 'minRatio' ? Math.min(total[key], row[key]) : total[key] + row[key];
  const ratio = (a, b) => (b ? (a / b).toFixed(4) : '—');
  log('\n(b) Small instances (6–40 members, 1–3 listings each): global pass vs brute-force optimum, members served');
  log(
    table(
      [
        'wants per member',
        'instances',
        'skipped',
        'optimum Σ',
        'pass Σ',
        'pass / optimum',
        'equal',
        'min ratio',
        'pages of 8 / optimum',
        'greedy / optimum',
        'pass ms (mean)',
      ],
      [...rows.entries(), ['all', total]].map(([d, r]) => [
        d,
        r.instances,
        r.skipped,
        fmt(r.optimum),
        fmt(r.pass),
        ratio(r.pass, r.optimum),
        `${r.equal}/${r.instances}`,
        r.minRatio.toFixed(3),
        ratio(r.paged, r.optimum),
        ratio(r.greedy, r.optimum),
        r.instances ? (r.ms / r.instances).toFixed(2) : '—',
      ]),
    ),
  );
  log(
    `Skipped: instances whose brute force passed 3M calls (dense and large). "pass": one page of up to ${engine.MAX_SEEDS} seeds (the window a sparse community's pages grow to, doubling from ${engine.INITIAL_SEEDS} in ${Math.ceil(Math.log2(engine.MAX_SEEDS / engine.INITIAL_SEEDS))} runs); "pages of 8": a small window, page by page. Pages can serve more than the optimum's members: across pages a member may join a second circle with another listing, which the optimum (one circle per member) does not count.`,
  );
  return { ...total, ratio: total.optimum ? total.pass / total.optimum : 1 };
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// =============================================================================================
// (a) Scale

// The scale bench's dataset and the app on a copy of it: scripts/lib/bench-app.mjs (one way, shared
// with `npm run bench` and `npm run quota`).
const CIRCLES = join(BENCH_STATE, 'circles');

/**
 * 200,000 wants (seeded), written into the copy: each member wants a skewed number of listings
 * (mean 10, at most the contract's 200), 55 % near their own listings (by latitude order), 35 %
 * anywhere, 10 % among 100 hub listings (a Pareto draw: the top hubs get thousands of wants).
 * Only active listings of other members. Returns the figures and, for the adds, the in-memory graph
 * and the members who can sign in with the bench password's key (the stored password in the
 * current format: all but the 40 legacy rows the password-upgrade job rewrites) by username.
 */
function writeWants(file) {
  const random = mulberry32(20_261_123);
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous = OFF;');
  const listings = db
    .prepare(
      "SELECT id, user_id AS owner, coalesce(latitude, 0) AS lat FROM listings WHERE status = 'active' ORDER BY lat, id",
    )
    .all();
  const users = db.prepare("SELECT id, username, password LIKE '$relief$%' AS current FROM users ORDER BY id").all();
  const members = users.map((r) => r.id);
  const usernames = new Map(users.filter((r) => r.current).map((r) => [r.id, r.username]));
  const position = new Map();
  listings.forEach((l, i) => {
    if (!position.has(l.owner)) position.set(l.owner, i);
  });
  const hubs = Array.from({ length: 100 }, () => Math.floor(random() * listings.length));
  const wanted = new Set();
  const rows = [];
  let guard = 0;
  while (rows.length < WANTS && guard++ < 50) {
    for (const member of members) {
      if (rows.length >= WANTS) break;
      const count =
        Math.min(200, Math.floor(-Math.log(1 - random()) * 9) + (random() < 0.002 ? 150 : 0)) + (guard === 1 ? 1 : 0);
      const home = position.get(member) ?? Math.floor(random() * listings.length);
      for (let k = 0; k < count && rows.length < WANTS; k++) {
        const r = random();
        const index =
          r < 0.55
            ? Math.min(listings.length - 1, Math.max(0, home + Math.floor((random() - 0.5) * 600)))
            : r < 0.9
              ? Math.floor(random() * listings.length)
              : hubs[Math.min(99, Math.floor(100 * random() ** 3))];
        const listing = listings[index];
        if (listing.owner === member || wanted.has(`${member}:${listing.id}`)) continue;
        wanted.add(`${member}:${listing.id}`);
        rows.push([member, listing.id]);
      }
    }
  }
  const t0 = Date.now();
  db.exec('BEGIN');
  db.exec('DELETE FROM wants');
  const insert = db.prepare('INSERT INTO wants (user_id, listing_id, created_at) VALUES (?, ?, ?)');
  rows.forEach(([member, listing], i) =>
    insert.run(member, listing, new Date(t0 - (rows.length - i) * 1000).toISOString()),
  );
  db.exec('COMMIT');
  const perListing = db
    .prepare('SELECT max(n) AS max, count(*) AS listings FROM (SELECT count(*) AS n FROM wants GROUP BY listing_id)')
    .get();
  const perMember = db
    .prepare('SELECT max(n) AS max, count(*) AS members FROM (SELECT count(*) AS n FROM wants GROUP BY user_id)')
    .get();
  // The graph, for choosing wants that close circles.
  const owner = new Map(listings.map((l) => [l.id, l.owner]));
  const out = new Map(); // giver → [[listing, receiver]]
  const listingsOf = new Map();
  for (const l of listings) listingsOf.set(l.owner, [...(listingsOf.get(l.owner) ?? []), l.id]);
  for (const [member, listing] of rows) {
    const giver = owner.get(listing);
    if (!out.has(giver)) out.set(giver, []);
    out.get(giver).push(receiverPair(listing, member));
  }
  db.close();
  return {
    wants: rows.length,
    maxPerListing: perListing.max,
    wantedListings: perListing.listings,
    maxPerMember: perMember.max,
    wantingMembers: perMember.members,
    out,
    listingsOf,
    wanted,
    members,
    listings,
    random,
    usernames,
  };
}
const receiverPair = (listing, receiver) => ({ listing, receiver });

/**
 * Wants to add: `closing` ones (r wants a listing of g where a path r → … → g of 1..4 legs exists,
 * so the want closes a circle of 2..5 members) and random ones (the same mix as the dataset). The
 * wanters r are members who can sign in (`usernames`).
 */
function chooseAdds(graph, count) {
  const { out, listingsOf, wanted, listings, random, usernames } = graph;
  const adders = [...usernames.keys()];
  const adds = [];
  let tries = 0;
  while (adds.length < count && tries++ < count * 200) {
    const r = adders[Math.floor(random() * adders.length)];
    const closing = adds.length % 2 === 0;
    let g = null;
    let hops = 0;
    if (closing) {
      // A random walk forward from r of 1..4 legs, distinct members.
      const length = 1 + Math.floor(random() * 4);
      const seen = new Set([r]);
      let at = r;
      for (let step = 0; step < length; step++) {
        const next = (out.get(at) ?? []).filter((e) => !seen.has(e.receiver));
        if (!next.length) break;
        at = next[Math.floor(random() * next.length)].receiver;
        seen.add(at);
        hops = step + 1;
      }
      if (hops === 0) continue;
      g = at;
    } else {
      g = listings[Math.floor(random() * listings.length)].owner;
    }
    const options = (listingsOf.get(g) ?? []).filter((id) => !wanted.has(`${r}:${id}`));
    if (g === r || !options.length) continue;
    const listing = options[Math.floor(random() * options.length)];
    wanted.add(`${r}:${listing}`);
    adds.push({
      userId: r,
      username: usernames.get(r),
      listingId: listing,
      closing,
      members: closing ? hops + 1 : null,
    });
  }
  return adds;
}

async function scale() {
  const dataset = await ensureDataset({ fresh: FRESH, log });
  log('Copying the scale dataset and writing 200,000 wants…');
  copyDataset('circles');
  const started = Date.now();
  const graph = writeWants(d1File(CIRCLES));
  log(
    `  ${fmt(graph.wants)} wants by ${fmt(graph.wantingMembers)} members on ${fmt(graph.wantedListings)} listings (most wanted listing: ${fmt(graph.maxPerListing)} wants; most wants by one member: ${graph.maxPerMember}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const adds = chooseAdds(graph, ADDS);

  const inspectorPort = await freePort();
  log(`Starting the app on it (metering on${SKIP_BUILD ? ', last build' : ', building first'})…`);
  const { base, app, stop } = await startApp({ persist: CIRCLES, inspectorPort, skipBuild: SKIP_BUILD });
  const exited = new Promise((r) => app.on('exit', r));

  const profiler = await connectProfiler(inspectorPort, { workerName: 'barter-market' });
  /** One request as the SPA sends it (each from its own client address, as members' are: the sign-in limit is per address). */
  const randomIp = () =>
    `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const call = async (method, path, { body, cookie } = {}) => {
    const headers = { Origin: base, 'CF-Connecting-IP': randomIp() };
    if (cookie) headers.Cookie = cookie;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    const header = response.headers.get('X-Meter');
    if (!header) throw new Error(`${method} ${path}: no X-Meter header; is METER on?`);
    return { body: text ? JSON.parse(text) : null, counts: JSON.parse(header), response };
  };
  const post = (path, body) => call('POST', path, { body: body ?? {} });

  // Sign-in as the SPA does it (decision 015): the salt from the server, the Argon2id key derived
  // here (the browser's part), the login. A key is kept per salt (each member's is its name's,
  // at Argon2id's smallest cost in the bench data, scale-data.mjs).
  const simdWasm = await WebAssembly.compile(readFileSync('node_modules/argon2id/dist/simd.wasm'));
  const argon2id = await setupWasm(
    async (imports) => ({ module: simdWasm, instance: await WebAssembly.instantiate(simdWasm, imports) }),
    async (imports) => ({ module: simdWasm, instance: await WebAssembly.instantiate(simdWasm, imports) }),
  );
  const keys = new Map();
  const signIn = async (username) => {
    const { body: salt } = await post('/api/auth/password-salt', { username });
    const cacheKey = JSON.stringify(salt);
    if (!keys.has(cacheKey)) {
      const key = argon2id({
        password: new TextEncoder().encode(BENCH_PASSWORD),
        salt: Buffer.from(salt.salt, 'base64'),
        memorySize: salt.memorySize,
        passes: salt.passes,
        parallelism: salt.parallelism,
        tagLength: salt.tagLength,
      });
      keys.set(cacheKey, `argon2id:${Buffer.from(key).toString('base64url')}`);
    }
    const login = await post('/api/auth/login', { username, password: keys.get(cacheKey) });
    const cookie = /sid=[^;]+/.exec(login.response.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie || login.body.id === undefined) throw new Error(`Signing in ${username} gave no session`);
    return cookie;
  };
  const wanters = [...new Map(adds.map((a) => [a.userId, a.username])).entries()];
  log(`Signing in the ${wanters.length} members who add wants (salt, key, login)…`);
  const cookies = new Map();
  for (const [id, username] of wanters) cookies.set(id, await signIn(username));
  /** Adds the want through the real route as its member; a want that was already there is an error (nothing would be measured). */
  const addWant = async (add) => {
    const result = await call('PUT', `/api/wants/${add.listingId}`, { cookie: cookies.get(add.userId) });
    if (result.body?.listingId !== add.listingId || !(result.counts.d1RowsWritten > 0))
      throw new Error(
        `PUT /api/wants/${add.listingId} as member ${add.userId} added nothing: ${JSON.stringify(result.body)}`,
      );
    return result;
  };
  /** Runs the calls with the profiler on; returns each call's result with its Worker CPU (ms). */
  const profiled = async (calls) => {
    await profiler.start();
    const results = [];
    for (const [kind, fn] of calls) results.push(await profiler.track(kind, fn));
    const { profile, windows } = await profiler.stop();
    const attributed = attributeSamples(profile, windows);
    return results.map((r, i) => ({ ...r, cpuMs: attributed.windows[i].ms }));
  };

  // Warm-up (the isolate compiles the code on first use), not counted.
  for (const add of adds.slice(0, 5)) await addWant(add);
  log(
    `Adding ${adds.length - 5} wants through PUT /api/wants/{listingId} (half of them closing a circle of 2–5 members)…`,
  );
  const measured = [];
  const addsStarted = new Date().toISOString();
  for (let i = 5; i < adds.length; i += 25) {
    const chunk = adds.slice(i, i + 25);
    const results = await profiled(chunk.map((add) => [add.closing ? 'closing' : 'random', () => addWant(add)]));
    results.forEach((r, k) => measured.push({ ...r, add: chunk[k] }));
  }
  const addsEnded = new Date().toISOString();

  log(`Running ${PAGES} pages of the global pass…`);
  const pages = [];
  for (let i = 0; i < PAGES; i += 10) {
    const results = await profiled(
      Array.from({ length: Math.min(10, PAGES - i) }, () => ['pass', () => post('/api/dev/trade-circles/pass')]),
    );
    pages.push(...results);
  }
  log('Running the whole 15-minute trigger three times…');
  const triggers = [];
  for (let i = 0; i < 3; i++) {
    const before = (await (await fetch(`${base}/api/dev/meter`)).json()).scheduled['*/15 * * * *']?.runs ?? 0;
    const [result] = await profiled([
      [
        'trigger',
        async () => {
          await fetch(
            `${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${Date.now() + i * 900_000}`,
          );
          for (let k = 0; k < 200; k++) {
            const state = await (await fetch(`${base}/api/dev/meter`)).json();
            if ((state.scheduled['*/15 * * * *']?.runs ?? 0) > before) return state.scheduled['*/15 * * * *'].last;
            await new Promise((r) => setTimeout(r, 100));
          }
          throw new Error('The trigger reported no meter');
        },
      ],
    ]);
    triggers.push(result);
  }
  profiler.close?.();
  stop();
  await exited;

  // The circles the measured adds proposed (the incremental search proposes at once; the pass's
  // come later), from the D1 file: each with its size and whether it holds an added want as a leg.
  const db = new DatabaseSync(d1File(CIRCLES), { readOnly: true });
  const circles = db
    .prepare(
      `SELECT c.id, count(*) AS size, json_group_array(l.receiver_id || ':' || l.listing_id) AS legs
         FROM trade_circles c JOIN trade_circle_legs l ON l.circle_id = c.id
        WHERE c.created_at >= ?1 AND c.created_at <= ?2 GROUP BY c.id`,
    )
    .all(addsStarted, addsEnded)
    .map((c) => ({ size: c.size, legs: new Set(JSON.parse(c.legs)) }));
  db.close();

  // Report
  const violations = [];
  const stat = (values) => ({
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: Math.max(...values),
    mean: values.reduce((a, b) => a + b, 0) / values.length,
  });
  const addQueries = stat(measured.map((m) => m.counts.d1Queries));
  const addStatements = stat(measured.map((m) => m.counts.d1Statements));
  const addRows = stat(measured.map((m) => m.counts.d1RowsRead));
  const addWritten = stat(measured.map((m) => m.counts.d1RowsWritten));
  const addKv = stat(measured.map((m) => m.counts.kvReads));
  const addKvWrites = stat(measured.map((m) => m.counts.kvWrites ?? 0));
  const addCpu = stat(measured.map((m) => m.cpuMs));
  const bySize = [2, 3, 4, 5].map((s) => circles.filter((c) => c.size === s).length);
  const inCircle = (m) => circles.some((c) => c.legs.has(`${m.add.userId}:${m.add.listingId}`));
  log(
    `\n(a) Scale: ${fmt(dataset.figures.rows?.users ?? COUNTS.members)} members, ${fmt(dataset.figures.rows?.listings ?? COUNTS.listings)} listings, ${fmt(graph.wants)} wants`,
  );
  log(
    '\nAdding a want (PUT /api/wants/{listingId} as the signed-in member: session, checks and insert, match detection, the incremental search and its proposal; per request)',
  );
  log(
    table(
      ['figure', 'p50', 'p99', 'max', 'mean'],
      [
        ['D1 queries', addQueries.p50, addQueries.p99, addQueries.max, addQueries.mean.toFixed(2)],
        ['D1 statements', addStatements.p50, addStatements.p99, addStatements.max, addStatements.mean.toFixed(2)],
        ['rows read', fmt(addRows.p50), fmt(addRows.p99), fmt(addRows.max), fmt(Math.round(addRows.mean))],
        ['rows written', fmt(addWritten.p50), fmt(addWritten.p99), fmt(addWritten.max), addWritten.mean.toFixed(1)],
        ['KV reads', addKv.p50, addKv.p99, addKv.max, addKv.mean.toFixed(2)],
        ['KV writes', addKvWrites.p50, addKvWrites.p99, addKvWrites.max, addKvWrites.mean.toFixed(2)],
        ['Worker CPU ms', addCpu.p50.toFixed(2), addCpu.p99.toFixed(2), addCpu.max.toFixed(2), addCpu.mean.toFixed(2)],
      ],
    ),
  );
  log(
    `${measured.length} adds by ${new Set(measured.map((m) => m.add.userId)).size} members; circles proposed: ${circles.length} (of 2/3/4/5 members: ${bySize.join('/')}); closing wants in a proposed circle: ${measured.filter((m) => m.add.closing && inCircle(m)).length}/${measured.filter((m) => m.add.closing).length}; random ones: ${measured.filter((m) => !m.add.closing && inCircle(m)).length}/${measured.filter((m) => !m.add.closing).length}.`,
  );
  const split = (pick) => {
    const part = measured.filter(pick);
    return part.length
      ? `${part.length} adds, p50 ${percentile(
          part.map((m) => m.counts.d1Queries),
          50,
        )} queries, ${percentile(
          part.map((m) => m.counts.d1Statements),
          50,
        )} statements, ${fmt(
          percentile(
            part.map((m) => m.counts.d1RowsWritten),
            50,
          ),
        )} rows written, ${percentile(
          part.map((m) => m.cpuMs),
          50,
        ).toFixed(2)} ms CPU`
      : 'none';
  };
  log(
    `Adds whose want is in a circle proposed meanwhile: ${split(inCircle)}; the others: ${split((m) => !inCircle(m))}.`,
  );
  if (addQueries.max > BUDGETS.wantQueries)
    violations.push(`want added: ${addQueries.max} D1 queries > ${BUDGETS.wantQueries}`);
  if (addCpu.p99 >= BUDGETS.cpuMs)
    violations.push(`want added: Worker CPU p99 ${addCpu.p99.toFixed(2)} ms ≥ ${BUDGETS.cpuMs} ms`);

  const reports = pages.map((p) => p.body.report).filter(Boolean);
  const pageStatements = stat(pages.map((p) => p.body.statements));
  const pageRows = stat(pages.map((p) => p.body.rowsRead));
  const pageCpu = stat(pages.map((p) => p.cpuMs));
  const seeds = stat(reports.map((r) => r.seeds));
  log('\nThe global pass, one page per invocation (a fresh budget of 50 statements each)');
  log(
    table(
      ['figure', 'p50', 'p99', 'max', 'mean'],
      [
        ['D1 statements', pageStatements.p50, pageStatements.p99, pageStatements.max, pageStatements.mean.toFixed(1)],
        ['rows read', fmt(pageRows.p50), fmt(pageRows.p99), fmt(pageRows.max), fmt(Math.round(pageRows.mean))],
        [
          'Worker CPU ms',
          pageCpu.p50.toFixed(2),
          pageCpu.p99.toFixed(2),
          pageCpu.max.toFixed(2),
          pageCpu.mean.toFixed(2),
        ],
        ['seeds per page', seeds.p50, seeds.p99, seeds.max, seeds.mean.toFixed(1)],
        [
          'edges loaded',
          percentile(
            reports.map((r) => r.edges),
            50,
          ),
          percentile(
            reports.map((r) => r.edges),
            99,
          ),
          Math.max(...reports.map((r) => r.edges)),
          '',
        ],
        [
          'candidate circles',
          percentile(
            reports.map((r) => r.candidates),
            50,
          ),
          percentile(
            reports.map((r) => r.candidates),
            99,
          ),
          Math.max(...reports.map((r) => r.candidates)),
          '',
        ],
      ],
    ),
  );
  const wantingMembers = graph.wantingMembers;
  const pagesPerSweep = wantingMembers / seeds.mean;
  log(
    `${reports.length} pages: ${reports.reduce((n, r) => n + r.proposed, 0)} circles proposed, ${reports.reduce((n, r) => n + r.lost, 0)} lost to a race, ${reports.filter((r) => r.deferred).length} pages deferred, ${reports.filter((r) => !r.exact).length} not exact (a cap or a work budget bound). Window: ${reports.map((r) => r.window).join(' → ')}.`,
  );
  log(
    `A sweep of the ${fmt(wantingMembers)} members who want something takes ≈ ${fmt(Math.round(pagesPerSweep))} pages (${(pagesPerSweep / 96).toFixed(1)} days at one page per 15-minute run) and reads ≈ ${fmt(Math.round(pageRows.mean * 96))} rows a day.`,
  );
  const slowest = pages
    .map((p, i) => ({ i: i + 1, cpu: p.cpuMs, r: p.body.report, statements: p.body.statements }))
    .sort((x, y) => y.cpu - x.cpu)
    .slice(0, 5);
  log(
    `Slowest pages: ${slowest.map(({ i, cpu, r, statements }) => `#${i} ${cpu.toFixed(2)} ms (${r?.seeds ?? 0} seeds, ${r?.edges ?? 0} edges, ${r?.candidates ?? 0} candidates, ${r?.proposed ?? 0} proposed, ${statements} statements)`).join('; ')}.`,
  );
  if (pageStatements.max > BUDGETS.cronStatements)
    violations.push(`pass page: ${pageStatements.max} statements > ${BUDGETS.cronStatements}`);
  if (pageCpu.p99 >= BUDGETS.cpuMs)
    violations.push(`pass page: Worker CPU p99 ${pageCpu.p99.toFixed(2)} ms ≥ ${BUDGETS.cpuMs} ms`);

  log('\nThe whole 15-minute trigger (all its jobs, the pass included)');
  log(
    table(
      ['run', 'D1 statements', 'rows read', 'rows written', 'Worker CPU ms'],
      triggers.map((t, i) => [i + 1, t.d1Statements, fmt(t.d1RowsRead), fmt(t.d1RowsWritten), t.cpuMs.toFixed(2)]),
    ),
  );
  for (const t of triggers)
    if (t.d1Statements > BUDGETS.cronStatements)
      violations.push(`15-minute trigger: ${t.d1Statements} statements > ${BUDGETS.cronStatements}`);
  return violations;
}

// =============================================================================================

const violations = [];
if (!ONLY || ONLY === 'small') {
  const small = await smallInstances();
  log(
    `\nMembers served, global pass / brute-force optimum over ${small.instances} instances: ${small.ratio.toFixed(4)} (goal 1.0).`,
  );
  if (small.ratio < 1) violations.push(`small instances: ratio ${small.ratio.toFixed(4)} < 1`);
}
if (!ONLY || ONLY === 'scale') violations.push(...(await scale()));
log(
  violations.length
    ? `\n${violations.length} budget${violations.length === 1 ? '' : 's'} exceeded:\n${violations.map((v) => `  ✗ ${v}`).join('\n')}`
    : '\nEvery budget is met.',
);
process.exit(violations.length ? 1 : 0);
