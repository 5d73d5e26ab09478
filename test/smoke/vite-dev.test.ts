// `npm run dev` (the Vite dev server with the Cloudflare plugin) as a new user would run it, after
// the steps in docs/deploy.md: migrate the local database, start the dev server, seed once. Under
// Vite the ASSETS binding is answered by Vite's own middleware, so the gazetteer's reads, the seed
// and place lookups are checked here, not only under `npm start`. The page runs the SPA's modules
// (Vite's, not the Worker's) and registers the installed app's service worker, built for the dev
// server: network first, so an edit is never hidden by a copy (decision 067).
// Its own state folder (PERSIST_DIR, which vite.config.ts passes to the plugin) and a free port.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { freePort } from '../support/server';

let child: ChildProcess | undefined;
let persist = '';
let baseUrl = '';
let log = '';
let browser: Browser | undefined;

/** Whether any process of the dev server's group (npx, vite, workerd) is still alive. */
const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopGroup(pgid: number) {
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + 10_000;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
}

beforeAll(async () => {
  persist = mkdtempSync(join(tmpdir(), 'barter-vite-dev-'));
  const migrated = spawnSync(
    'npx',
    ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist],
    { encoding: 'utf8', env: { ...process.env, CI: '1' } },
  );
  expect(migrated.status, `${migrated.stdout}\n${migrated.stderr}`).toBe(0);

  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  // Its own process group, so the dev server and the workerd it starts are stopped together.
  child = spawn('npx', ['vite', '--port', String(port), '--strictPort'], {
    env: { ...process.env, PERSIST_DIR: persist },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the Vite dev server did not start:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/categories`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 90_000);

afterAll(async () => {
  await browser?.close();
  const pgid = child?.pid;
  if (pgid) {
    await stopGroup(pgid);
    expect(groupAlive(pgid), 'a process of the dev server outlived it').toBe(false);
  }
  if (persist) rmSync(persist, { recursive: true, force: true });
}, 20_000);

describe('npm run dev', () => {
  it('keeps its state in PERSIST_DIR when given', () => {
    expect(existsSync(join(persist, 'password-pepper.txt'))).toBe(true);
    expect(existsSync(join(persist, 'v3', 'd1'))).toBe(true);
  });

  it('loads the demo community once, resolving every listing location through the gazetteer', async () => {
    const seeded = await fetch(`${baseUrl}/api/dev/seed`, { method: 'POST' });
    expect({ status: seeded.status, body: await seeded.text(), log: seeded.ok ? '' : log }).toEqual({
      status: 200,
      body: '{"seeded":true}',
      log: '',
    });
    const listings = (await (await fetch(`${baseUrl}/api/listings?limit=50`)).json()) as { latitude: number | null }[];
    expect(listings.length).toBeGreaterThanOrEqual(20);
    expect(listings.every((listing) => listing.latitude !== null)).toBe(true);
    const again = await fetch(`${baseUrl}/api/dev/seed`, { method: 'POST' });
    expect(await again.json()).toEqual({ seeded: false });
  });

  it('suggests places (read from the gazetteer through ASSETS)', async () => {
    const response = await fetch(`${baseUrl}/api/places?q=oakl`);
    expect(response.status).toBe(200);
    const places = (await response.json()) as { label: string }[];
    expect(places[0]).toMatchObject({ id: 5378538, label: 'Oakland, CA, US' });
  });

  it('signs in a demo member', async () => {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify({ username: 'alice', password: 'password123' }),
    });
    expect(response.status).toBe(200);
    const cookie = /sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBeTruthy();
    const me = await fetch(`${baseUrl}/api/auth/current-user`, { headers: { Cookie: cookie! } });
    expect(((await me.json()) as { username: string }).username).toBe('alice');
  });

  it('serves the SPA with hot reload', async () => {
    const page = await fetch(`${baseUrl}/browse`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('/@vite/client');
  });

  it('serves the service worker built for the dev server: its public files, its shell, no build', async () => {
    const response = await fetch(`${baseUrl}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript\b/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const source = await response.text();
    expect(source).toContain('"/manifest.webmanifest","/favicon.svg","/icons/icon-192.png"');
    expect(source).toContain('<meta name="app-shell" content="offline" />');
    expect(source).toContain('/src/main.tsx');
    expect(source).not.toContain('/assets/');
  });

  it('loads the SPA, which registers the worker; it answers from the network first, from its copy offline, and with the shell', async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ serviceWorkers: 'allow', baseURL: baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/browse');
    // The SPA replaced the Worker's first screen: its modules came from Vite, past the Worker's CSP.
    await page.waitForFunction(() => !document.querySelector('#root > .fs'), null, { timeout: 60_000 });
    // main.tsx registers /sw.js when idle; the worker's first install takes the page at once.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
      timeout: 60_000,
    });
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(`${baseUrl}/sw.js`);

    // A module with an older copy on the device: online, the network's copy wins (an edit shows at
    // once) and is kept; offline, the copy kept last answers.
    const read = () => page.evaluate(async () => (await fetch('/src/lib/online.ts')).text());
    await page.evaluate(async () => {
      const copies = await caches.open('dev-files');
      await copies.put(
        '/src/lib/online.ts',
        new Response('// an older copy', { headers: { 'Content-Type': 'text/javascript' } }),
      );
    });
    expect(await read()).toContain('navigator.onLine');
    // At a reload the page's modules all go through the worker (the first load's came before it
    // took the page), and those only the offline shell loads are loaded once (app-worker.ts).
    await page.reload();
    await page.waitForFunction(() => !document.querySelector('#root > .fs'), null, { timeout: 60_000 });
    const kept = (path: string) =>
      page.evaluate(async (url) => !!(await caches.match(url, { cacheName: 'dev-files' })), path);
    for (const path of [
      '/src/lib/saved-copy-store.ts',
      '/src/lib/saved-copy.ts',
      '/src/components/saved-copy-notice.tsx',
    ])
      await expect.poll(() => kept(path), { timeout: 30_000 }).toBe(true);
    expect(await kept('/src/main.tsx')).toBe(true);
    // Online, the app ran without an error (the shell opened offline below may not start: see there).
    expect(errors).toEqual([]);
    await context.setOffline(true);
    expect(await read()).toContain('navigator.onLine');
    // A navigation offline is answered with the app shell. Whether the shell then starts depends on
    // every module it imports having been fetched through the worker since Vite last optimized its
    // dependencies (a fresh checkout optimizes them during the first visits, under new names), so in
    // dev only the shell's answer is checked; the build's offline start is installable-app.test.ts's.
    await page.goto('/browse', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('meta[name="app-shell"]').getAttribute('content')).toBe('offline');
    await context.setOffline(false);
    // No /api reply is kept.
    const urls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(urls.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(urls).toContain('/icons/icon-192.png');
    await context.close();
  }, 120_000);
});
