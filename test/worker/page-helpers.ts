// Loading one of the app's pages through the Worker as a browser does, with the app's index.html
// served by a stand-in for the static files and D1 round trips counted (test/worker/pages.test.ts,
// first-screen.test.ts).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '@worker/index';
import { ORIGIN, randomIp } from './helpers';

/** index.html as `vite build` writes it: the module script in <head>, the root element in <body>. */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Barter Market</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

/** The static files' binding, answering every path with the app's index.html (the SPA fallback). */
const ASSETS = {
  fetch: async () => new Response(INDEX_HTML, { headers: { 'Content-Type': 'text/html' } }),
} as unknown as Fetcher;

/** A D1 binding counting round trips: a batch, or one statement run alone. */
function countingDb() {
  let roundTrips = 0;
  const count = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, name, receiver) {
        const value = Reflect.get(object, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (['all', 'first', 'raw', 'run'].includes(String(name))) roundTrips += 1;
          const result = value.apply(object, args);
          return name === 'bind' ? count(result) : result;
        };
      },
    });
  const db = new Proxy(env.DB, {
    get(object, name) {
      if (name === 'batch') return (statements: D1PreparedStatement[]) => ((roundTrips += 1), object.batch(statements));
      if (name === 'prepare') return (text: string) => count(object.prepare(text));
      const value = Reflect.get(object, name);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
  return { db, roundTrips: () => roundTrips };
}

const BOOT = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/;

/** `headers`: more request headers, e.g. the browser's Accept-Language. */
export async function page(path: string, options: { cookie?: string; headers?: Record<string, string> } = {}) {
  const counted = countingDb();
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp(), Accept: 'text/html', ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { headers }),
    { ...env, ASSETS, DB: counted.db } as Env,
    ctx,
  );
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  const embedded = BOOT.exec(html);
  return { response, html, boot: embedded ? JSON.parse(embedded[1]!) : undefined, roundTrips: counted.roundTrips() };
}
