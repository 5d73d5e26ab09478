#!/usr/bin/env node
// The sitemap's cost at its largest page (decision 056): 50,000 active listings and 50,000 members
// in a fresh local database, then /sitemap.xml (the index) and /sitemap-listings-1.xml and
// /sitemap-profiles-1.xml (50,000 URLs each) requested one at a time under V8's profiler through
// wrangler's inspector (scripts/worker-cpu.mjs, as `npm run quota` measures), with the D1 rows
// each statement read from the meter's headers when present.
//
//   npm run build && node scripts/bench/sitemap-cpu.mjs        (about a minute; serves the last build)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { attributeSamples, connectProfiler } from '../worker-cpu.mjs';
import { freePort, startApp } from '../lib/bench-app.mjs';
import { d1File } from './scale-data.mjs';

const N = 50_000;
const REPS = 10;
const persist = mkdtempSync(join(tmpdir(), 'sitemap-cpu-'));
process.on('exit', () => rmSync(persist, { recursive: true, force: true }));

const migrate = spawnSync(
  'node_modules/.bin/wrangler',
  ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist],
  {
    env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' },
    encoding: 'utf8',
  },
);
if (migrate.status !== 0) throw new Error(`Applying the migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);

// Members with the longest usernames the form allows would make the largest page; these are typical.
const db = new DatabaseSync(d1File(persist));
db.exec('BEGIN');
const member = db.prepare(
  "INSERT INTO users (username, password, display_name, email, created_at) VALUES (?, 'x', ?, ?, '2026-01-01T00:00:00.000Z')",
);
for (let i = 1; i <= N; i++) member.run(`member_${i}`, `Member ${i}`, `member${i}@example.com`);
const listing = db.prepare(
  "INSERT INTO listings (user_id, title, description, what_user_wants, location, distance, created_at) VALUES (?, ?, 'A thing to trade', 'Something else', 'Oakland, CA', 25, ?)",
);
for (let i = 1; i <= N; i++) listing.run(i, `Listing ${i}`, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString());
db.exec('COMMIT');
db.close();

const inspectorPort = await freePort();
const app = await startApp({ persist, inspectorPort, skipBuild: true, exitCode: 1 });
const profiler = await connectProfiler(inspectorPort, { workerName: 'barter-market' });
try {
  for (const path of ['/sitemap.xml', '/sitemap-listings-1.xml', '/sitemap-profiles-1.xml']) {
    const sizes = [];
    await profiler.start();
    for (let i = 0; i < REPS; i++) {
      await profiler.track(path, async () => {
        const response = await fetch(`${app.base}${path}`);
        const text = await response.text();
        sizes.push({ status: response.status, bytes: text.length, urls: (text.match(/<loc>/g) ?? []).length });
      });
    }
    const { profile, windows } = await profiler.stop();
    const ms = attributeSamples(profile, windows).windows.map((w) => w.ms);
    const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
    console.log(
      `${path}: ${sizes[0].status}, ${sizes[0].urls} URLs, ${(sizes[0].bytes / 1024).toFixed(0)} KB; Worker CPU mean ${mean.toFixed(2)} ms, max ${Math.max(...ms).toFixed(2)} ms (${ms.map((m) => m.toFixed(2)).join(', ')})`,
    );
  }
} finally {
  profiler.close();
  app.stop();
}
process.exit(0);
