#!/usr/bin/env node
// `npm run bench`: the scale bench (docs/performance.md "Scale bench (100k listings)"). Builds, once,
// a local D1 with 20,000 members, 100,000 listings and 500,000 messages in its own state folder
// (.wrangler/bench-state/template, separate from the demo state; rebuilt when this bench's
// generator or the migrations change, or with --fresh), copies it to a working folder for each run
// (so every run starts from the same data, cron backlog included), starts the app on the copy with
// metering on (METER=1, worker/lib/meter), and measures, per API route, per whole page (the calls
// the SPA makes) and per cron run: D1 round trips, statements, rows read and written, KV reads and
// writes, Durable Object calls, and the latency p50/p99 as a ratio to a trivial route measured in
// the same run. Each line gets a verdict against the budgets below; the exit code is 1 when any
// budget is exceeded.
//
//   npm run bench                  (build the SPA and Worker, run the bench)
//   npm run bench -- --fresh       (generate the dataset again first)
//   npm run bench -- --json        (the report as JSON on stdout; progress on stderr)
//   npm run bench -- --markdown    (the tables as Markdown, as in docs/performance.md)
//   npm run bench -- --skip-build  (serve the last build in dist/)
//   npm run bench -- --reps 20     (timed repetitions per route; pages get a quarter)
//   npm run bench -- --only cron   (only the lines whose name contains the text, or one of a|b|c; the trivial route always)
//   BENCH_PROFILE_DIR=dir npm run bench -- --only cron   (also writes each cron run's V8 profile and windows there)
//
// Worker CPU: the column shows the CPU time of the workerd process that runs the Worker per
// request, an upper bound (it includes the runtime's own work); it is reported, not gated.
//
// The page definitions are scripts/lib/pages.mjs, which scripts/quota.mjs uses too; they follow
// what each SPA page requests (src/features/*/api.ts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import * as pages from '../lib/pages.mjs';
import { BENCH_TEMPLATE, copyDataset, ensureDataset, freePort, startApp } from '../lib/bench-app.mjs';
import { workerSession } from '../lib/worker-session.mjs';
import {
  attributeSamples,
  bundleSourceResolver,
  connectProfiler,
  cronInvocationWindows,
  epochOffsetUs,
  objectSampleClassifier,
} from '../worker-cpu.mjs';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, d1File } from './scale-data.mjs';

const args = process.argv.slice(2);
const JSON_OUTPUT = args.includes('--json');
/** Tables as Markdown (for docs/performance.md) instead of aligned text. */
const MARKDOWN = args.includes('--markdown');
const FRESH = args.includes('--fresh');
const SKIP_BUILD = args.includes('--skip-build');
/** `--only <substring>`: only the routes, pages and cron runs whose name contains it ("cron": the four cron runs); alternatives as a|b|c or a,b. */
const ONLY = args.includes('--only') ? String(args[args.indexOf('--only') + 1] ?? '').toLowerCase() : '';
const picked = (name) =>
  !ONLY ||
  ONLY.split(/[|,]/)
    .filter(Boolean)
    .some((part) => name.toLowerCase().includes(part));
// 40 timed calls a line: at 20, a line's p50 ratio moved by up to ±0.2 between runs of the same code.
const REPS =
  Number(args[args.indexOf('--reps') + 1]) > 0 && args.includes('--reps')
    ? Number(args[args.indexOf('--reps') + 1])
    : 40;
const PAGE_REPS = Math.max(3, Math.round(REPS / 4));
const WARMUP = 2;
/** A route stops repeating after this long (and at least 5 timed calls), so slow routes do not stretch the run. */
const ROUTE_SECONDS = 12;
const log = (...parts) => (JSON_OUTPUT ? console.error(...parts) : console.log(...parts));

export const BUDGETS = {
  pageRowsRead: 1_000,
  routeP50Ratio: 2,
  cronQueries: 50,
  /**
   * Worker JS CPU of each cron invocation (the dispatcher, each job call, each Durable Object call
   * they make), gated per call: the free plan's 10 ms less a 2 ms margin for the garbage collector
   * and a slower machine (issue 22: single calls at 10.4–13.8 ms passed a gate on the mean).
   */
  cronInvocationCpuMs: 8,
  /**
   * Rows one trigger run writes at most, backlog included: a tenth of the free plan's 100,000 a
   * day (decision 042; the first backlog run wrote 26,157). Continuations stop at 2,500
   * (TRIGGER_ROWS_WRITTEN); the daily prune of expired rate-limit rows (5,313 on the dataset) is
   * one call whose deletes follow the rows written the day before.
   */
  cronRunRowsWritten: 10_000,
  idleCronRowsRead: 10_000,
  /** Free plan: 50 subrequests (D1 queries among them) per invocation. */
  requestQueries: 50,
  /**
   * Any one browse or search request, whatever the word and the page (decision 041): gated on
   * every call of its line (the worst), not on the mean.
   */
  requestRowsRead: 5_000,
  cpuMs: 10,
};

// The dataset and the app on a copy of it: scripts/lib/bench-app.mjs (shared with scripts/quota.mjs).
const dataset = await ensureDataset({ fresh: FRESH, log });
const t0 = dataset.t0;

log('Copying the dataset to the working state folder…');
const RUN = copyDataset('run');

// The cron runs are profiled (V8's CPU profiler through wrangler's inspector, as in scripts/quota.mjs).
const inspectorPort = await freePort();
const runStarted = Date.now();
log(`Starting the app on it with metering on${SKIP_BUILD ? ' (last build)' : ' (building first)'}…`);
const { base, workerdPids, stop } = await startApp({ persist: RUN, inspectorPort, skipBuild: SKIP_BUILD });
process.on('SIGINT', () => process.exit(130));

function workerdCpuMs() {
  let ns = 0;
  for (const pid of workerdPids) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // A thread that ended meanwhile.
      }
    }
  }
  return ns / 1e6;
}

// ---------------------------------------------------------------------------------------------
// Calls

const FIELDS = [
  'd1Queries',
  'd1Statements',
  'd1RowsRead',
  'd1RowsWritten',
  'kvReads',
  'kvWrites',
  'kvDeletes',
  'r2ClassA',
  'r2ClassB',
  'doRequests',
];
const zero = () => Object.fromEntries(FIELDS.map((f) => [f, 0]));
const add = (into, from) => {
  for (const f of FIELDS) into[f] += from[f] ?? 0;
  return into;
};
const randomIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n, digits = 1) =>
  n === null || n === undefined
    ? '—'
    : Number.isInteger(n)
      ? n.toLocaleString('en-US')
      : n.toLocaleString('en-US', { maximumFractionDigits: digits });

/**
 * A request's whole counts, its work after the reply included (decision 033: bell pushes, match
 * detection and other after-reply work start once the reply has left, so its X-Meter header has
 * only what the reply waited for). The meter answers once that work is done; a request that left
 * none (no X-Meter-Request header) is asked nothing more.
 */
async function settledCounts(response) {
  const id = response.headers.get('X-Meter-Request');
  // No work after the reply: the header has every count.
  if (!id) return JSON.parse(response.headers.get('X-Meter'));
  const answer = await fetch(`${base}/api/dev/meter?request=${id}`);
  if (!answer.ok) throw new Error(`the meter has no counts for request ${id} (${answer.status})`);
  return answer.json();
}

/**
 * One request as the SPA sends it: { status, body, counts, ms, response, settle }. `counts` are the
 * X-Meter header's (up to the reply); settle() resolves to the whole counts once the request's work
 * after the reply is done. Throws on a non-2xx answer.
 */
async function call(method, path, { cookie, body, expect } = {}) {
  const headers = { Origin: base, 'CF-Connecting-IP': randomIp() };
  if (cookie) headers.Cookie = cookie;
  const init = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const started = performance.now();
  const response = await fetch(`${base}${path}`, init);
  const buffer = await response.arrayBuffer();
  const ms = performance.now() - started;
  const header = response.headers.get('X-Meter');
  if (!header) throw new Error(`${method} ${path}: no X-Meter header (status ${response.status}); is METER on?`);
  const text = new TextDecoder().decode(buffer);
  if (!response.ok && response.status !== expect)
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return {
    status: response.status,
    body: parsed,
    counts: JSON.parse(header),
    ms,
    bytes: buffer.byteLength,
    response,
    settle: () => settledCounts(response),
  };
}

const cookieOf = (response) => /sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];

/** The password key as the SPA derives it: the salt from the server, Argon2id here (the browser's part). */
const passwordKey = (username) => workerSession(base, workerdPids).passwordKey(username, BENCH_PASSWORD);
async function signIn(username) {
  const password = await passwordKey(username);
  const login = await call('POST', '/api/auth/login', { body: { username, password } });
  return { cookie: cookieOf(login.response), id: login.body.id, username, password };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Runs `once` (which returns { ms, bytes, settle }) up to WARMUP times untimed (one when it is slow), then
 * up to `reps` times (at least 3, then until `seconds` have passed); the counts are the mean per
 * run. With `reference`, each timed run is preceded by one call of the trivial route, so the ratio
 * compares samples taken under the same machine load (the machine is shared; absolute
 * milliseconds drift with it, the ratio much less).
 */
async function repeat(once, { reps = REPS, seconds = ROUTE_SECONDS, warmup = WARMUP, reference = null } = {}) {
  for (let i = 0; i < warmup; i++) {
    const answer = await once();
    await answer.settle();
    if (answer.ms > 1000) break;
  }
  const samples = [];
  const referenceMs = [];
  const total = zero();
  // The most one timed run cost (decision 041 gates search lines on their worst call).
  const worst = zero();
  let cpu = 0;
  const started = Date.now();
  for (let i = 0; i < reps; i++) {
    if (i >= 3 && Date.now() - started > seconds * 1000) break;
    if (reference) {
      const answer = await reference();
      referenceMs.push(answer.ms);
      await answer.settle();
    }
    const before = workerdCpuMs();
    const { ms, bytes, settle } = await once();
    // The whole counts: waiting for them also lets the call's work after the reply end before the
    // next call starts, and that work's CPU counts in this call's window.
    const counts = await settle();
    cpu += workerdCpuMs() - before;
    samples.push({ ms, bytes });
    add(total, counts);
    for (const f of FIELDS) worst[f] = Math.max(worst[f], counts[f] ?? 0);
  }
  const n = samples.length;
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const perRun = Object.fromEntries(FIELDS.map((f) => [f, total[f] / n]));
  const referenceP50 = referenceMs.length ? median(referenceMs) : null;
  return {
    n,
    perRun,
    worst,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    referenceP50,
    cpuMs: cpu / n,
    bytes: median(samples.map((s) => s.bytes)),
  };
}

// ---------------------------------------------------------------------------------------------
// Who, and what

log('Signing in the bench accounts…');
const admin = await signIn(BENCH_ACCOUNTS.admin.username);
const busiest = await signIn(BENCH_ACCOUNTS.busiest.username);
const member = await signIn(BENCH_ACCOUNTS.member.username);
const thread = dataset.figures.ids.busiestThread;

// Real ids from the API, as the SPA would have them: a listing near Oakland from the first browse page.
const browseFirst = await call('GET', '/api/listings?distance=50&limit=9&offset=0', { cookie: member.cookie });
const nearbyListing = browseFirst.body.find((l) => l.userId !== member.id) ?? browseFirst.body[0];
const seller = { id: nearbyListing.userId, username: nearbyListing.user?.username };
if (!seller.username) seller.username = (await call('GET', `/api/users/${seller.id}`)).body.username;
const NEAR = encodeURIComponent('Oakland, CA');

const TRIVIAL = { name: 'GET /api/categories (trivial route: the reference)', method: 'GET', path: '/api/categories' };

/** Each API route the SPA uses, with realistic parameters (read routes; the writes are below). */
/**
 * Truly common words (issue 22, decision 041): "a", "the", "and", every single letter, and the 50
 * words found in the most listing titles of the dataset, counted from its own database. Each of
 * the lines below asks every word once and is gated on its worst call.
 */
function commonWords(file, n) {
  const db = new DatabaseSync(file, { readOnly: true });
  const inTitles = new Map();
  for (const { title } of db.prepare(`SELECT title FROM listings WHERE status IN ('active', 'pending')`).all()) {
    for (const w of new Set(title.toLowerCase().match(/[a-z0-9]+/g) ?? [])) inTitles.set(w, (inTitles.get(w) ?? 0) + 1);
  }
  db.close();
  const frequent = [...inTitles]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([w]) => w);
  return [...new Set(['a', 'the', 'and', ...'abcdefghijklmnopqrstuvwxyz', ...frequent])];
}
const COMMON_WORDS = commonWords(d1File(BENCH_TEMPLATE), 50);
const eachWord = () => {
  let next = 0;
  return () => COMMON_WORDS[next++ % COMMON_WORDS.length];
};
const askedPlain = eachWord();
const askedNear = eachWord();
const askedDeep = eachWord();
/** The result window (src/shared/constants.ts, read from there): pages from it on are refused. */
const LISTINGS_RESULT_WINDOW = Number(
  /LISTINGS_RESULT_WINDOW = (\d+)/.exec(readFileSync('src/shared/constants.ts', 'utf8'))[1],
);
/** The deepest page of 9 the result window allows (offset 999). */
const DEEPEST = LISTINGS_RESULT_WINDOW - 1;
/** A line that asks every common word once, with no untimed warm-up: every word's call is measured. */
const everyWord = { reps: COMMON_WORDS.length, warmup: 0, seconds: Infinity, bounded: true };
const ROUTES = [
  { name: 'GET /api/auth/current-user', path: '/api/auth/current-user', who: member },
  { name: 'GET /api/notifications (member)', path: '/api/notifications', who: member },
  { name: 'GET /api/notifications (busiest member)', path: '/api/notifications', who: busiest },
  { name: 'GET /api/listings/featured', path: '/api/listings/featured' },
  { name: 'GET /api/barters/count', path: '/api/barters/count' },
  { name: 'GET /api/users/count', path: '/api/users/count' },
  { name: 'GET /api/skills/count', path: '/api/skills/count' },
  { name: 'GET /api/listings?limit=6 (home grid)', path: '/api/listings?limit=6&offset=0' },
  { name: 'GET /api/listings?limit=9 (browse, no distance)', path: '/api/listings?limit=9&offset=0' },
  {
    name: 'GET /api/listings?distance=50 (browse as sent: default place)',
    path: '/api/listings?distance=50&limit=9&offset=0',
  },
  {
    name: 'GET /api/listings?distance=50&near=Oakland',
    path: `/api/listings?distance=50&near=${NEAR}&limit=9&offset=0`,
  },
  {
    name: 'GET /api/listings?distance=10&near=Oakland',
    path: `/api/listings?distance=10&near=${NEAR}&limit=9&offset=0`,
  },
  { name: 'GET /api/listings?distance=any', path: '/api/listings?distance=any&limit=9&offset=0' },
  { name: 'GET /api/listings?distance=50 page 10', path: '/api/listings?distance=50&limit=9&offset=81' },
  {
    name: 'GET /api/listings?search=garden&distance=50',
    path: '/api/listings?search=garden&distance=50&limit=9&offset=0',
  },
  { name: 'GET /api/listings?search=garden (no distance)', path: '/api/listings?search=garden&limit=9&offset=0' },
  // Any one search reads at most BUDGETS.requestRowsRead rows whatever the word (decision 041):
  // every common word once, as a guest and as a member within 50 miles, gated on the worst call.
  {
    name: `GET /api/listings?search=<each of ${COMMON_WORDS.length} common words> (guest)`,
    path: () => `/api/listings?search=${askedPlain()}&limit=9&offset=0`,
    ...everyWord,
  },
  {
    name: `GET /api/listings?search=<each of ${COMMON_WORDS.length} common words>&distance=50 (member)`,
    path: () => `/api/listings?search=${askedNear()}&distance=50&limit=9&offset=0`,
    who: member,
    ...everyWord,
  },
  {
    name: `GET /api/listings?search=<each of ${COMMON_WORDS.length} common words> deepest page (offset ${DEEPEST})`,
    path: () => `/api/listings?search=${askedDeep()}&limit=9&offset=${DEEPEST}`,
    ...everyWord,
  },
  // Deep pages (decision 041): the deepest page the result window allows, and pages past it (400).
  {
    name: 'GET /api/listings?search=garden page 50',
    path: '/api/listings?search=garden&limit=9&offset=441',
    bounded: true,
  },
  {
    name: 'GET /api/listings?search=garden&distance=50 page 50',
    path: '/api/listings?search=garden&distance=50&limit=9&offset=441',
    bounded: true,
  },
  {
    name: `GET /api/listings?limit=9 deepest page (offset ${DEEPEST})`,
    path: `/api/listings?limit=9&offset=${DEEPEST}`,
    bounded: true,
  },
  {
    name: `GET /api/listings?distance=50 deepest page (offset ${DEEPEST})`,
    path: `/api/listings?distance=50&limit=9&offset=${DEEPEST}`,
    bounded: true,
  },
  {
    name: `GET /api/listings?category=food deepest page (offset ${DEEPEST})`,
    path: `/api/listings?category=food&limit=9&offset=${DEEPEST}`,
    bounded: true,
  },
  {
    name: `GET /api/listings?category=food&distance=50 deepest page (offset ${DEEPEST})`,
    path: `/api/listings?category=food&distance=50&limit=9&offset=${DEEPEST}`,
    bounded: true,
  },
  {
    name: 'GET /api/listings?limit=9 page 500 (past the window: 400)',
    path: '/api/listings?limit=9&offset=4491',
    expect: 400,
    bounded: true,
  },
  {
    name: 'GET /api/listings?distance=50 page 500 (past the window: 400)',
    path: '/api/listings?distance=50&limit=9&offset=4491',
    expect: 400,
    bounded: true,
  },
  {
    name: 'GET /api/listings?limit=9 page 5,000 (past the window: 400)',
    path: '/api/listings?limit=9&offset=44991',
    expect: 400,
    bounded: true,
  },
  {
    name: 'GET /api/listings?search=bike+repair&distance=50',
    path: '/api/listings?search=bike%20repair&distance=50&limit=9&offset=0',
  },
  {
    name: 'GET /api/listings?category=food&distance=50',
    path: '/api/listings?category=food&distance=50&limit=9&offset=0',
  },
  { name: 'GET /api/listings?category=food (no distance)', path: '/api/listings?category=food&limit=9&offset=0' },
  { name: 'GET /api/listings/:id', path: `/api/listings/${nearbyListing.id}`, who: member },
  { name: 'GET /api/listings/:id/barters', path: `/api/listings/${thread.listingId}/barters`, who: member },
  { name: 'GET /api/listings/:id/reviews', path: `/api/listings/${thread.listingId}/reviews` },
  { name: 'GET /api/users/:id', path: `/api/users/${seller.id}`, who: member },
  {
    name: 'GET /api/users/username/:name (busiest)',
    path: `/api/users/username/${BENCH_ACCOUNTS.busiest.username}`,
    who: member,
  },
  {
    name: 'GET /api/users/:id/listings (busiest: own, all statuses)',
    path: `/api/users/${busiest.id}/listings`,
    who: busiest,
  },
  {
    name: 'GET /api/users/:id/listings (busiest, as seen by others)',
    path: `/api/users/${busiest.id}/listings`,
    who: member,
  },
  { name: 'GET /api/users/:id/reviews (busiest)', path: `/api/users/${busiest.id}/reviews`, who: member },
  { name: 'GET /api/users/:id/barters/count (busiest)', path: `/api/users/${busiest.id}/barters/count`, who: member },
  { name: 'GET /api/users/:id/stored-searches (member)', path: `/api/users/${member.id}/stored-searches`, who: member },
  { name: 'GET /api/conversations (member)', path: '/api/conversations', who: member },
  { name: 'GET /api/conversations (busiest member)', path: '/api/conversations', who: busiest },
  {
    name: 'GET /api/conversations/:me/:partner/:listing (busiest, 400-message thread)',
    path: `/api/conversations/${busiest.id}/${thread.partnerId}/${thread.listingId}`,
    who: busiest,
  },
  {
    name: 'GET /api/conversations/:me/:partner/:listing?limit=100 (busiest, 400-message thread, as the SPA asks)',
    path: `/api/conversations/${busiest.id}/${thread.partnerId}/${thread.listingId}?limit=100`,
    who: busiest,
  },
  { name: 'GET /api/analytics/activity', path: '/api/analytics/activity' },
  { name: 'GET /api/analytics/dashboard', path: '/api/analytics/dashboard' },
  { name: 'GET /api/testimonials', path: '/api/testimonials' },
  { name: 'GET /api/events', path: '/api/events' },
  { name: 'GET /api/places?q=oak (place autocomplete)', path: '/api/places?q=oak' },
  { name: 'GET /api/admin/email-status', path: '/api/admin/email-status', who: admin },
  { name: 'GET /api/admin/users', path: '/api/admin/users', who: admin },
  { name: 'GET /api/admin/listings', path: '/api/admin/listings', who: admin },
  // The admin search boxes from three characters (decision 026): a common name, a common title word.
  { name: 'GET /api/admin/users?search=ann (admin search)', path: '/api/admin/users?limit=50&search=ann', who: admin },
  {
    name: 'GET /api/admin/listings?search=garden (admin search)',
    path: '/api/admin/listings?limit=50&search=garden',
    who: admin,
  },
];

/**
 * Writes the SPA sends often; each timed call changes data (messages rotate receivers'
 * conversations). At most `reps` timed calls (20 unless said): the message budget allows a member
 * 30 lines a minute, so the two sides of the thread take turns (the member asks, the busiest
 * member, the listing's owner, answers) for up to 40; the sign-in routes keep under their limits.
 */
let sendTurn = 0;
// Successful sign-ins are limited to 20 an account a day (decision 037): the sign-in line takes
// turns among bench members, one sign-in each per run, with their keys derived beforehand.
const signInPool = [];
if (picked('POST /api/auth/login')) {
  for (let id = 4; id < 4 + WARMUP + 20; id++) {
    const { username } = (await call('GET', `/api/users/${id}`)).body;
    signInPool.push({ username, password: await passwordKey(username) });
  }
}
let signInTurn = 0;
const WRITES = [
  {
    name: 'POST /api/messages (send a message)',
    reps: 40,
    once: () => {
      const [from, to] = sendTurn++ % 2 ? [busiest, member] : [member, busiest];
      return call('POST', '/api/messages', {
        cookie: from.cookie,
        body: {
          senderId: from.id,
          receiverId: to.id,
          listingId: thread.listingId,
          content: 'Would Saturday morning work for you?',
        },
      });
    },
  },
  {
    name: 'POST /api/auth/password-salt',
    once: () => call('POST', '/api/auth/password-salt', { body: { username: member.username } }),
  },
  {
    name: 'POST /api/auth/login',
    once: () => call('POST', '/api/auth/login', { body: signInPool[signInTurn++ % signInPool.length] }),
  },
  {
    name: 'POST /api/notifications/read (busiest: mark all read)',
    once: () => call('POST', '/api/notifications/read', { cookie: busiest.cookie, body: {} }),
  },
];

/**
 * Each page: the waves of calls the SPA makes on a full load (calls in a wave go out together, a
 * wave waits for the one before), from scripts/lib/pages.mjs, which scripts/quota.mjs runs too;
 * plus the admin dashboard's tabs.
 */
const PAGES = [
  { name: 'Home (guest)', waves: pages.homePage(null) },
  { name: 'Home (member)', waves: pages.homePage(member) },
  { name: 'Browse (default: 50 miles)', waves: pages.browsePage(member, 'distance=50&limit=9&offset=0', 'first page') },
  {
    name: 'Browse: search "garden"',
    waves: pages.browsePage(member, 'search=garden&distance=50&limit=9&offset=0', 'search'),
  },
  {
    name: 'Browse: category food',
    waves: pages.browsePage(member, 'category=food&distance=50&limit=9&offset=0', 'category'),
  },
  { name: 'Listing page', waves: pages.listingPage(member, nearbyListing) },
  { name: 'Messages, one conversation open (member)', waves: pages.messagesPage(member, busiest.id, thread.listingId) },
  {
    name: 'Messages, one conversation open (busiest member)',
    waves: pages.messagesPage(busiest, thread.partnerId, thread.listingId),
  },
  { name: 'Own profile (busiest member)', waves: pages.profilePage(busiest, busiest, { own: true }) },
  {
    name: "Another member's profile (the busiest, seen by a member)",
    waves: pages.profilePage(member, busiest, { own: false }),
  },
  { name: 'Community (stories tab)', waves: pages.communityPage(member) },
  { name: 'Admin dashboard (analytics tab)', waves: pages.adminAnalyticsPage(admin) },
  { name: 'Admin dashboard → users tab', waves: pages.adminUsersTab(admin) },
  { name: 'Admin dashboard → listings tab', waves: pages.adminListingsTab(admin) },
];

// ---------------------------------------------------------------------------------------------
// Reports and moderation (issue 21; docs/api/moderation.md). The dataset holds 2,000 open reports
// (scale-data.mjs, fillModeration): the queue's first page and the header's count as an admin
// sees them, a member's reports, a report filed (four members take turns: 10 reports a member an
// hour), and two actions, each on a report of its own: a dismiss, and a 7-day suspension with its
// whole cascade (whose work after the reply, sockets and pushes, is in the settled counts).
{
  const moderation = dataset.figures.moderation;
  const reporters = [];
  for (const username of moderation.reporters) reporters.push(await signIn(username));
  const toReport = [...moderation.reportListings];
  const toDismiss = [...moderation.dismiss];
  const toSuspend = [...moderation.suspend];
  let reportTurn = 0;
  ROUTES.push(
    {
      name: 'GET /api/admin/reports (moderation queue: first page of 2,000 open)',
      path: '/api/admin/reports',
      who: admin,
    },
    { name: 'GET /api/admin/reports/count (header badge)', path: '/api/admin/reports/count', who: admin },
    { name: 'GET /api/admin/reports?status=resolved', path: '/api/admin/reports?status=resolved', who: admin },
    { name: 'GET /api/admin/audit', path: '/api/admin/audit', who: admin },
    { name: 'GET /api/reports (a member’s reports)', path: '/api/reports', who: reporters[0] },
  );
  WRITES.push(
    {
      name: 'POST /api/reports (report a listing)',
      once: () => {
        const who = reporters[reportTurn++ % reporters.length];
        return call('POST', '/api/reports', {
          cookie: who.cookie,
          body: {
            targetType: 'listing',
            targetId: toReport.shift(),
            reason: 'scam',
            details: 'Asked for payment up front.',
          },
        });
      },
    },
    {
      name: 'POST /api/admin/reports/:id/resolve (dismiss)',
      once: () =>
        call('POST', `/api/admin/reports/${toDismiss.shift()}/resolve`, {
          cookie: admin.cookie,
          body: { action: 'dismiss', note: 'Not a breach' },
        }),
    },
    {
      name: 'POST /api/admin/reports/:id/resolve (suspend 7 days: the cascade)',
      once: () =>
        call('POST', `/api/admin/reports/${toSuspend.shift()}/resolve`, {
          cookie: admin.cookie,
          body: { action: 'suspend', days: 7, note: 'Repeated scams' },
        }),
    },
  );
  PAGES.push({
    name: 'Admin → moderation queue (2,000 open reports)',
    waves: [
      [
        ...pages.shell(admin),
        { path: '/api/admin/reports?limit=50', who: admin },
        { path: '/api/admin/reports/count', who: admin },
      ],
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// Blocks (docs/api/blocks.md, decision 035). A member with BLOCKS_HELD blocks browses, searches
// and asks for matches (the block check rides in those statements: no extra round trip), lists
// their blocks, and makes new blocks. Every line here has "blocks" in its name (`--only blocks`).
// Kept in this one section; set up only when one of its lines is picked.

// BENCH_BLOCKS=0 measures the same member and lines without blocks (the reference for the cost of a block).
const BLOCKS_HELD = Number(process.env.BENCH_BLOCKS ?? 20);
const held = `member with ${BLOCKS_HELD} blocks`;
const BLOCK_LINES = {
  browse: `GET /api/listings?limit=9 (browse, ${held})`,
  near: `GET /api/listings?distance=50&near=Oakland (${held})`,
  category: `GET /api/listings?category=food&distance=50 (${held})`,
  search: `GET /api/listings?search=garden&distance=50 (${held})`,
  searchPlain: `GET /api/listings?search=garden (${held})`,
  searchTwo: `GET /api/listings?search=bike+repair&distance=50 (${held})`,
  matches: `GET /api/matches (${held})`,
  list: `GET /api/blocks (${held})`,
  put: 'PUT /api/blocks/:id (a new block)',
  page: `Browse (default: 50 miles), ${held}`,
};
if (Object.values(BLOCK_LINES).some(picked)) {
  log(`Setting up a member with ${BLOCKS_HELD} blocks…`);
  const benchIds = new Set(Object.values(BENCH_ACCOUNTS).map((a) => a.id));
  // A member near Oakland with listings of their own (so matches has something to pair), signed in
  // as the SPA does: the owner of a listing on the second page near Oakland, not a bench account,
  // an admin (ids 4–8) or one of the 40 members whose password is still in the old format.
  const page2 = (await call('GET', `/api/listings?distance=50&near=${NEAR}&limit=50&offset=50`)).body;
  const ownerId = page2.map((l) => l.userId).find((id) => !benchIds.has(id) && id > 8 && !(id > 100 && id <= 140));
  const blocker = await signIn((await call('GET', `/api/users/${ownerId}`)).body.username);
  // Whom they block: their match partners first (so matches has someone to leave out), then the
  // owners of the newest listings they browse near Oakland (so browse and search do too).
  const partners = (await call('GET', '/api/matches', { cookie: blocker.cookie })).body.map((m) => m.member.id);
  const browsed = (
    await call('GET', `/api/listings?distance=50&near=${NEAR}&limit=60&offset=0`, { cookie: blocker.cookie })
  ).body.map((l) => l.userId);
  const blocked = [...new Set([...partners, ...browsed])]
    .filter((id) => !benchIds.has(id) && id !== blocker.id)
    .slice(0, BLOCKS_HELD);
  for (const id of blocked) await call('PUT', `/api/blocks/${id}`, { cookie: blocker.cookie });
  log(
    `  ${blocker.username} (#${blocker.id}) blocked ${blocked.length} members (${blocked.filter((id) => partners.includes(id)).length} of them match partners).`,
  );
  // The write line: another member makes a new block on every call (members far down the id
  // range, one per call), so the member above keeps exactly BLOCKS_HELD for the page measured later.
  const makerId = page2
    .map((l) => l.userId)
    .find(
      (id) => !benchIds.has(id) && id > 8 && !(id > 100 && id <= 140) && id !== blocker.id && !blocked.includes(id),
    );
  const maker = await signIn((await call('GET', `/api/users/${makerId}`)).body.username);
  const fresh = Array.from({ length: 200 }, (_, i) => 15_000 + i).filter((id) => id !== maker.id);
  ROUTES.push(
    { name: BLOCK_LINES.browse, path: '/api/listings?limit=9&offset=0', who: blocker },
    { name: BLOCK_LINES.near, path: `/api/listings?distance=50&near=${NEAR}&limit=9&offset=0`, who: blocker },
    { name: BLOCK_LINES.category, path: '/api/listings?category=food&distance=50&limit=9&offset=0', who: blocker },
    { name: BLOCK_LINES.search, path: '/api/listings?search=garden&distance=50&limit=9&offset=0', who: blocker },
    { name: BLOCK_LINES.searchPlain, path: '/api/listings?search=garden&limit=9&offset=0', who: blocker },
    {
      name: BLOCK_LINES.searchTwo,
      path: '/api/listings?search=bike%20repair&distance=50&limit=9&offset=0',
      who: blocker,
    },
    { name: BLOCK_LINES.matches, path: '/api/matches', who: blocker },
    { name: BLOCK_LINES.list, path: '/api/blocks', who: blocker },
  );
  WRITES.push({
    name: BLOCK_LINES.put,
    once: () => call('PUT', `/api/blocks/${fresh.shift()}`, { cookie: maker.cookie }),
  });
  PAGES.push({
    name: BLOCK_LINES.page,
    waves: pages.browsePage(blocker, 'distance=50&limit=9&offset=0', 'first page'),
  });
}

/** Listings the write lines create; deleted before the cron runs. */
const benchListings = [];

// ---------------------------------------------------------------------------------------------
// Fan-out (issue 22; decision 042): a listing with 1,000 conversations (scale-data.mjs, fillFanout)
// as its owner's bell reads it, "mark all read" over its 1,000 unread entries (a member each timed
// call: the first call is the one that writes), and its deletion (a listing each timed call; what
// the deletion leaves to the cron is in the cron runs below); a new listing by the busiest member,
// whose matches are notified. Every line here has "fan-out" in its name (`--only fan-out`).
{
  const fanout = dataset.figures.fanout;
  const FANOUT_LINES = {
    bell: 'GET /api/notifications (fan-out: owner of a listing with 1,000 conversations)',
    markAll: 'POST /api/notifications/read (fan-out: mark all read, 1,000 unread entries)',
    deletion: 'DELETE /api/listings/:id (fan-out: 1,000 conversations)',
    create: 'POST /api/listings (fan-out: busiest member, matches notified)',
  };
  if (Object.values(FANOUT_LINES).some(picked)) {
    const owners = [];
    for (const o of fanout.bell) owners.push(await signIn(o.username));
    const deleters = [];
    for (const d of fanout.deletions) deleters.push({ ...d, who: await signIn(d.username) });
    ROUTES.push({ name: FANOUT_LINES.bell, path: '/api/notifications', who: owners[0] });
    WRITES.push(
      {
        name: FANOUT_LINES.markAll,
        reps: owners.length,
        warmup: 0,
        once: () => call('POST', '/api/notifications/read', { cookie: owners.shift().cookie, body: {} }),
      },
      {
        name: FANOUT_LINES.deletion,
        reps: deleters.length,
        warmup: 0,
        once: () => {
          const d = deleters.shift();
          return call('DELETE', `/api/listings/${d.listingId}`, { cookie: d.who.cookie });
        },
      },
      {
        name: FANOUT_LINES.create,
        reps: 5,
        warmup: 0,
        once: async () => {
          const answer = await call('POST', '/api/listings', {
            cookie: busiest.cookie,
            body: {
              title: 'Cordless drill with two batteries',
              description: 'Works well, comes with a case and a set of bits.',
              categoriesOffered: ['home'],
              whatUserWants: 'Fresh produce',
              whatUserWantsOptions: ['Bike repair'],
              location: 'Oakland, CA',
              distance: 10,
              imageUrls: [],
            },
          });
          if (answer.body?.id) benchListings.push(answer.body.id);
          return answer;
        },
      },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Measure

const results = { routes: [], pages: [], crons: [] };

log(`Measuring the trivial route (${TRIVIAL.path})…`);
const trivialOnce = () => call('GET', TRIVIAL.path);
const trivialFirst = await repeat(trivialOnce, { reps: REPS, seconds: 30 });

log(`Measuring ${ROUTES.length + WRITES.length} API routes (${WARMUP} warm-up calls, then up to ${REPS} timed)…`);
for (const route of ROUTES.filter((r) => picked(r.name))) {
  const m = await repeat(
    () =>
      call('GET', typeof route.path === 'function' ? route.path() : route.path, {
        cookie: route.who?.cookie,
        expect: route.expect,
      }),
    {
      reps: route.bounded && route.reps ? route.reps : Math.min(REPS, route.reps ?? REPS),
      warmup: route.warmup ?? WARMUP,
      seconds: route.seconds ?? ROUTE_SECONDS,
      reference: trivialOnce,
    },
  );
  results.routes.push({ name: route.name, kind: 'read', bounded: route.bounded, ...m });
  if (process.env.BENCH_VERBOSE)
    log(`  ${route.name}: p50 ${m.p50.toFixed(1)} ms, ${fmt(m.perRun.d1RowsRead)} rows read`);
}
for (const write of WRITES.filter((w) => picked(w.name))) {
  const m = await repeat(write.once, {
    reps: Math.min(REPS, write.reps ?? 20),
    warmup: write.warmup ?? WARMUP,
    reference: trivialOnce,
  });
  results.routes.push({ name: write.name, kind: 'write', ...m });
}

// Listings the write lines created (at the wall clock's time, inside the cron runs' windows, which
// are relative to the dataset's T0) go again, so the cron runs below see the dataset's work only.
for (const id of benchListings) await call('DELETE', `/api/listings/${id}`, { cookie: busiest.cookie });

// The trivial route again at the end: its samples from both ends of the run make the reference.
const trivialLast = await repeat(trivialOnce, { reps: REPS, seconds: 30 });
const trivial = {
  name: TRIVIAL.name,
  n: trivialFirst.n + trivialLast.n,
  perRun: trivialFirst.perRun,
  p50: (trivialFirst.p50 + trivialLast.p50) / 2,
  p99: Math.max(trivialFirst.p99, trivialLast.p99),
  cpuMs: (trivialFirst.cpuMs + trivialLast.cpuMs) / 2,
  bytes: trivialFirst.bytes,
};

log(`Measuring ${PAGES.length} pages (${PAGE_REPS} timed loads each)…`);
for (const page of PAGES.filter((p) => picked(p.name))) {
  const once = async () => {
    const started = performance.now();
    const answers = [];
    for (const wave of page.waves)
      answers.push(
        ...(await Promise.all(wave.map((c) => call('GET', c.path, { cookie: c.who?.cookie, expect: c.expect })))),
      );
    const ms = performance.now() - started;
    const bytes = answers.reduce((sum, a) => sum + a.bytes, 0);
    const settle = async () =>
      (await Promise.all(answers.map((a) => a.settle()))).reduce((sum, counts) => add(sum, counts), zero());
    return { ms, bytes, settle };
  };
  const m = await repeat(once, { reps: PAGE_REPS, warmup: 1, seconds: 20, reference: trivialOnce });
  results.pages.push({ name: page.name, calls: page.waves.flat().length, ...m });
}

// Cron runs at times relative to the dataset's T0 (wrangler's scheduled handler takes `time`): the
// 15-minute trigger with its backlog, then 15 minutes later with little to do; the daily one with
// its backlog, then a day later with one day's work (the steady state: little to do). The row
// budget applies to the second run of each.
const meterState = async () => (await fetch(`${base}/api/dev/meter`)).json();
async function runCron(label, cron, at, idle) {
  if (!cronPicked(label)) return;
  const runsBefore = (await meterState()).scheduled[cron]?.runs ?? 0;
  const beforeCpu = workerdCpuMs();
  const started = performance.now();
  // The trigger's window, profiled; it is split into its invocations (the dispatcher and each
  // job's call into the CronJobs Durable Object, decision 022) from the meter's records.
  profiler ??= await connectProfiler(inspectorPort, { workerName: 'barter-market' });
  const offsetUs = epochOffsetUs();
  await profiler.start();
  let outcome;
  let ms;
  let state;
  await profiler.track('trigger', async () => {
    const response = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}&time=${at}`);
    outcome = await response.text();
    ms = performance.now() - started;
    for (let i = 0; i < 200; i++) {
      state = await meterState();
      if ((state.scheduled[cron]?.runs ?? 0) > runsBefore) break;
      await sleep(100);
    }
  });
  const { profile, windows } = await profiler.stop();
  if (process.env.BENCH_PROFILE_DIR) {
    mkdirSync(process.env.BENCH_PROFILE_DIR, { recursive: true });
    const file = join(process.env.BENCH_PROFILE_DIR, `${label.replace(/[^a-z0-9]+/gi, '-')}`);
    writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
    writeFileSync(
      `${file}.windows.json`,
      JSON.stringify({ windows, offsetUs, records: state.cronJobs, entry: state.scheduled[cron] }),
    );
  }
  const entry = state.scheduled[cron];
  if (!entry?.last || (entry.runs ?? 0) <= runsBefore)
    throw new Error(`The ${cron} run reported no meter (outcome: ${outcome})`);
  const records = state.cronJobs.filter((r) => r.cron === cron && r.scheduledTime === entry.lastScheduledTime);
  const split = cronInvocationWindows(windows[0], records, entry.lastEndedAt, offsetUs, 'cron');
  // Samples whose stack shows a called Durable Object (a MemberSockets bell push, say) go to those
  // calls, not to the job (objectSampleClassifier; the bundle's source map names each frame's file).
  sourceOf ??= await bundleSourceResolver(WORKER_SOURCE_MAP);
  const classify = objectSampleClassifier(profile, { sourceOf, objectSources: isOtherObjectSource });
  const attributed = attributeSamples(profile, split, { classify }).windows;
  const cpuOf = (pick) => split.reduce((sum, w, i) => sum + (pick(w) ? attributed[i].ms : 0), 0);
  /** The Durable Object calls an invocation made, from its samples: total ms, calls, and the bound of one call's share. */
  const objectsOf = (pick) => {
    const out = { ms: 0, callMs: 0, handlerMs: 0, maxCallMs: 0, totalMs: 0 };
    split.forEach((w, i) => {
      if (!pick(w)) return;
      const o = attributed[i].objects;
      out.ms += o.ms;
      out.callMs += o.callMs;
      out.handlerMs += o.handlerMs;
      out.maxCallMs = Math.max(out.maxCallMs, o.maxCallMs);
      out.totalMs += attributed[i].totalMs;
    });
    // One call's share at most: the longest run inside a stub call (it may hold several calls), plus every object's handler samples.
    out.perCallBoundMs = out.maxCallMs + out.handlerMs;
    return out;
  };
  /** Where an invocation's samples stopped (self ms per function), for the lines over the CPU budget. */
  const hotspots = (pick) => {
    const self = new Map();
    split.forEach((w, i) => pick(w) && attributed[i].selfMs.forEach((v, k) => self.set(k, (self.get(k) ?? 0) + v)));
    return [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([where, v]) => `${where} ${v.toFixed(1)}`)
      .join(', ');
  };
  const pick = (counts) => Object.fromEntries(FIELDS.map((f) => [f, counts[f] ?? 0]));
  const invocations = [
    {
      name: 'dispatcher (scheduled handler)',
      perRun: pick(entry.last),
      ms: entry.lastEndedAt - entry.lastStartedAt,
      workerCpuMs: cpuOf((w) => w.kind === 'cron dispatcher'),
      objects: objectsOf((w) => w.kind === 'cron dispatcher'),
    },
    ...records
      .sort((a, b) => a.startedAt - b.startedAt)
      .map((r) => ({
        name: `${r.job}${r.call ? ` (call ${r.call + 1})` : ''}`,
        perRun: pick(r.counts),
        ms: r.returnedAt - r.startedAt,
        workerCpuMs: cpuOf((w) => w.record === r),
        objects: objectsOf((w) => w.record === r),
        hotspots: hotspots((w) => w.record === r),
        ok: r.ok,
        more: r.more,
      })),
  ];
  const perRun = zero();
  for (const i of invocations) for (const f of FIELDS) perRun[f] += i.perRun[f];
  results.crons.push({
    name: label,
    cron,
    idle,
    outcome: outcome.trim(),
    perRun,
    ms,
    cpuMs: workerdCpuMs() - beforeCpu,
    invocations,
  });
}
let profiler = null;
/** Runs of a trigger over the dataset's backlog at most (the bench stops there and says so). */
const MAX_BACKLOG_RUNS = 16;
/** Whether the trigger's last measured run left work: a job whose last call reported a full page. */
function backlogLeft(cron) {
  const run = results.crons.filter((c) => c.cron === cron).at(-1);
  if (!run) return false;
  const last = new Map();
  for (const i of run.invocations) if (i.more !== undefined) last.set(i.name.replace(/ \(call \d+\)$/, ''), i.more);
  return [...last.values()].some(Boolean);
}
/** The Worker's bundle as `npm start` builds it (vite, @cloudflare/vite-plugin), with its source map. */
const WORKER_SOURCE_MAP = 'dist/barter_market/index.js.map';
let sourceOf = null;
/** A Durable Object class other than CronJobs (whose `run` is the job's own invocation). */
const isOtherObjectSource = (source) =>
  /(^|\/)worker\/durable-objects\//.test(source) && !/\/cron-jobs\.ts$/.test(source);
log('Running the cron triggers…');
/** A cron run is measured when its label matches, or when one of the --only alternatives is (part of) "cron". */
const cronPicked = (label) =>
  !ONLY || ONLY.split(/[|,]/).some((part) => part && 'cron'.includes(part)) || picked(label);
{
  // The backlog is drained over several runs (each run's rows written are capped, decision 042):
  // the trigger runs every 15 minutes while a job's last call still reported a full page, then
  // once more with little to do.
  let slot = 1;
  await runCron('*/15 * * * * (first run: backlog)', '*/15 * * * *', t0 + 15 * 60_000, false);
  while (slot < MAX_BACKLOG_RUNS && backlogLeft('*/15 * * * *')) {
    slot += 1;
    await runCron(`*/15 * * * * (backlog, run ${slot})`, '*/15 * * * *', t0 + slot * 15 * 60_000, false);
  }
  await runCron('*/15 * * * * (15 min later: little to do)', '*/15 * * * *', t0 + (slot + 1) * 15 * 60_000, true);
  // The daily one likewise, night after night while a job left a full page (the prune of expired
  // rows deletes a page a call, two a night: decision 042, "Bounded prunes"), then the night after.
  let night = 1;
  await runCron('0 3 * * * (daily: backlog)', '0 3 * * *', t0 + 60 * 60_000, false);
  while (night < MAX_BACKLOG_RUNS && backlogLeft('0 3 * * *')) {
    night += 1;
    await runCron(
      `0 3 * * * (daily: backlog, night ${night})`,
      '0 3 * * *',
      t0 + 60 * 60_000 + (night - 1) * 24 * 60 * 60_000,
      false,
    );
  }
  await runCron("0 3 * * * (next day: one day's work)", '0 3 * * *', t0 + 60 * 60_000 + night * 24 * 60 * 60_000, true);
}

stop();

// ---------------------------------------------------------------------------------------------
// Verdicts and report

const violations = [];
profiler?.close();

function verdicts(line, checks) {
  line.checks = checks.map(([ok, budget]) => ({ ok, budget }));
  for (const c of line.checks) if (!c.ok) violations.push(`${line.name}: ${c.budget}`);
  return line;
}

for (const r of results.routes) {
  r.p50Ratio = r.p50 / r.referenceP50;
  r.p99Ratio = r.p99 / r.referenceP50;
  verdicts(r, [
    [r.p50Ratio <= BUDGETS.routeP50Ratio, `p50 ≤ ${BUDGETS.routeP50Ratio}× trivial`],
    [r.perRun.d1Queries <= BUDGETS.requestQueries, `≤ ${BUDGETS.requestQueries} D1 queries (free plan)`],
    ...(r.bounded
      ? [
          [
            r.worst.d1RowsRead <= BUDGETS.requestRowsRead,
            `every call ≤ ${fmt(BUDGETS.requestRowsRead)} rows read (worst ${fmt(r.worst.d1RowsRead)})`,
          ],
        ]
      : []),
  ]);
}
for (const p of results.pages) {
  p.p50Ratio = p.p50 / p.referenceP50;
  p.p99Ratio = p.p99 / p.referenceP50;
  verdicts(p, [[p.perRun.d1RowsRead <= BUDGETS.pageRowsRead, `≤ ${fmt(BUDGETS.pageRowsRead)} rows read`]]);
}
for (const c of results.crons) {
  // Per trigger: the rows read with little to do (all its invocations summed). Per invocation
  // (the dispatcher and each job call): the statements and the Worker JS CPU.
  verdicts(c, [
    ...(c.idle
      ? [[c.perRun.d1RowsRead <= BUDGETS.idleCronRowsRead, `≤ ${fmt(BUDGETS.idleCronRowsRead)} rows read`]]
      : []),
    [c.perRun.d1RowsWritten <= BUDGETS.cronRunRowsWritten, `≤ ${fmt(BUDGETS.cronRunRowsWritten)} rows written`],
  ]);
  for (const i of c.invocations) {
    i.name = `${c.name} → ${i.name}`;
    // The invocation's own CPU; each Durable Object call it made is an invocation of its own and
    // is held to the same budget, per call: the profile cannot always split back-to-back calls, so
    // the gate is the upper bound of one call's share (the longest run inside a stub call plus all
    // objects' code); the mean is printed beside it.
    if (i.perRun.doRequests > 0) i.objects.perCallMs = i.objects.ms / i.perRun.doRequests;
    verdicts(i, [
      [i.perRun.d1Statements <= BUDGETS.cronQueries, `≤ ${BUDGETS.cronQueries} D1 queries (statements)`],
      [i.workerCpuMs <= BUDGETS.cronInvocationCpuMs, `≤ ${BUDGETS.cronInvocationCpuMs} ms Worker CPU`],
      ...(i.perRun.doRequests > 0
        ? [
            [
              i.objects.perCallBoundMs <= BUDGETS.cronInvocationCpuMs,
              `≤ ${BUDGETS.cronInvocationCpuMs} ms per DO call (bound)`,
            ],
          ]
        : []),
    ]);
  }
}

/** Each job's calls over every cron run measured: their Worker CPU's p50, p99 and max, and the largest DO-call bound. */
function cpuPerJob(crons) {
  const jobs = new Map();
  for (const c of crons) {
    for (const i of c.invocations) {
      const job = i.name.slice(i.name.indexOf(' → ') + 3).replace(/ \(call \d+\)$/, '');
      const entry = jobs.get(job) ?? { job, cpu: [], doBound: null };
      entry.cpu.push(i.workerCpuMs);
      if (i.perRun.doRequests > 0) entry.doBound = Math.max(entry.doBound ?? 0, i.objects.perCallBoundMs);
      jobs.set(job, entry);
    }
  }
  return [...jobs.values()].map((j) => {
    const sorted = [...j.cpu].sort((a, b) => a - b);
    return {
      job: j.job,
      calls: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
      doBound: j.doBound,
    };
  });
}

const report = {
  cronJobs: cpuPerJob(results.crons),
  dataset: {
    version: dataset.version,
    generatedAt: new Date(dataset.t0).toISOString(),
    generationSeconds: dataset.seconds,
    ...dataset.figures,
  },
  budgets: BUDGETS,
  reps: REPS,
  trivial,
  routes: results.routes,
  pages: results.pages,
  crons: results.crons,
  cpuNote:
    "CPU = CPU time of the workerd process that runs the Worker, per request (or per page, per cron run): an upper bound that includes the runtime's own work; not gated. The inspector's per-isolate figure will replace it.",
  violations,
  seconds: Math.round((Date.now() - runStarted) / 1000),
};

if (JSON_OUTPUT) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const table = (headers, rows) => {
    if (MARKDOWN) {
      const cells = (r) => `| ${r.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
      return [
        cells(headers),
        `|${headers.map((_, i) => (i === 0 || i === headers.length - 1 ? '---' : '---:')).join('|')}|`,
        ...rows.map(cells),
      ].join('\n');
    }
    const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
    const line = (cells) =>
      cells
        .map((c, i) =>
          i === 0 || i === cells.length - 1 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]),
        )
        .join('  ');
    return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
  };
  const verdict = (line) => line.checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.budget}`).join('; ');
  const counts = (c) => [
    fmt(c.d1Queries),
    fmt(c.d1Statements),
    fmt(c.d1RowsRead),
    fmt(c.d1RowsWritten),
    fmt(c.kvReads),
    fmt(c.kvWrites),
    fmt(c.doRequests),
  ];
  const f = dataset.figures;
  console.log(
    `\nScale bench: ${fmt(f.rows.users)} members, ${fmt(f.rows.listings)} listings, ${fmt(f.rows.messages)} messages in ${fmt(f.conversations)} conversations (busiest member: ${fmt(f.busiestConversations)}), ${fmt(f.rows.stored_searches)} saved searches; run took ${report.seconds} s.`,
  );
  console.log(
    `Reference: ${trivial.name}, p50 ${trivial.p50.toFixed(2)} ms, p99 ${trivial.p99.toFixed(2)} ms over ${trivial.n} calls. Latency columns: p50 and p99 as multiples (×) of the reference's p50 over calls interleaved with that line's (one before each), with p50 in ms.`,
  );
  console.log(
    "CPU ms: workerd process CPU per request, an upper bound (includes the runtime's own work); not gated.\n",
  );
  console.log('API routes (per call)');
  console.log(
    table(
      [
        'Route',
        'D1 q',
        'stmts',
        'rows read',
        'rows written',
        'KV r',
        'KV w',
        'DO',
        'p50 ms',
        'p50 ×',
        'p99 ×',
        'CPU ms',
        'n',
        'Budget',
      ],
      results.routes.map((r) => [
        r.name,
        ...counts(r.perRun),
        r.p50.toFixed(1),
        r.p50Ratio.toFixed(1),
        r.p99Ratio.toFixed(1),
        r.cpuMs.toFixed(1),
        r.n,
        verdict(r),
      ]),
    ),
  );
  console.log('\nPages (per full load: the calls the SPA makes, summed)');
  console.log(
    table(
      [
        'Page',
        'calls',
        'D1 q',
        'stmts',
        'rows read',
        'rows written',
        'KV r',
        'KV w',
        'DO',
        'p50 ms',
        'p50 ×',
        'p99 ×',
        'CPU ms',
        'n',
        'Budget',
      ],
      results.pages.map((p) => [
        p.name,
        p.calls,
        ...counts(p.perRun),
        p.p50.toFixed(1),
        p.p50Ratio.toFixed(1),
        p.p99Ratio.toFixed(1),
        p.cpuMs.toFixed(1),
        p.n,
        verdict(p),
      ]),
    ),
  );
  console.log('\nCron runs');
  console.log(
    table(
      ['Run', 'D1 q', 'stmts', 'rows read', 'rows written', 'KV r', 'KV w', 'DO', 'ms', 'CPU ms', 'outcome', 'Budget'],
      results.crons.map((c) => [
        c.name,
        ...counts(c.perRun),
        c.ms.toFixed(0),
        c.cpuMs.toFixed(1),
        c.outcome,
        verdict(c) || '—',
      ]),
    ),
  );
  console.log(
    '\nCron invocations (the scheduled handler dispatches; each job call is a CronJobs Durable Object invocation). Worker JS CPU ms: V8 profiler, per invocation, its own samples; "DO calls ms": the samples of the Durable Objects it called (inside the stub calls + the objects\' code; locally they run in the same isolate), "per DO call ≤": one call\'s share (mean, then the upper bound); "all ms": the window\'s whole figure:',
  );
  console.log(
    table(
      [
        'Invocation',
        'D1 q',
        'stmts',
        'rows read',
        'rows written',
        'KV r',
        'KV w',
        'DO',
        'ms',
        'Worker JS CPU ms',
        'DO calls ms',
        'per DO call ms (≤ bound)',
        'all ms',
        'Budget',
      ],
      results.crons.flatMap((c) =>
        c.invocations.map((i) => [
          i.name,
          ...counts(i.perRun),
          i.ms.toFixed(0),
          i.workerCpuMs.toFixed(1),
          i.perRun.doRequests > 0 ? i.objects.ms.toFixed(1) : '—',
          i.perRun.doRequests > 0
            ? `${i.objects.perCallMs.toFixed(1)} (≤ ${i.objects.perCallBoundMs.toFixed(1)})`
            : '—',
          i.objects.totalMs.toFixed(1),
          verdict(i),
        ]),
      ),
    ),
  );
  console.log(
    '\nCron jobs: Worker JS CPU per call over every trigger run measured (p50, p99, max; each call gated above):',
  );
  console.log(
    table(
      ['Job', 'calls', 'p50 ms', 'p99 ms', 'max ms', 'max per DO call ms (bound)'],
      cpuPerJob(results.crons).map((j) => [
        j.job,
        j.calls,
        j.p50.toFixed(1),
        j.p99.toFixed(1),
        j.max.toFixed(1),
        j.doBound === null ? '—' : j.doBound.toFixed(1),
      ]),
    ),
  );
  const hot = results.crons.flatMap((c) =>
    c.invocations.filter((i) => i.workerCpuMs > BUDGETS.cronInvocationCpuMs && i.hotspots),
  );
  if (hot.length)
    console.log(
      `\nCron invocations over ${BUDGETS.cronInvocationCpuMs} ms, where their samples stopped (self ms):\n${hot.map((i) => `  ${i.name}: ${i.hotspots}`).join('\n')}`,
    );
  console.log(
    violations.length
      ? `\n${violations.length} budget${violations.length === 1 ? '' : 's'} exceeded:\n${violations.map((v) => `  ✗ ${v}`).join('\n')}`
      : '\nEvery budget is met.',
  );
}
process.exitCode = violations.length ? 1 : 0;
process.exit();
