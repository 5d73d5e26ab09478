#!/usr/bin/env node
// `npm run bench:latency`: members far from the database (docs/performance.md, "Members far from
// the database"; decision 057). Serves a copy of the scale bench's dataset (scripts/lib/bench-app.mjs)
// with metering on, and loads each page as a near and a far member would, with a simulated D1
// round-trip time (worker/lib/meter/latency.ts, asked for per request with X-D1-Latency):
//
//   near member            the primary 5 ms away (a replica, when read, 5 ms too)
//   far member, before     no Sessions API: every round trip to the primary, 150 ms away
//   far member, after      the Sessions API: reads from a replica 5 ms away, writes to the primary
//
// A page is its HTML request (the Worker reads the session, then one batch: decision 048), which
// carries the first screen's data, so the SPA renders its content from it: that request's time is
// the time to first content here (the network between browser and Worker and the JavaScript are
// the same for every line and left out). The calls the SPA still makes after it (scripts/lib/pages.mjs,
// less what the page carries) are the rest of the screen, measured in their waves. Per page: the
// sequential D1 round trips before first content, KV reads on that path (not simulated: a session's
// KV read is served at the edge once cached), and the times.
//
//   npm run bench:latency                 (build, run)
//   npm run bench:latency -- --skip-build (serve the last build in dist/)
//   npm run bench:latency -- --markdown   (tables as in docs/performance.md)
//   npm run bench:latency -- --reps 5     (timed loads per page and scenario; the median is shown)
//   FAR_MS=200 REPLICA_MS=10 NEAR_MS=5 npm run bench:latency
//
// Goals (exit code 1 when one is missed): no page needs more than two sequential D1 round trips
// before its first content, and a far member's first content arrives within 1.5× a near member's.
import * as pages from '../lib/pages.mjs';
import { copyDataset, ensureDataset, startApp } from '../lib/bench-app.mjs';
import { workerSession } from '../lib/worker-session.mjs';
import { BENCH_ACCOUNTS, BENCH_PASSWORD } from './scale-data.mjs';

const args = process.argv.slice(2);
const MARKDOWN = args.includes('--markdown');
const SKIP_BUILD = args.includes('--skip-build');
const REPS = args.includes('--reps') ? Math.max(1, Number(args[args.indexOf('--reps') + 1]) || 5) : 5;
const NEAR_MS = Number(process.env.NEAR_MS ?? 5);
const FAR_MS = Number(process.env.FAR_MS ?? 150);
const REPLICA_MS = Number(process.env.REPLICA_MS ?? 5);
const GOALS = { sequentialTrips: 2, farOverNear: 1.5 };

const SCENARIOS = {
  nearBefore: `primary=${NEAR_MS};replica=${NEAR_MS};sessions=off`,
  farBefore: `primary=${FAR_MS};replica=${REPLICA_MS};sessions=off`,
  nearAfter: `primary=${NEAR_MS};replica=${REPLICA_MS};sessions=on`,
  farAfter: `primary=${FAR_MS};replica=${REPLICA_MS};sessions=on`,
};

const dataset = await ensureDataset();
const persist = copyDataset('latency');
const { base, workerdPids, stop } = await startApp({ persist, skipBuild: SKIP_BUILD, exitCode: 1 });
const worker = workerSession(base, workerdPids);
const member = await worker.signIn(BENCH_ACCOUNTS.member.username, BENCH_PASSWORD);
const busiest = await worker.signIn(BENCH_ACCOUNTS.busiest.username, BENCH_PASSWORD);
const thread = dataset.figures.ids.busiestThread;
const browseFirst = await worker.call('GET', '/api/listings?limit=9&offset=0', { cookie: member.cookie });
const listing = browseFirst.body.find((l) => l.userId !== member.id) ?? browseFirst.body[0];
const seller = (await worker.call('GET', `/api/users/${listing.userId}`)).body;
const conversation = `${thread.listingId}-${Math.min(busiest.id, thread.partnerId)}-${Math.max(busiest.id, thread.partnerId)}`;

/** The API waves a page still sends after its HTML: pages.mjs's calls less what the HTML carries (docs/api/pages.md). */
const carried = (paths) => (call) => !paths.some((path) => call.path.startsWith(path));
const after = (waves, paths) => waves.map((wave) => wave.filter(carried(paths))).filter((wave) => wave.length);
const SHELL = ['/api/auth/current-user', '/api/categories'];
const LINES = [
  {
    name: 'Home (guest)',
    path: '/',
    who: null,
    waves: after(pages.homePage(null), [...SHELL, '/api/listings', '/api/testimonials']),
  },
  {
    name: 'Home (member)',
    path: '/',
    who: member,
    waves: after(pages.homePage(member), [...SHELL, '/api/listings', '/api/testimonials']),
  },
  { name: 'Browse, first page (guest)', path: '/browse', who: null, waves: [] },
  { name: 'Listing (guest)', path: `/listing/${listing.id}`, who: null, waves: [] },
  { name: 'Listing (member)', path: `/listing/${listing.id}`, who: member, waves: [] },
  {
    name: "Another member's profile (member)",
    path: `/profile/${seller.username}`,
    who: member,
    waves: after(pages.profilePage(member, seller, { own: false }), [
      ...SHELL,
      '/api/users/username/',
      '/api/conversations?',
    ]),
  },
  {
    name: 'Messages, one conversation open (member)',
    path: `/messages/${conversation}`,
    who: busiest,
    waves: after(pages.messagesPage(busiest, thread.partnerId, thread.listingId), [...SHELL, '/api/conversations?']),
  },
  { name: 'Community (guest)', path: '/community', who: null, waves: after(pages.communityPage(null), SHELL) },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One request with the scenario's latency: its time, D1 trips (X-D1-Trips) and KV reads (X-Meter). */
async function timed(path, who, scenario, extra = {}) {
  const cookie = [who?.cookie, extra.cookie].filter(Boolean).join('; ');
  const started = performance.now();
  const answer = await worker.call(extra.method ?? 'GET', path, {
    cookie: cookie || undefined,
    body: extra.body,
    headers: { 'X-D1-Latency': SCENARIOS[scenario], Accept: 'text/html' },
  });
  const ms = performance.now() - started;
  if (answer.status >= 400) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
  const trips = JSON.parse(answer.response.headers.get('X-D1-Trips') ?? '{}');
  const meter = JSON.parse(answer.response.headers.get('X-Meter') ?? '{}');
  return { ms, trips, kvReads: meter.kvReads ?? 0, response: answer.response };
}

/** A page load: the HTML, then the SPA's waves (each wave's calls together). */
async function load(line, scenario) {
  const page = await timed(line.path, line.who, scenario, line.extra);
  let rest = 0;
  let restTrips = 0;
  for (const wave of line.waves) {
    const started = performance.now();
    const calls = await Promise.all(wave.map((call) => timed(call.path, call.who, scenario)));
    rest += performance.now() - started;
    restTrips += Math.max(...calls.map((call) => call.trips.sequential ?? 0));
  }
  return { first: page.ms, screen: page.ms + rest, trips: page.trips, kvReads: page.kvReads, restTrips };
}

/**
 * The scenarios take turns, so a busy moment of the machine falls on all of them. The Worker's own
 * time (the request's time less its D1 time) does not depend on the round-trip time: each line's
 * first content is that time's median over every load of the page plus the scenario's median D1
 * time, which keeps the machine's noise out of the far ÷ near ratio (the raw medians are shown too).
 */
async function measure(line) {
  const scenarios = Object.keys(SCENARIOS);
  const runs = Object.fromEntries(scenarios.map((scenario) => [scenario, []]));
  for (const scenario of scenarios) await load(line, scenario); // warm-up
  for (let i = 0; i < REPS; i += 1) for (const scenario of scenarios) runs[scenario].push(await load(line, scenario));
  const own = median(Object.values(runs).flatMap((list) => list.map((r) => r.first - r.trips.d1Ms)));
  return Object.fromEntries(
    scenarios.map((scenario) => {
      const list = runs[scenario];
      const d1Ms = median(list.map((r) => r.trips.d1Ms));
      return [
        scenario,
        {
          first: own + d1Ms,
          raw: median(list.map((r) => r.first)),
          d1Ms,
          screen: median(list.map((r) => r.screen)),
          trips: list.at(-1).trips,
          kvReads: list.at(-1).kvReads,
          restTrips: list.at(-1).restTrips,
        },
      ];
    }),
  );
}

const results = [];
try {
  for (const line of LINES) {
    process.stderr.write(`  ${line.name}…\n`);
    results.push({ line, ...(await measure(line)) });
  }
  // Read-your-writes: a member (the busiest) edits a listing of theirs, then opens its page with the cookie the
  // edit set (d1b): the page's session starts from that bookmark, so a replica serves it.
  const own = (await worker.call('GET', `/api/users/${busiest.id}/listings`, { cookie: busiest.cookie })).body[0];
  const readAfterWrite = {};
  for (const scenario of ['farBefore', 'farAfter']) {
    const edit = await timed(`/api/listings/${own.id}`, busiest, scenario, {
      method: 'PUT',
      body: { title: `Edited for the latency bench ${Date.now() % 1000}` },
    });
    const d1b = /d1b=[^;]+/.exec(edit.response.headers.get('set-cookie') ?? '')?.[0];
    const page = await timed(`/listing/${own.id}`, busiest, scenario, { cookie: d1b });
    readAfterWrite[scenario] = { edit, page, cookie: Boolean(d1b) };
  }
  report(results, readAfterWrite);
} finally {
  stop();
}

function report(rows, readAfterWrite) {
  const fmt = (ms) => `${Math.round(ms)}`;
  const head = [
    'Page',
    'D1 trips before content (before → after)',
    'KV reads',
    'D1 ms, far (before → after)',
    'Near, first content ms (before / after)',
    'Far, first content ms (before → after)',
    'Far ÷ near (after)',
    'Whole screen ms, far (before → after)',
    'Goals',
  ];
  let failed = false;
  const table = rows.map((row) => {
    const seq = row.farAfter.trips.sequential;
    const ratio = row.farAfter.first / row.nearAfter.first;
    const ok = seq <= GOALS.sequentialTrips && ratio <= GOALS.farOverNear;
    failed ||= !ok;
    return [
      row.line.name,
      `${row.farBefore.trips.sequential} → ${seq} (${row.farAfter.trips.primary} primary, ${row.farAfter.trips.replica} replica)`,
      String(row.farAfter.kvReads),
      `${fmt(row.farBefore.d1Ms)} → ${fmt(row.farAfter.d1Ms)}`,
      `${fmt(row.nearBefore.first)} / ${fmt(row.nearAfter.first)}`,
      `${fmt(row.farBefore.first)} → ${fmt(row.farAfter.first)} (raw ${fmt(row.farBefore.raw)} → ${fmt(row.farAfter.raw)})`,
      `${ratio.toFixed(2)}×`,
      `${fmt(row.farBefore.screen)} → ${fmt(row.farAfter.screen)}${row.line.waves.length ? ` (+${row.farAfter.restTrips} trips)` : ''}`,
      ok ? 'ok' : 'MISSED',
    ];
  });
  print(head, table);
  const rw = readAfterWrite;
  console.log(
    `\nRead-your-writes (far member): the edit ${fmt(rw.farBefore.edit.ms)} → ${fmt(rw.farAfter.edit.ms)} ms ` +
      `(${rw.farAfter.edit.trips.primary} primary trips); its listing page next, ${fmt(rw.farBefore.page.ms)} → ` +
      `${fmt(rw.farAfter.page.ms)} ms, ${rw.farAfter.page.trips.replica} replica and ${rw.farAfter.page.trips.primary} ` +
      `primary trips, started from the edit's bookmark cookie: ${rw.farAfter.cookie ? 'yes' : 'NO'}.`,
  );
  console.log(
    `\nRound trips: near ${NEAR_MS} ms; far ${FAR_MS} ms to the primary, ${REPLICA_MS} ms to a replica; median of ${REPS} loads each, taking turns.` +
      `\nGoals: ≤ ${GOALS.sequentialTrips} sequential D1 round trips before first content; far ≤ ${GOALS.farOverNear}× near.` +
      `\n${failed ? 'A goal was missed.' : 'Every page meets both goals.'}`,
  );
  if (failed || !rw.farAfter.cookie) process.exitCode = 1;
}

function print(head, table) {
  if (MARKDOWN) {
    console.log(`| ${head.join(' | ')} |`);
    console.log(`| ${head.map(() => '---').join(' | ')} |`);
    for (const row of table) console.log(`| ${row.join(' | ')} |`);
    return;
  }
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(line(head));
  for (const row of table) console.log(line(row));
}
