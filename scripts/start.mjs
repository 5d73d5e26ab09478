#!/usr/bin/env node
// `npm start`: build, apply migrations to the local D1, serve with wrangler (Miniflare, offline),
// and load the demo community into an empty database. PORT overrides 8787.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlaces } from './load-places.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(`Node.js 22 or newer is required (this is ${process.version}).`);
  process.exit(1);
}

const port = process.env.PORT ?? '8787';
const persist = process.env.PERSIST_DIR ?? '.wrangler/state';
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? '' };
const bin = (name) => `node_modules/.bin/${name}`;

function run(command, args, extraEnv = {}) {
  const result = spawnSync(bin(command), args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const started = Date.now();
// Always a production build, whatever NODE_ENV the caller has (test runners set "test").
if (process.env.SKIP_BUILD !== '1') run('vite', ['build', '--logLevel', 'warn'], { NODE_ENV: 'production' });
// A state folder without a local D1 yet is fresh: its places table is sure to be empty.
const freshDatabase = !existsSync(join(persist, 'v3', 'd1'));
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);

// The offline gazetteer (docs/decisions/008-offline-gazetteer.md), loaded only into an empty places
// table; on a restart the count check costs about a second.
try {
  const places = loadPlaces({ persistTo: persist, ifEmpty: !freshDatabase });
  console.log(
    places.loaded
      ? `Loaded ${places.loaded} places into the gazetteer in ${(places.ms / 1000).toFixed(1)} s.`
      : `Gazetteer already loaded (${places.existing} places; checked in ${(places.ms / 1000).toFixed(1)} s).`,
  );
} catch (error) {
  console.error(`Could not load the gazetteer: ${error.message}`);
  process.exit(1);
}

// A fresh signing secret per start: upload URLs live 15 minutes, so none outlives a restart.
const server = spawn(
  bin('wrangler'),
  [
    'dev',
    '--port', port,
    '--ip', process.env.HOST ?? 'localhost',
    '--persist-to', persist,
    '--test-scheduled',
    '--show-interactive-dev-session=false',
    '--var', 'ENVIRONMENT:development',
    // Links in emails that cron jobs write (they have no request to take the address from).
    '--var', `APP_ORIGIN:http://localhost:${port}`,
    '--var', `SIGNING_SECRET:${randomBytes(32).toString('hex')}`,
    // METER=1 (set only by `npm run quota`) turns on binding metering: worker/lib/meter.
    ...(process.env.METER === '1' ? ['--var', 'METER:1'] : []),
  ],
  { stdio: ['ignore', 'inherit', 'inherit'], env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

const base = `http://localhost:${port}`;
for (let attempt = 0; attempt < 240; attempt++) {
  try {
    const response = await fetch(`${base}/api/dev/seed`, { method: 'POST' });
    if (response.ok) {
      const { seeded } = await response.json();
      console.log(seeded ? 'Loaded the demo community (accounts: admin, alice, bob; password: password123).' : 'Database already has data; demo data not loaded again.');
      console.log(`\nBarter Market is ready at ${base} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
      break;
    }
  } catch {
    // The server is still starting.
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
