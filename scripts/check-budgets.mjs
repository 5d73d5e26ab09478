#!/usr/bin/env node
// `npm run budgets` (last step of `npm test`): the home page's JavaScript and CSS and every route's
// chunk against their gzipped budgets (decision 058; definitions in docs/performance.md, "Bundle
// budgets"). Reads the production build the browser tests use (dist/client, as `npm start` builds
// it); builds first when there is none or a source is newer, unless SKIP_BUILD=1 says to use the
// last build as it is (as for `npm start`). Prints a table; exits 1 when a figure is over its limit.
// `--files` lists the home page's files, largest first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipped, kb, LIMITS, measure, readBuild } from './lib/bundle-budgets.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const clientDir = join(root, 'dist/client');
const manifestFile = join(clientDir, '.vite/manifest.json');
// What the client build is made from: a change to any of these makes the last build stale.
const INPUTS = ['src', 'index.html', 'vite.config.ts', 'scripts/lib', 'package-lock.json', 'public'];
const GENERATED = new Set(['gazetteer', 'api-reference']);

function newestInput() {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (!stat.isDirectory()) return void (newest = Math.max(newest, stat.mtimeMs));
    for (const entry of readdirSync(path)) if (!GENERATED.has(entry)) visit(join(path, entry));
  };
  for (const input of INPUTS) visit(join(root, input));
  return newest;
}

function ensureBuild() {
  if (process.env.SKIP_BUILD === '1') {
    if (!existsSync(manifestFile)) throw new Error('SKIP_BUILD=1 but dist/client has no build with a manifest.');
    return 'the last build (SKIP_BUILD=1)';
  }
  if (existsSync(manifestFile) && statSync(manifestFile).mtimeMs >= newestInput()) return 'the last build (current)';
  // The same build `npm start` makes (scripts/start.mjs), so the browser tests can serve it too.
  const result = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', MEDIA_ORIGIN: process.env.MEDIA_ORIGIN ?? '' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return 'a new build';
}

const source = ensureBuild();
const build = readBuild(clientDir);
const { home, homeJs, homeCss, routes } = measure(build);
const largest = routes[0];
const widest = [...routes].sort((a, b) => b.addedBytes - a.addedBytes)[0];

const rows = [
  [`Home initial JavaScript (${home.scripts.length} files)`, homeJs, LIMITS.homeJs],
  [`Home CSS (${home.styles.length} files)`, homeCss, LIMITS.homeCss],
  [`Largest route chunk (${largest.route}, ${largest.part})`, largest.bytes, LIMITS.routeChunk],
  [`Largest route visit from home (${widest.route}, ${widest.addedFiles} files)`, widest.addedBytes, LIMITS.routeVisit],
];
const over = rows.filter(([, figure, limit]) => figure > limit);
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`Bundle budgets, gzipped (level 9), from ${source}:`);
console.log(`  ${'Budget'.padEnd(width)}  ${'Figure'.padStart(9)}  ${'Limit'.padStart(9)}`);
for (const [label, figure, limit] of rows)
  console.log(
    `  ${label.padEnd(width)}  ${kb(figure).padStart(9)}  ${kb(limit).padStart(9)}  ${figure > limit ? 'OVER' : 'ok'}`,
  );
if (process.argv.includes('--files')) {
  const files = [...home.scripts, ...home.styles].map((file) => [file, gzipped(clientDir, file)]);
  for (const [file, bytes] of files.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
}
if (over.length) {
  console.error(
    `\n${over.length} budget${over.length === 1 ? '' : 's'} exceeded (docs/performance.md, "Bundle budgets").`,
  );
  process.exit(1);
}
