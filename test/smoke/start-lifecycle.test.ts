// `npm start` as a new user would run it, beyond serving: a short log, a clear word when the port
// is taken, and a clean stop on SIGTERM with no wrangler or workerd left behind.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/server';

interface Run {
  child: ChildProcess;
  persist: string;
  output: () => string;
  exited: Promise<number | null>;
}

const runs: Run[] = [];

/** `npm start` in its own process group (for clean-up only: the tests signal npm alone). */
function npmStart(port: number, extraEnv: Record<string, string> = {}): Run {
  const persist = mkdtempSync(join(tmpdir(), 'barter-lifecycle-'));
  let log = '';
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), PERSIST_DIR: persist, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const run = { child, persist, output: () => log, exited };
  runs.push(run);
  return run;
}

/** Processes whose command line names the run's state folder (wrangler's does). */
const processesOf = (persist: string) =>
  spawnSync('pgrep', ['-f', persist], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => pid !== process.pid);

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)),
  ]);

afterEach(async () => {
  // Whatever a failed test left running is stopped here, by group and by state folder.
  for (const run of runs.splice(0)) {
    try {
      process.kill(-run.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    for (const pid of processesOf(run.persist)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(run.persist, { recursive: true, force: true });
  }
});

describe('npm start', () => {
  it('says how to pick another port when its port is taken, before building anything', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen({ port, host: '127.0.0.1' }, resolve));
    try {
      const started = Date.now();
      const run = npmStart(port);
      const code = await within(run.exited, 30_000, 'npm start on a busy port');
      expect(code).not.toBe(0);
      expect(run.output()).toContain(`Port ${port} is in use. Set another one: PORT=3000 npm start`);
      // It stopped before the build and the migrations.
      expect(run.output()).not.toMatch(/migration|Database up to date|gazetteer/i);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('prints a short log, and stops wrangler and workerd when npm gets SIGTERM', async () => {
    const port = await freePort();
    // The global setup has built the app already; this run serves that build.
    const run = npmStart(port, { SKIP_BUILD: '1' });
    const deadline = Date.now() + 150_000;
    while (!run.output().includes('is ready at')) {
      if (Date.now() > deadline || run.child.exitCode !== null)
        throw new Error(`npm start did not become ready:\n${run.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const log = run.output();
    expect(log).toMatch(/^Applied \d+ database migrations?\.$/m);
    // wrangler's per-migration tables stay out of the log.
    expect(log).not.toContain('0000_init.sql');
    expect(log).not.toContain('About to apply');
    expect((await fetch(`http://localhost:${port}/api/places?q=oakl`)).status).toBe(200);
    expect(processesOf(run.persist).length).toBeGreaterThan(0);
    expect(await canListen(port)).toBe(false);

    // SIGTERM to npm only, as a process manager or `kill` would send it.
    process.kill(run.child.pid!, 'SIGTERM');
    await within(run.exited, 20_000, 'Stopping npm start');
    // Its children get a moment to exit after npm itself.
    const settled = Date.now() + 10_000;
    while ((processesOf(run.persist).length > 0 || !(await canListen(port))) && Date.now() < settled) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(processesOf(run.persist)).toEqual([]);
    expect(await canListen(port)).toBe(true);
    expect(spawnSync('pgrep', ['-f', '--', `--port ${port}`], { encoding: 'utf8' }).stdout.trim()).toBe('');
    // Its own deadlines (150 s to start on a busy machine, 30 s to stop) bound it, not the suite's 60 s.
  }, 200_000);
});
