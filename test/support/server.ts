// Starts `npm start` on a free port with its own database directory, as a new user would run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningApp {
  baseUrl: string;
  startupMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startApp(): Promise<RunningApp> {
  const port = await freePort();
  const persist = mkdtempSync(join(tmpdir(), 'barter-state-'));
  const started = Date.now();
  let log = '';
  const child: ChildProcess = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), PERSIST_DIR: persist },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));

  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(persist, { recursive: true, force: true });
  };

  const deadline = Date.now() + 150_000;
  while (!log.includes('is ready at')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`npm start did not become ready:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl: `http://localhost:${port}`, startupMs: Date.now() - started, output: () => log, stop };
}
