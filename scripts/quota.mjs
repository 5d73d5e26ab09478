#!/usr/bin/env node
// `npm run quota`: how many daily active members fit in the Workers free plan, measured, not
// modelled (docs/decisions/044-measured-member-day.md). On the bench community (100k listings:
// scripts/lib/bench-app.mjs builds it once, as `npm run bench` does) with metering on (METER=1,
// worker/lib/meter), real Chromium sessions (Debian's /usr/bin/chromium through playwright-core)
// on a desktop (1280 px) and a phone (390 px) screen go through the member journeys of
// scripts/quota/journeys.mjs, a tab left open for hours among them (the page's clock is
// Playwright's fake clock, advanced a minute at a time). Each journey's use is the meter's totals
// around it: every request the Worker received (the browser's, the WebSocket upgrades, the work
// left after replies), the Durable Objects' work, minus the alarms' (a fixed cost). The browser's
// network log (scripts/quota/network-log.mjs) names each request for the per-kind table and checks
// the count. The member-day is the journeys weighted by how often a member does each, half on
// phones. Fixed daily costs are apart: the community feed's alarm (every 15 s while any page holds
// its socket: counted all day) and the crons (96 frequent runs, 1 daily run), on the bench data.
//
// Then, per resource: members a day the free plan allows, with a media domain (photos from the
// CDN: no Worker request) and without; sign-ins and sign-ups a day the KV budget allows (from the
// measured sign-in's and sign-up's KV use). The CPU check: every request kind the browser sent is
// replayed one at a time under V8's profiler (scripts/worker-cpu.mjs), and the cron triggers'
// invocations are profiled; exit 1 when a kind's mean Worker CPU passes the free plan's 10 ms.
//
//   npm run quota                    (build, run; 3–4 minutes on two cores)
//   npm run quota -- --quick         (fewer hours of the open tab, fewer CPU replays)
//   npm run quota -- --json          (the report as JSON on stdout; progress on stderr)
//   npm run quota -- --skip-build    (serve the last build in dist/)
//   npm run quota -- --self-check    (check the CPU method against a known CPU burn instead)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { copyDataset, ensureDataset, freePort, startApp } from './lib/bench-app.mjs';
import {
  add,
  billedDoRequests,
  capacity,
  isPhotoLoad,
  kvActionsPerDay,
  d1ActionsPerDay,
  minus,
  requestKind,
  withMediaDomain,
  zero,
} from './lib/quota-math.mjs';
import { BENCH_ACCOUNTS, BENCH_PASSWORD } from './bench/scale-data.mjs';
import { DESKTOP, IDLE_STEP_MS, JOURNEYS, PHONE } from './quota/journeys.mjs';
import { recordNetwork } from './quota/network-log.mjs';
import { profileCron, replayCpu } from './quota/cpu.mjs';
import { selfCheck } from './quota/self-check.mjs';
import { sleep, workerSession } from './lib/worker-session.mjs';
import { connectProfiler } from './worker-cpu.mjs';
import { waitForTheAppOnLoad } from './lib/app-started.mjs';

const args = process.argv.slice(2);
const JSON_OUTPUT = args.includes('--json');
const QUICK = args.includes('--quick');
const SKIP_BUILD = args.includes('--skip-build');
const SELF_CHECK = args.includes('--self-check');
const CPU_LIMIT_MS = 10;
/** Hours the open tab stays open a member-day (the audit's 8-hour tab); --quick measures 2 and scales. */
const IDLE_HOURS_PER_DAY = 8;
const IDLE_HOURS_MEASURED = QUICK ? 2 : 8;
/** Share of members on a phone screen (the rest on a desktop). */
const PHONE_SHARE = 0.5;
const FEED_RUNS_PER_DAY = (24 * 60 * 60) / 15;
const FREQUENT_CRON = '*/15 * * * *';
const DAILY_CRON = '0 3 * * *';
const log = (...parts) => (JSON_OUTPUT ? console.error(...parts) : console.log(...parts));
const started = Date.now();

// ---------------------------------------------------------------------------------------------
// The bench community and the app on a copy of it

// The self-check runs on the demo community, as `npm start` serves it (its account alice).
const dataset = SELF_CHECK ? null : await ensureDataset({ log });
const persist = SELF_CHECK ? mkdtempSync(join(tmpdir(), 'barter-quota-')) : copyDataset('quota');
if (SELF_CHECK) process.on('exit', () => rmSync(persist, { recursive: true, force: true }));
const inspectorPort = await freePort();
log(
  `Starting the app on the ${SELF_CHECK ? 'demo' : 'bench'} data with metering on${SKIP_BUILD ? ' (last build)' : ' (building first)'}…`,
);
const app = await startApp({ persist, inspectorPort, skipBuild: SKIP_BUILD, exitCode: 1 });
const { base, workerdPids } = app;
const worker = workerSession(base, workerdPids);
process.on('SIGINT', () => process.exit(130));

// V8 samples the isolate from a thread of its own; on a busy machine that thread waits behind
// other processes and samples go missing. So the Worker's workerd runs round-robin real-time
// where allowed (new threads inherit it), else at nice -10, else as it is (the report says which).
let scheduling = 'real-time (chrt -r 1)';
for (const pid of workerdPids) {
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    if (
      scheduling.startsWith('real-time') &&
      spawnSync('chrt', ['-r', '-p', '1', tid], { stdio: 'ignore' }).status !== 0
    )
      scheduling = 'nice -10';
    if (scheduling.startsWith('real-time')) continue;
    try {
      setPriority(Number(tid), -10);
    } catch {
      scheduling = 'unchanged (not allowed here)';
    }
  }
}
const profiler = await connectProfiler(inspectorPort, { workerName: 'barter-market' });
if (SELF_CHECK)
  process.exit(
    await selfCheck({ worker, profiler, workerdPids, scheduling, log, username: 'alice', password: 'password123' }),
  );

// ---------------------------------------------------------------------------------------------
// Who: the bench's ordinary member (a conversation on the busiest member's listing), the busiest
// member as the partner who replies, listings near Oakland to make offers on.

log('Signing in the bench accounts (setup, not measured)…');
const member = { ...(await worker.signIn(BENCH_ACCOUNTS.member.username, BENCH_PASSWORD)), password: BENCH_PASSWORD };
const partner = await worker.signIn(BENCH_ACCOUNTS.busiest.username, BENCH_PASSWORD);
const thread = dataset.figures.ids.busiestThread;
const nearby = (await worker.call('GET', '/api/listings?distance=50&limit=9&offset=9', { cookie: member.cookie })).body;
const offerListings = nearby.filter((l) => l.acceptOffers && l.userId !== member.id && l.userId !== partner.id);
if (offerListings.length < 2) throw new Error('The bench data has too few listings near Oakland for the offer step');

// The journeys' search words. Every search reads its bounded candidate set (decision 041: no word
// is cheaper for having been asked before), so the journeys' asks are the whole cost.
const SEARCH_WORDS = ['bread', 'garden'];

/** A real photo for the create-listing journey (one of the demo community's). */
const LISTING_PHOTO = 'public/demo-images/listings/arabic-conversation-practice-1.jpg';

let serial = 0;
const uniqueName = (prefix) => `${prefix}${Date.now().toString(36)}${(serial += 1)}`;
async function verifyLink(email) {
  for (let i = 0; i < 50; i++) {
    const answer = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    // A development route the member's browser never calls: not part of the journey.
    add(scriptCounts, JSON.parse(answer.headers.get('X-Meter') ?? '{}'));
    const outbox = await answer.json();
    const link = /(http:\/\/\S+\/verify-email\?token=[^\s"]+)/.exec(outbox[0]?.text ?? '')?.[1];
    if (link) return new URL(link).pathname + new URL(link).search;
    await sleep(100);
  }
  throw new Error(`No verification mail for ${email}`);
}

// ---------------------------------------------------------------------------------------------
// The journeys, measured

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
process.on('exit', () => browser.close().catch(() => {}));

/** Per device, per journey: { counts (the meter's), photo (the photo loads' counts), requests (the network log's), failed }. */
const measured = { desktop: {}, phone: {} };
/** The alarms' work while the journeys ran: taken out of them (the feed's refresh is a fixed cost, counted apart). */
const alarmsSeen = zero();
/** Per request kind: a request to replay for the CPU figure ({ method, url, postData, cookie }). */
const replayable = new Map();

/** The meter's counts of the script's own requests during a step (the dev outbox read): taken out of the step's. */
let scriptCounts = zero();

/**
 * A journey's use between two meter readings: what the Worker's requests used (WebSocket upgrades
 * and after-reply work included) and what the Durable Objects did, less the alarms' (the feed's
 * refresh: a fixed daily cost, counted apart) and the script's own requests.
 */
function useBetween(before, after) {
  const alarms = minus(after.alarms, before.alarms);
  add(alarmsSeen, alarms);
  const counts = add(
    minus(after.requests, before.requests),
    minus(minus(after.durableObjects, before.durableObjects), alarms),
  );
  add(counts, scriptCounts, -1);
  scriptCounts = zero();
  return counts;
}

async function measureJourney(journey, device, context) {
  const page = await context.newPage();
  waitForTheAppOnLoad(page);
  const network = await recordNetwork(page);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let last = await worker.settledState();
  const steps = [];
  let failed = null;
  /** step(name, fn, { hours }): fn runs, the network goes quiet, the meter is read; `hours` marks the open tab's hours of page time. */
  const step = async (name, fn, { hours = 0 } = {}) => {
    if (failed) return;
    const at = network.entries.length;
    try {
      await fn((ms, timeout) => network.quiet(ms, timeout));
      await network.quiet();
    } catch (error) {
      // The first line and Playwright's call log (which element it waited for, and why).
      failed = `${name}: ${error.message
        .split('\n')
        .filter((line) => line.trim())
        .slice(0, 4)
        .join(' | ')}`;
    }
    if (hours) for (const entry of network.entries.slice(at)) entry.openTab = true;
    const now = await worker.settledState();
    steps.push({
      name,
      hours,
      counts: useBetween(last, now),
      requestsSeen: network.entries.slice(at).filter((e) => e.counts).length,
    });
    last = now;
  };
  const newMember = { username: uniqueName('q'), password: 'trade4good', displayName: `Quota ${device}` };
  newMember.email = `${newMember.username}@example.com`;
  await journey.run(page, {
    device,
    member,
    partner,
    step,
    idleHours: IDLE_HOURS_MEASURED,
    searchWords: SEARCH_WORDS,
    listingPhoto: LISTING_PHOTO,
    offerListing: offerListings[device === 'desktop' ? 0 : 1],
    newMember,
    verifyLink,
  });
  await network.quiet();
  await page.close();
  await network.close();
  // Closing the tab closes its sockets: that work belongs to the journey's last step.
  if (steps.length) add(steps.at(-1).counts, useBetween(last, await worker.settledState()));
  // The network log: the requests that reached the Worker, by kind, with their whole counts.
  const requests = [];
  for (const entry of network.entries.filter((e) => e.counts)) {
    const counts = entry.meterRequest
      ? ((await worker.settledCounts(entry.meterRequest)) ?? entry.counts)
      : entry.counts;
    const kind = requestKind(entry.method, entry.url);
    requests.push({
      kind,
      url: entry.url,
      status: entry.status,
      photo: isPhotoLoad(entry.url),
      counts,
      openTab: entry.openTab ?? false,
    });
    if (!replayable.has(kind))
      replayable.set(kind, {
        method: entry.method,
        url: entry.url,
        postData: entry.postData,
        headers: entry.headers,
        device,
      });
  }
  for (const socket of network.sockets.filter((s) => s.counts)) {
    requests.push({
      kind: `${requestKind('GET', socket.url)} (WebSocket upgrade)`,
      url: socket.url,
      status: 101,
      photo: false,
      counts: socket.counts,
      framesSent: socket.framesSent,
    });
  }
  const counts = steps.reduce((sum, x) => add(sum, x.counts), zero());
  const photo = requests.filter((r) => r.photo).reduce((sum, r) => add(sum, r.counts), zero());
  if (errors.length) log(`    page errors: ${errors.slice(0, 3).join(' | ')}`);
  return {
    counts,
    photo,
    requests,
    steps,
    failed,
    seenByBrowser: requests.length,
    framesSent: network.sockets.reduce((n, s) => n + s.framesSent, 0),
  };
}

async function newContext(viewport, storageState) {
  const context = await browser.newContext({
    viewport,
    baseURL: base,
    ...(storageState ? { storageState } : {}),
    ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
  });
  // The machine is shared: a screen may take seconds to arrive.
  context.setDefaultTimeout(20_000);
  return context;
}

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  log(`\n${device} (${viewport.width} px):`);
  // One browser profile for the member's sittings (its HTTP cache shared, as a real browser's);
  // sign-in first, through the screen.
  const context = await newContext(viewport);
  let signedIn = null;
  for (const journey of JOURNEYS) {
    const t = Date.now();
    // The partner's reply arrives before the member opens messages (setup, not measured).
    if (journey.name.startsWith('messages')) {
      await worker.call('POST', '/api/messages', {
        cookie: partner.cookie,
        body: {
          senderId: partner.id,
          receiverId: member.id,
          listingId: thread.listingId,
          content: `Does Saturday suit you? (${device})`,
        },
      });
    }
    let ctx = context;
    if (journey.idle) {
      // Its own profile: the page's clock is Playwright's fake clock, installed before the load.
      ctx = await newContext(viewport, signedIn);
      await ctx.clock.install();
    } else if (journey.fresh && journey !== JOURNEYS[0]) {
      ctx = await newContext(viewport);
    }
    const result = await measureJourney(journey, device, ctx);
    if (ctx !== context) await ctx.close();
    if (journey === JOURNEYS[0]) signedIn = await context.storageState();
    measured[device][journey.name] = result;
    log(
      `  ${journey.name}: ${result.counts.workerRequests} Worker requests (${result.seenByBrowser} seen by the browser), ${result.counts.d1RowsRead.toLocaleString('en-US')} rows read, ${result.counts.d1RowsWritten} written, ${result.counts.kvWrites} KV writes (${((Date.now() - t) / 1000).toFixed(0)} s)${result.failed ? `; STEP FAILED: ${result.failed}` : ''}`,
    );
  }
  await context.close();
}

// ---------------------------------------------------------------------------------------------
// The member-day, the fixed daily costs, the capacity

const perMemberDay = zero();
const photoPerMemberDay = zero();
/** A journey's use a member-day: its steps, the open tab's hours counted as IDLE_HOURS_PER_DAY (measured for IDLE_HOURS_MEASURED). */
const dayCounts = (m) =>
  m.steps.reduce((sum, x) => add(sum, x.counts, x.hours ? IDLE_HOURS_PER_DAY / x.hours : 1), zero());
const journeyRows = JOURNEYS.map((journey) => {
  const row = { journey: journey.name, weight: journey.weight, devices: {} };
  for (const device of ['desktop', 'phone']) {
    const m = measured[device][journey.name];
    const share = device === 'phone' ? PHONE_SHARE : 1 - PHONE_SHARE;
    const day = dayCounts(m);
    add(perMemberDay, day, journey.weight * share);
    // Photo loads of the open tab happen at its load, not over its hours: counted once.
    add(photoPerMemberDay, m.photo, journey.weight * share);
    row.devices[device] = {
      counts: m.counts,
      countsPerDay: day,
      photo: m.photo,
      requestsSeen: m.seenByBrowser,
      failed: m.failed,
      steps: m.steps,
      requests: m.requests.map(({ kind, status, counts }) => ({ kind, status, counts })),
    };
  }
  return row;
});

log(
  '\nFixed daily costs: the cron triggers on the bench data (the backlog drained first, then the steady run that is counted)…',
);
/** Runs of a trigger over the bench's backlog at most: each run's rows written are capped (decision 042). */
const MAX_BACKLOG_RUNS = 16;
/** Steady runs measured after the backlog (an odd number: the median is counted). */
const STEADY_RUNS = 3;
const now = Date.now();
const crons = {};
for (const [expression, runsPerDay, period, steadyAfter] of [
  [FREQUENT_CRON, 96, 15 * 60_000, 15 * 60_000],
  [DAILY_CRON, 1, 24 * 60 * 60_000, 24 * 60 * 60_000],
]) {
  // The backlog: the trigger runs once a period while a job's last call still reported a full page.
  const backlog = [];
  let at = now + period;
  do {
    backlog.push(await profileCron({ base, worker, profiler, expression, at }));
    at += period;
  } while (backlog.length < MAX_BACKLOG_RUNS && backlog.at(-1).backlogLeft);
  // Three steady runs a period apart, the median one (by rows read) counted: the trade-circle
  // sweep is paced to one page every few hours (decision 046) and its allowance is added in full
  // below, so a steady run that happened to hold a sweep page is not counted 96 times a day.
  const steadyRuns = [];
  for (let i = 0; i < STEADY_RUNS; i++)
    steadyRuns.push(
      await profileCron({ base, worker, profiler, expression, at: at - period + steadyAfter + i * period }),
    );
  const steady = [...steadyRuns].sort((a, b) => a.perRun.d1RowsRead - b.perRun.d1RowsRead)[Math.floor(STEADY_RUNS / 2)];
  const backlogRun = backlog.reduce((sum, run) => add(sum, run.perRun), zero());
  crons[expression] = {
    runsPerDay,
    backlogRun,
    backlogRuns: backlog.length,
    perRun: steady.perRun,
    steadyRunsRowsRead: steadyRuns.map((run) => run.perRun.d1RowsRead),
    invocations: [...backlog.flatMap((run) => run.invocations), ...steadyRuns.flatMap((run) => run.invocations)],
  };
  log(
    `  ${expression}: backlog ${backlog.length} run(s), ${backlogRun.d1RowsRead.toLocaleString('en-US')} rows read and ${backlogRun.d1RowsWritten.toLocaleString('en-US')} written in all; steady run ${steady.perRun.d1RowsRead.toLocaleString('en-US')} rows read, ${steady.perRun.d1RowsWritten} written (the median of ${STEADY_RUNS}: ${crons[expression].steadyRunsRowsRead.map((n) => n.toLocaleString('en-US')).join(', ')} rows read)`,
  );
}

// The community feed's refresh: its alarm's use per run while a page holds a feed socket (the
// alarms seen during the journeys often found the page gone, and then read nothing): a guest page
// on the community page is held open until two alarms have run.
log('Measuring the community feed refresh (a guest page held open for two alarms, up to 45 s)…');
const feedAlarms = await (async () => {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  waitForTheAppOnLoad(page);
  await page.goto('/community');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const before = (await worker.settledState()).alarms;
  let now = before;
  for (let i = 0; i < 450 && now.doRequests - before.doRequests < 2; i++) {
    await sleep(100);
    now = (await worker.meterState()).alarms;
  }
  await sleep(300);
  const used = minus((await worker.meterState()).alarms, before);
  await context.close();
  return used;
})();
if (feedAlarms.doRequests === 0) throw new Error('The community feed alarm did not run');
const feedRun = add(zero(), feedAlarms, 1 / feedAlarms.doRequests);
const fixedPerDay = add(zero(), feedRun, FEED_RUNS_PER_DAY);
for (const c of Object.values(crons)) add(fixedPerDay, c.perRun, c.runsPerDay);
// The trade-circle sweep is paced (decision 046): a sweep page is due once the day's allowance has
// paid for the rows the last one read, so the median steady run above holds none (it then reads
// a few rows). Its daily allowance is counted here in full.
const circleSweepRowsPerDay = Number(
  /export const SWEEP_ROWS_PER_DAY = ([\d_]+);/
    .exec(readFileSync('worker/services/trade-circles/search.ts', 'utf8'))?.[1]
    ?.replaceAll('_', ''),
);
if (!Number.isFinite(circleSweepRowsPerDay))
  throw new Error('SWEEP_ROWS_PER_DAY not found in worker/services/trade-circles/search.ts');
fixedPerDay.d1RowsRead += circleSweepRowsPerDay;
log(
  `  trade-circle sweep (paced): ${circleSweepRowsPerDay.toLocaleString('en-US')} rows read a day at most, counted in the fixed costs`,
);

const withMedia = capacity(withMediaDomain(perMemberDay, photoPerMemberDay), fixedPerDay);
const withoutMedia = capacity(perMemberDay, fixedPerDay);

// Sign-ins and sign-ups a day: a session is a D1 row with KV as its budgeted cache (decision 037),
// so D1's rows written bound them (each one's rows as measured, beside the fixed daily costs); the
// KV figure is how many sessions a day KV could cache at the measured KV use, which the Worker
// further caps at its own KV day budget (worker/lib/rate-limit.ts, kvWritesPerDay).
const meanOf = (name) =>
  add(add(zero(), measured.desktop[name].counts, 1 - PHONE_SHARE), measured.phone[name].counts, PHONE_SHARE);
const signIn = meanOf(JOURNEYS.find((j) => j.name.startsWith('sign in')).name);
const signUp = meanOf(JOURNEYS.find((j) => j.name.startsWith('new member')).name);
const signInsPerDay = { ...kvActionsPerDay(signIn, fixedPerDay), byRowsWritten: d1ActionsPerDay(signIn, fixedPerDay) };
const signUpsPerDay = { ...kvActionsPerDay(signUp, fixedPerDay), byRowsWritten: d1ActionsPerDay(signUp, fixedPerDay) };

// Per request kind: calls and counts a member-day, from the network logs (weighted like the day).
const kinds = new Map();
for (const journey of JOURNEYS) {
  for (const device of ['desktop', 'phone']) {
    const share = device === 'phone' ? PHONE_SHARE : 1 - PHONE_SHARE;
    for (const r of measured[device][journey.name].requests) {
      if (!kinds.has(r.kind)) kinds.set(r.kind, { kind: r.kind, perMemberDay: 0, counts: zero(), calls: 0 });
      const k = kinds.get(r.kind);
      k.perMemberDay += journey.weight * share * (r.openTab ? IDLE_HOURS_PER_DAY / IDLE_HOURS_MEASURED : 1);
      k.calls += 1;
      add(k.counts, r.counts);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The CPU check: each kind the browser sent, replayed one at a time under the profiler

log(`\nWorker CPU: replaying each of ${replayable.size} request kinds one at a time under V8's profiler…`);
const cookies = { desktop: member.cookie, phone: member.cookie };
const cpu = await replayCpu({ worker, profiler, replayable, reps: QUICK ? 3 : 6, cookieFor: (r) => cookies[r.device] });
for (const [kind, figure] of cpu) if (kinds.has(kind)) kinds.get(kind).workerCpuMs = figure;
const cronCpu = Object.values(crons).flatMap((c) => c.invocations);
const gated = [
  ...[...cpu].map(([kind, f]) => ({ kind, ...f })),
  ...cronCpu.filter((c) => c.workerCpuMs).map((c) => ({ kind: c.kind, ...c.workerCpuMs })),
];
const overLimit = gated.filter((k) => k.mean > CPU_LIMIT_MS);
profiler.close();
await browser.close();
app.stop();

// ---------------------------------------------------------------------------------------------
// Report

// The check of the count: the requests the browser's log saw reach the Worker against the meter's.
const countMismatches = JOURNEYS.flatMap((j) =>
  ['desktop', 'phone'].map((d) => {
    const m = measured[d][j.name];
    return (
      m.seenByBrowser !== m.counts.workerRequests &&
      `${j.name} (${d}): the meter counted ${m.counts.workerRequests} Worker requests, the browser's log ${m.seenByBrowser}`
    );
  }),
).filter(Boolean);
const failures = JOURNEYS.flatMap((j) =>
  ['desktop', 'phone'].map((d) => measured[d][j.name].failed && `${j.name} (${d}): ${measured[d][j.name].failed}`),
).filter(Boolean);
const report = {
  dataset: { version: dataset.version, listings: dataset.figures.rows.listings, members: dataset.figures.rows.users },
  method: {
    browser: 'Chromium (playwright-core), desktop 1280 px and phone 390 px',
    phoneShare: PHONE_SHARE,
    openTab: {
      hoursPerDay: IDLE_HOURS_PER_DAY,
      hoursMeasured: IDLE_HOURS_MEASURED,
      clock: `Playwright's fake clock (context.clock.install before the load), advanced with clock.runFor in ${IDLE_STEP_MS / 60_000}-minute steps, the network left to go quiet after each`,
    },
    counts:
      "the meter's totals around each journey (requests incl. WebSocket upgrades and after-reply work, plus Durable Object work, minus alarms)",
    mediaDomain:
      'one run without a media domain; with one, the photo loads the browser sent to /objects leave the Worker, with what the Worker did for them (session and D1 reads); their R2 reads stay, as if every load missed the CDN',
  },
  journeys: journeyRows,
  perMemberDay,
  photoLoadsPerMemberDay: photoPerMemberDay.workerRequests,
  fixedPerDay,
  communityFeed: { runsPerDay: FEED_RUNS_PER_DAY, perRun: feedRun, alarmsDuringJourneys: alarmsSeen },
  crons: Object.fromEntries(
    Object.entries(crons).map(([e, c]) => [
      e,
      { runsPerDay: c.runsPerDay, perRun: c.perRun, backlogRun: c.backlogRun, backlogRuns: c.backlogRuns },
    ]),
  ),
  withMediaDomain: withMedia,
  withoutMediaDomain: withoutMedia,
  signInsPerDay: {
    ...signInsPerDay,
    kvWritesPerSignIn: signIn.kvWrites,
    kvDeletesPerSignIn: signIn.kvDeletes,
    d1RowsWrittenPerSignIn: signIn.d1RowsWritten,
  },
  signUpsPerDay: { ...signUpsPerDay, kvWritesPerSignUp: signUp.kvWrites, d1RowsWrittenPerSignUp: signUp.d1RowsWritten },
  kinds: [...kinds.values()].sort((a, b) => b.perMemberDay - a.perMemberDay),
  workerCpu: { limitMs: CPU_LIMIT_MS, overLimit, cron: cronCpu, scheduling },
  failures,
  countMismatches,
  seconds: Math.round((Date.now() - started) / 1000),
};

const fmt = (n, digits = 1) =>
  n === null || n === undefined
    ? '—'
    : n === Infinity
      ? '∞'
      : Number.isInteger(n)
        ? n.toLocaleString('en-US')
        : n.toLocaleString('en-US', { maximumFractionDigits: digits });
if (JSON_OUTPUT) {
  console.log(JSON.stringify(report, (key, value) => (value === Infinity ? 'Infinity' : value), 2));
} else {
  const table = (headers, rows) => {
    const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
    const line = (cells) =>
      cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
    return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
  };
  const f = dataset.figures.rows;
  console.log(
    `\nFree-plan quota report, measured in Chromium on the bench community (${fmt(f.users)} members, ${fmt(f.listings)} listings; ${report.seconds} s)\n`,
  );
  console.log(
    'Journeys (each once per device; weight = times per daily active member per day; half the members on phones):',
  );
  console.log(
    table(
      [
        'Journey',
        'weight',
        'device',
        'Worker req',
        'photos',
        'D1 rows read',
        'rows written',
        'KV r',
        'KV w',
        'DO (billed)',
        'R2 B',
      ],
      journeyRows.flatMap((r) =>
        ['desktop', 'phone'].map((d) => {
          const c = r.devices[d].counts;
          return [
            d === 'desktop' ? r.journey : '',
            d === 'desktop' ? r.weight : '',
            d,
            fmt(c.workerRequests),
            fmt(r.devices[d].photo.workerRequests),
            fmt(c.d1RowsRead),
            fmt(c.d1RowsWritten),
            fmt(c.kvReads),
            fmt(c.kvWrites),
            fmt(billedDoRequests(c)),
            fmt(c.r2ClassB),
          ];
        }),
      ),
    ),
  );
  console.log(
    `\nThe open tab: ${IDLE_HOURS_MEASURED} h of page time measured${IDLE_HOURS_MEASURED !== IDLE_HOURS_PER_DAY ? `, scaled to ${IDLE_HOURS_PER_DAY} h` : ''}; the page's clock: ${report.method.openTab.clock}.`,
  );
  console.log(
    "\nA member-day against the free plan, fixed daily costs apart (the feed's refresh every 15 s all day, crons 96 + 1 runs):",
  );
  console.log(
    table(
      [
        'Resource',
        'Per member-day (no media domain)',
        'Fixed per day',
        'Free limit/day',
        'Members (media domain)',
        'Members (no media domain)',
      ],
      withMedia.resources.map((r, i) => [
        r.label,
        fmt(withoutMedia.resources[i].perMemberDay),
        fmt(r.fixedPerDay),
        fmt(r.limit),
        fmt(r.membersThatFit),
        fmt(withoutMedia.resources[i].membersThatFit),
      ]),
    ),
  );
  console.log(
    `(Per member-day is without a media domain. With one, ${fmt(photoPerMemberDay.workerRequests)} photo loads a member-day leave the Worker, with their session and D1 reads: ${fmt(withMedia.resources[0].perMemberDay)} Worker requests, ${fmt(withMedia.resources.find((r) => r.field === 'kvReads').perMemberDay)} KV reads, ${fmt(withMedia.resources.find((r) => r.field === 'd1RowsRead').perMemberDay)} D1 rows read a member-day.)`,
  );
  console.log(
    `Community feed refresh: ${fmt(feedRun.d1Queries)} D1 queries, ${fmt(feedRun.d1RowsRead)} rows read a run, ${fmt(FEED_RUNS_PER_DAY)} runs a day. Crons (steady runs): ${Object.entries(
      crons,
    )
      .map(
        ([e, c]) =>
          `"${e}" ${c.runsPerDay}×, ${fmt(c.perRun.d1RowsRead)} rows read and ${fmt(c.perRun.d1RowsWritten)} written a run (the bench backlog drained in ${c.backlogRuns} run(s): ${fmt(c.backlogRun.d1RowsRead)} read, ${fmt(c.backlogRun.d1RowsWritten)} written in all)`,
      )
      .join('; ')}.`,
  );
  console.log(
    `\nWith a media domain: ${fmt(withMedia.binding.membersThatFit)} daily members (binding: ${withMedia.binding.label}).`,
  );
  console.log(
    `Without a media domain: ${fmt(withoutMedia.binding.membersThatFit)} daily members (binding: ${withoutMedia.binding.label}).`,
  );
  console.log(
    `Sign-ins and sign-ups a day (sessions are D1 rows, KV their budgeted cache: decision 037): ${fmt(signInsPerDay.byRowsWritten)} sign-ins (${fmt(signIn.d1RowsWritten)} rows written each, its first page included) or ${fmt(signUpsPerDay.byRowsWritten)} sign-ups (${fmt(signUp.d1RowsWritten)} each) fit D1's rows written beside the fixed daily costs; KV writes ${fmt(signIn.kvWrites)} per sign-in and ${fmt(signUp.kvWrites)} per sign-up, deletes ${fmt(signIn.kvDeletes)}: KV could cache ${fmt(signInsPerDay.perDay)} sessions a day, and the Worker stops caching at its KV day budget, signing the rest in from D1.`,
  );
  console.log(
    countMismatches.length
      ? `Count check: ${countMismatches.join('; ')}.`
      : "Count check: on every journey the browser's log saw as many requests reach the Worker as the meter counted.",
  );
  console.log(
    "\nPer request kind (from the browser's network log; calls per member-day, figures per call; Worker JS CPU from one-at-a-time replays):",
  );
  console.log(
    table(
      [
        'Request kind',
        'per day',
        'D1 q',
        'rows read',
        'rows written',
        'KV r',
        'KV w',
        'DO',
        'Worker CPU ms',
        'max',
        'n',
      ],
      report.kinds.map((k) => {
        const per = (field) => fmt(k.counts[field] / k.calls);
        return [
          k.kind,
          fmt(k.perMemberDay, 2),
          per('d1Queries'),
          per('d1RowsRead'),
          per('d1RowsWritten'),
          per('kvReads'),
          per('kvWrites'),
          per('doRequests'),
          k.workerCpuMs ? k.workerCpuMs.mean.toFixed(1) : '—',
          k.workerCpuMs ? k.workerCpuMs.max.toFixed(1) : '—',
          k.workerCpuMs?.n ?? '—',
        ];
      }),
    ),
  );
  console.log('\nCron invocations (Worker JS CPU per invocation, V8 profiler):');
  console.log(
    table(
      ['Invocation', 'Worker CPU ms', 'rows read', 'rows written'],
      cronCpu.map((c) => [
        c.kind,
        c.workerCpuMs ? c.workerCpuMs.mean.toFixed(1) : '—',
        fmt(c.counts.d1RowsRead),
        fmt(c.counts.d1RowsWritten),
      ]),
    ),
  );
  console.log(`Profiler scheduling: ${scheduling}.`);
  console.log(
    overLimit.length
      ? `\nOVER the free plan's ${CPU_LIMIT_MS} ms mean Worker CPU: ${overLimit.map((k) => `${k.kind} (${k.mean.toFixed(1)} ms)`).join(', ')}.`
      : `\nEvery request kind's and cron invocation's mean Worker CPU is under the free plan's ${CPU_LIMIT_MS} ms.`,
  );
  if (failures.length)
    console.log(
      `\nJourney steps that failed (their journeys are counted up to the failure):\n${failures.map((x) => `  ✗ ${x}`).join('\n')}`,
    );
}
process.exit(overLimit.length || failures.length ? 1 : 0);
