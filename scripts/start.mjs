#!/usr/bin/env node
// `npm start`: check the port, build (the SPA, the Worker and the gazetteer's static assets),
// apply migrations to the local D1 quietly, serve with wrangler (Miniflare, offline), and load the
// demo community into an empty database. PORT overrides 8787, HOST localhost, PERSIST_DIR
// .wrangler/state; SKIP_BUILD=1 serves the last build.
//
// Every child (vite, wrangler and the workerd it starts) runs in a process group of its own, and
// SIGINT / SIGTERM / SIGHUP (or the parent going away) stop that whole group before this script
// exits, so nothing is left running.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { localPepper } from './local-pepper.mjs';
import { localVapidKeys } from './lib/vapid-keys.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(`Node.js 22 or newer is required (this is ${process.version}).`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? '8787');
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(
    `PORT must be a number from 1 to 65535 (it is "${process.env.PORT}"). For example: PORT=3000 npm start`,
  );
  process.exit(1);
}
const host = process.env.HOST ?? 'localhost';
const persist = process.env.PERSIST_DIR ?? '.wrangler/state';
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? '' };
const bin = (name) => `node_modules/.bin/${name}`;
const STOP_GRACE_MS = 5_000;

/** The child running now (build, migrations or the server), and whether a stop was asked for. */
let current = null;
let stopping = false;

/** Does any process of the group still exist? */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Stops the child's whole process group: the signal first, SIGKILL after a grace period. */
async function stopGroup(child, signal) {
  signalGroup(child.pid, signal);
  const deadline = Date.now() + STOP_GRACE_MS;
  while (groupAlive(child.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(child.pid)) signalGroup(child.pid, 'SIGKILL');
}

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (current) await stopGroup(current, signal);
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// `npm start` execs this script, so npm's SIGTERM reaches it; should a shell in between die instead
// (and leave this script orphaned), that is noticed here and treated the same way.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop('SIGTERM'), 500).unref();

/**
 * Runs a command in its own process group. `quiet` captures its output (returned, for printing on
 * failure); otherwise it goes to the terminal.
 */
function run(command, args, { quiet = false, extraEnv = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(bin(command), args, {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
      detached: true,
    });
    current = child;
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('exit', (code, signal) => {
      if (current === child) current = null;
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/** Can something listen on the port? Checked on IPv4 and IPv6 loopback, and on HOST when it is another address. */
async function portIsFree() {
  const hosts = ['127.0.0.1', '::1', ...(host === 'localhost' ? [] : [host])];
  for (const address of hosts) {
    const free = await new Promise((resolve) => {
      const server = createServer();
      server.once('error', (error) => resolve(error.code !== 'EADDRINUSE' && error.code !== 'EACCES'));
      server.listen({ port, host: address, exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (!free) return false;
  }
  return true;
}

const started = Date.now();
if (!(await portIsFree())) {
  console.error(`Port ${port} is in use. Set another one: PORT=${port === 3000 ? 3001 : 3000} npm start`);
  process.exit(1);
}

// Always a production build, whatever NODE_ENV the caller has (test runners set "test"). Photos
// come from this server's /objects routes, whatever media origin wrangler.toml names for
// production (local uploads are not on it); MEDIA_ORIGIN in the environment overrides that.
if (process.env.SKIP_BUILD !== '1') {
  const build = await run('vite', ['build', '--logLevel', 'warn'], {
    extraEnv: { NODE_ENV: 'production', MEDIA_ORIGIN: process.env.MEDIA_ORIGIN ?? '' },
  });
  if (stopping) await new Promise(() => {});
  if (build.code !== 0) process.exit(build.code);
}

// Migrations print a table per migration: kept out of sight unless they fail.
const migrations = await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
  quiet: true,
});
if (stopping) await new Promise(() => {});
if (migrations.code !== 0) {
  process.stderr.write(migrations.output);
  console.error(`Applying the database migrations failed (exit ${migrations.code}); wrangler's output is above.`);
  process.exit(migrations.code);
}
const applied = Number(/About to apply (\d+) migration/.exec(migrations.output)?.[1] ?? 0);
console.log(applied ? `Applied ${applied} database migration${applied === 1 ? '' : 's'}.` : 'Database up to date.');

// A fresh signing secret per start: upload URLs live 15 minutes, so none outlives a restart.
const serverExit = run('wrangler', [
  'dev',
  '--port',
  String(port),
  '--ip',
  host,
  '--persist-to',
  persist,
  '--test-scheduled',
  '--show-interactive-dev-session=false',
  '--var',
  'ENVIRONMENT:development',
  // Links in emails that cron jobs write (they have no request to take the address from).
  '--var',
  `APP_ORIGIN:http://localhost:${port}`,
  '--var',
  `SIGNING_SECRET:${randomBytes(32).toString('hex')}`,
  '--var',
  `PASSWORD_PEPPER:${localPepper(persist)}`,
  // Web Push's key pair, kept in the state folder (browsers' subscriptions are bound to it).
  ...Object.entries(localVapidKeys(persist)).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
  // METER=1 (set only by `npm run quota`) turns on binding metering: worker/lib/meter.
  ...(process.env.METER === '1' ? ['--var', 'METER:1'] : []),
  // INSPECTOR_PORT (set by `npm run quota` for its CPU profiles) fixes the DevTools port.
  ...(process.env.INSPECTOR_PORT ? ['--inspector-port', process.env.INSPECTOR_PORT] : []),
]);
const server = current;
serverExit.then(async ({ code }) => {
  if (stopping) return;
  // wrangler ended by itself (a crash, or the port taken after all): take workerd with it.
  if (server) await stopGroup(server, 'SIGTERM');
  process.exit(code);
});

const base = `http://localhost:${port}`;
for (let attempt = 0; attempt < 240 && !stopping; attempt++) {
  try {
    const response = await fetch(`${base}/api/dev/seed`, { method: 'POST' });
    if (response.ok) {
      const { seeded } = await response.json();
      console.log(
        seeded
          ? 'Loaded the demo community (accounts: admin, alice, bob; password: password123).'
          : 'Database already has data; demo data not loaded again.',
      );
      console.log(`\nBarter Market is ready at ${base} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
      break;
    }
  } catch {
    // The server is still starting.
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
