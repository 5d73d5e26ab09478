#!/usr/bin/env node
// `npm run lighthouse`: the first-paint figures of issue 24 on a production build served as
// `npm start` serves it (its own port and a fresh state folder with the demo community). Lighthouse
// (mobile preset, simulated throttling) on home, browse and a listing, N runs each, the median run
// by performance score; then the slow link (scripts/lighthouse/slow-link.mjs): a phone on a 1.5 s,
// 50 KB/s link with a 4× slower CPU, N cold runs each. Prints both tables with the goals beside
// (scripts/lighthouse/goals.mjs). A measurement, not a gate: it exits 0 under the goals unless
// `--check` is given. docs/performance.md, "First paint (Lighthouse and the slow link)".
//
//   npm run lighthouse                         (build, serve, measure: 7–8 minutes on two cores)
//   npm run lighthouse -- --skip-build         (serve the last build in dist/)
//   npm run lighthouse -- --runs 5             (runs per page and per measure; 3 by default)
//   npm run lighthouse -- --pages /,/browse    (other paths; a listing's is /listing/<id>)
//   npm run lighthouse -- --only lighthouse    (or slow-link: one of the two measures)
//   npm run lighthouse -- --base http://localhost:8787    (a server already running)
//   npm run lighthouse -- --json               (the figures as JSON on stdout; progress on stderr)
//   npm run lighthouse -- --check              (exit 1 when a figure misses the goal)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startApp } from './lib/bench-app.mjs';
import { auditPage, launchChrome } from './lighthouse/audit.mjs';
import { LIGHTHOUSE_GOALS, SLOW_LINK_CONTENT_MS } from './lighthouse/goals.mjs';
import { SLOW_LINK, slowLinkPage } from './lighthouse/slow-link.mjs';
import { lighthouseTable, slowLinkTable } from './lighthouse/table.mjs';

const { values: options } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    only: { type: 'string' },
    base: { type: 'string' },
    json: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`--runs must be a whole number from 1 (it is "${options.runs}")`);
if (options.only && !['lighthouse', 'slow-link'].includes(options.only))
  throw new Error(`--only is lighthouse or slow-link (it is "${options.only}")`);
const log = (...parts) => (options.json ? console.error(...parts) : console.log(...parts));

/**
 * The element that is a page's main content, looked for by the slow link: the home page's hero
 * heading, the first card of the browse grid, a listing's title (the page's h1), another page's h1.
 */
function contentSelector(path) {
  const { pathname } = new URL(path, 'http://localhost');
  if (pathname === '/') return '#home-title';
  if (pathname === '/browse') return 'main .listing-card';
  return 'main h1';
}

/** Serves the app as `npm start` does, on a free port and its own state folder (removed after). */
async function serve() {
  if (options.base) return { base: options.base.replace(/\/$/, ''), stop: async () => {} };
  const persist = mkdtempSync(join(tmpdir(), 'barter-lighthouse-'));
  log(`Starting the app on the demo data${options['skip-build'] ? ' (last build)' : ' (building first)'}…`);
  // bench-app's start turns metering on for the bench; `npm start` runs without it.
  const app = await startApp({ persist, skipBuild: options['skip-build'], extraEnv: { METER: '0' }, exitCode: 1 });
  const stop = async () => {
    const exited = new Promise((resolve) => app.app.once('exit', resolve));
    app.stop();
    await exited;
    rmSync(persist, { recursive: true, force: true });
  };
  return { base: app.base, stop };
}

/** The pages: --pages, else home, browse and the first listing with a photo that browsing shows. */
async function pagesToMeasure(base) {
  if (options.pages) return options.pages.split(',').map((path) => ({ name: path, path }));
  const reply = await fetch(`${base}/api/listings?limit=24`);
  if (!reply.ok) throw new Error(`GET /api/listings answered ${reply.status}`);
  const listings = await reply.json();
  const listing = listings.find((candidate) => candidate.imageUrls.length > 0) ?? listings[0];
  if (!listing) throw new Error('The demo community has no listing to measure');
  return [
    { name: 'home', path: '/' },
    { name: 'browse', path: '/browse' },
    { name: `listing ${listing.id}`, path: `/listing/${listing.id}` },
  ];
}

async function measureLighthouse(base, pages) {
  log(`Lighthouse, mobile preset, ${RUNS} run${RUNS === 1 ? '' : 's'} per page…`);
  const chrome = await launchChrome();
  try {
    const measured = [];
    for (const page of pages) measured.push({ ...page, ...(await auditPage(chrome, base + page.path, RUNS, log)) });
    return measured;
  } finally {
    await chrome.kill();
  }
}

async function measureSlowLink(base, pages) {
  log(
    `Slow link (${SLOW_LINK.latency} ms, ${SLOW_LINK.downloadThroughput / 1024} KB/s, CPU ÷${SLOW_LINK.cpuSlowdown}), ${RUNS} cold run${RUNS === 1 ? '' : 's'} per page…`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const measured = [];
    for (const page of pages)
      measured.push({
        ...page,
        ...(await slowLinkPage(browser, base + page.path, contentSelector(page.path), RUNS, log)),
      });
    return measured;
  } finally {
    await browser.close();
  }
}

/** The goals each page missed (TBT, CLS and Speed Index have none there). */
function misses(lighthouse, slowLink) {
  const missed = [];
  for (const page of lighthouse ?? [])
    for (const goal of LIGHTHOUSE_GOALS.filter((candidate) => candidate.source === 'issue'))
      if (!goal.met(page.figures[goal.id])) missed.push(`${page.name}: ${goal.label}`);
  for (const page of slowLink ?? [])
    if (page.content === null || page.content > SLOW_LINK_CONTENT_MS) missed.push(`${page.name}: slow-link content`);
  return missed;
}

/** The load average (1, 5, 15 minutes): Lighthouse's figures follow it (docs/performance.md). */
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const started = Date.now();
const load = loadAverage();
const app = await serve();
let report;
try {
  const pages = await pagesToMeasure(app.base);
  const lighthouse = options.only === 'slow-link' ? null : await measureLighthouse(app.base, pages);
  const slowLink = options.only === 'lighthouse' ? null : await measureSlowLink(app.base, pages);
  report = {
    date: new Date().toISOString(),
    runs: RUNS,
    loadBefore: load,
    lighthouse,
    slowLink,
    slowLinkConditions: SLOW_LINK,
  };
  report.missed = misses(lighthouse, slowLink);
} finally {
  await app.stop();
}

report.loadAfter = loadAverage();
report.seconds = Math.round((Date.now() - started) / 1000);
if (options.json) console.log(JSON.stringify(report, null, 2));
else {
  if (report.lighthouse)
    console.log(
      `\nLighthouse (mobile, simulated throttling; median of ${RUNS} by performance)\n\n${lighthouseTable(report.lighthouse)}`,
    );
  if (report.slowLink)
    console.log(
      `\nSlow link (median of ${RUNS} cold runs by content time; requests and bytes received; served over ${report.slowLink[0]?.protocol || 'an unknown protocol'})\n\n${slowLinkTable(report.slowLink)}`,
    );
  console.log(`\nLoad average ${report.loadBefore} before, ${report.loadAfter} after; ${report.seconds} s in all.`);
  console.log(report.missed.length ? `Missed the issue's goals: ${report.missed.join('; ')}` : 'Every issue goal met.');
}
process.exit(options.check && report.missed.length ? 1 : 0);
