// The bench community and the app started on it, shared by the scale bench
// (scripts/bench/scale.mjs) and the quota report (scripts/quota.mjs): one way to build the
// 100k-listing dataset (scripts/bench/scale-data.mjs) and one way to serve a copy of it with
// metering on.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { localPepper } from '../local-pepper.mjs';
import { COUNTS, d1File, datasetVersion, fillDatabase, migrationFiles } from '../bench/scale-data.mjs';

export const BENCH_STATE = resolve('.wrangler/bench-state');
export const BENCH_TEMPLATE = join(BENCH_STATE, 'template');
const META = join(BENCH_TEMPLATE, 'dataset.json');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? '' };

/**
 * The dataset's template folder, generated when missing, outdated (the generator or the migrations
 * changed) or asked for (`fresh`). Returns its dataset.json: { version, t0, seconds, counts, figures }.
 */
export async function ensureDataset({ fresh = false, log = console.log } = {}) {
  const version = datasetVersion(migrationFiles());
  const meta = existsSync(META) ? JSON.parse(readFileSync(META, 'utf8')) : null;
  if (meta && meta.version === version && !fresh) {
    log(`Dataset ${version} is up to date (generated ${new Date(meta.t0).toISOString()} in ${meta.seconds} s).`);
    return meta;
  }
  log(
    meta
      ? fresh
        ? 'Generating the dataset again (--fresh)…'
        : `The dataset is outdated (${meta.version} → ${version}); generating it again…`
      : 'Generating the dataset (first run)…',
  );
  const started = Date.now();
  rmSync(BENCH_TEMPLATE, { recursive: true, force: true });
  mkdirSync(BENCH_TEMPLATE, { recursive: true });
  const migrate = spawnSync(
    'node_modules/.bin/wrangler',
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', BENCH_TEMPLATE],
    { env, encoding: 'utf8' },
  );
  if (migrate.status !== 0) throw new Error(`Applying the migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  log(`  migrations applied (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const t0 = Date.now();
  const figures = await fillDatabase(d1File(BENCH_TEMPLATE), { t0, pepper: localPepper(BENCH_TEMPLATE), log });
  const seconds = Math.round((Date.now() - started) / 1000);
  const written = { version, t0, seconds, counts: COUNTS, figures };
  writeFileSync(META, JSON.stringify(written, null, 2));
  log(`Dataset generated in ${seconds} s.`);
  return written;
}

/** A working copy of the template in BENCH_STATE/<name>, so every run starts from the same data. */
export function copyDataset(name) {
  const folder = join(BENCH_STATE, name);
  rmSync(folder, { recursive: true, force: true });
  cpSync(BENCH_TEMPLATE, folder, { recursive: true });
  return folder;
}

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

function childrenOf(pid) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** The workerd processes that run the Worker (not wrangler's proxy, whose entry is the public port). */
export function findWorkerds(root, port) {
  const found = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift();
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd') {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`entry=localhost:${port}`)) found.push(pid);
        continue;
      }
    } catch {
      continue;
    }
    queue.push(...childrenOf(pid));
  }
  return found;
}

/**
 * Starts the app as `npm start` does on `persist`, with metering on (METER=1) and the inspector on
 * `inspectorPort`; resolves once it is ready. Returns { port, base, app, workerdPids, stop, output() }.
 * Should the app exit on its own, the process exits with `exitCode` after printing its output.
 */
export async function startApp({
  persist,
  inspectorPort,
  skipBuild = false,
  extraEnv = {},
  exitCode = 2,
  startTimeoutMs = 300_000,
}) {
  const port = await freePort();
  const started = Date.now();
  const app = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      PERSIST_DIR: persist,
      METER: '1',
      ...(inspectorPort ? { INSPECTOR_PORT: String(inspectorPort) } : {}),
      ...(skipBuild ? { SKIP_BUILD: '1' } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  app.stdout.on('data', (chunk) => (output += chunk));
  app.stderr.on('data', (chunk) => (output += chunk));
  let stopping = false;
  app.on('exit', (code) => {
    if (!stopping) {
      console.error(output.slice(-4000));
      console.error(`The app exited early (code ${code}).`);
      process.exit(exitCode);
    }
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    app.kill('SIGTERM');
  };
  process.on('exit', stop);
  while (!/is ready at/.test(output)) {
    if (Date.now() - started > startTimeoutMs)
      throw new Error(`The app did not start in ${startTimeoutMs / 60_000} minutes:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const workerdPids = findWorkerds(app.pid, port);
  if (!workerdPids.length) throw new Error('Could not find the workerd process running the Worker');
  return { port, base: `http://localhost:${port}`, app, workerdPids, stop, output: () => output, startedAt: started };
}
