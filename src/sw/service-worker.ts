// The app's service worker (decision 067), served at /sw.js so its scope is the whole site. The
// build (scripts/lib/service-worker.mjs) bundles this file and fills in the constants below; so
// does the dev server (`npm run dev`) at each request for /sw.js, with __DEV_SERVER__ set.
//
// - Precache: on install, the build's files (every script and stylesheet of the app, the icons,
//   the manifest) in a cache named after this build. The app shell (the built index.html, with no
//   member and no data in it) is part of this script, so it needs no request.
// - Pages are the network's (the Worker writes them for the viewer, `private, no-store`): a
//   navigation goes to the network, and only when that fails is it answered with the shell, marked
//   offline, which shows the copy the app saved on this device (src/lib/saved-copy.ts).
// - `/api` is never touched: no reply is cached here (the member's conversations are kept by the
//   app, per member, in IndexedDB, and cleared on sign-out). Photos (immutable, public) are kept
//   as they are seen, so a saved listing shows its photo offline.
// - Updates: a new build's worker installs and waits; no skipWaiting while an older page runs, so
//   no page has its files swapped under it (the old cache serves the chunks it loads later). It
//   takes over once the pages it would replace are closed, or when the only page open asks it to
//   and runs this build's files already (they came with its HTML, which is always the network's). On activate,
//   every older precache is deleted.
// - Push: shows the payload `{ title, body, url, tag }` and opens or focuses `url` on a click;
//   re-subscribes when the browser replaces the subscription.
// - Under the dev server (__DEV_SERVER__, the only difference): there is no build, so the precache
//   holds public/'s files only, and Vite's modules change with every edit, so nothing is ever
//   answered from a cache while the network answers: every request but /api goes to the network
//   first, and a copy of each reply that may be kept is answered only when the network fails (the
//   offline shell can then start with the modules last seen). A new worker takes over at once
//   (nothing is precached that a page could have swapped under it). Pages, /api and push as above.
import { webPushRoutes } from '@/shared/contract/web-push';
import { subscribeThisBrowser } from '@/lib/push-subscription';
import type { WindowClient, WorkerScope } from './scope';

declare const self: WorkerScope;
/** The build's files to keep, as paths ("/assets/index-abc.js"). */
declare const __PRECACHE__: string[];
/** The built index.html, with its offline marker. */
declare const __SHELL__: string;
/** A hash of both: the precache's name. */
declare const __VERSION__: string;
/** Served by the dev server (`npm run dev`): network first for everything (see above). */
declare const __DEV_SERVER__: boolean;

const PRECACHE = `app-${__VERSION__}`;
const PHOTOS = 'photos';
const PHOTOS_KEPT = 120;
/** Under the dev server: the copies of what the network last answered (Vite's modules among them). */
const DEV_FILES = 'dev-files';
const precached = new Set(__PRECACHE__);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PRECACHE).then((cache) => cache.addAll(__PRECACHE__)));
  // Under the dev server no page runs files this worker could swap (they are all the network's).
  if (__DEV_SERVER__) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('app-') && name !== PRECACHE) await caches.delete(name);
      // The first install takes the open page at once (nothing of an older build runs there); a
      // later one activates only when no older page is left (above), so claiming swaps nothing.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as { type?: string; entry?: string } | null;
  // Only for a page that runs this build's files (its entry script is in this precache).
  if (message?.type !== 'activate-if-alone' || !message.entry || !precached.has(message.entry)) return;
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => (windows.length <= 1 ? self.skipWaiting() : undefined)),
  );
});

const shell = () =>
  new Response(__SHELL__, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });

async function fromPrecache(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: PRECACHE })) ?? fetch(request);
}

/** A reply that may be kept on the device: no viewer's data (`private`, `no-store`) in it. */
const keepable = (response: Response) =>
  response.ok && !/\b(private|no-store)\b/.test(response.headers.get('Cache-Control') ?? '');

/** A photo: the copy kept if there is one, else the network's, kept when it says it is public. */
async function photo(request: Request): Promise<Response> {
  const cache = await caches.open(PHOTOS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (keepable(response) && /\b(public|immutable)\b/.test(response.headers.get('Cache-Control') ?? '')) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - PHOTOS_KEPT))) await cache.delete(old);
  }
  return response;
}

/**
 * Under the dev server: the network's reply, a copy kept when it may be; only when the network
 * fails, the copy kept last, else the precache's. A code edit is never hidden by a copy. Vite's
 * stamps (`?t=` changes with each edit, `?v=` with each dependency optimization) are left out of
 * the key: a file is one entry, the one last seen, and the copies do not pile up.
 */
async function networkFirst(request: Request): Promise<Response> {
  const key = new URL(request.url);
  key.searchParams.delete('t');
  key.searchParams.delete('v');
  try {
    const response = await fetch(request);
    if (keepable(response)) await (await caches.open(DEV_FILES)).put(key.href, response.clone());
    return response;
  } catch (error) {
    const kept = (await caches.match(key.href, { cacheName: DEV_FILES })) ?? (await caches.match(request));
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(shell));
    return;
  }
  if (__DEV_SERVER__) {
    if (!url.pathname.startsWith('/api/')) event.respondWith(networkFirst(request));
    return;
  }
  if (precached.has(url.pathname)) {
    event.respondWith(fromPrecache(request));
    return;
  }
  if (
    request.destination === 'image' &&
    (url.pathname.startsWith('/objects/') || url.pathname.startsWith('/demo-images/'))
  )
    event.respondWith(photo(request));
  // Everything else, /api first of all, goes to the network as if there were no service worker.
});

/** The payload the Worker sends (worker/services/web-push.ts): a same-site path to open. */
interface PushPayload {
  title: string;
  body?: string;
  url?: string;
  tag?: string;
}

function payloadOf(data: { json(): unknown; text(): string } | null): PushPayload {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    value = { title: data?.text() };
  }
  const payload = (typeof value === 'object' && value !== null ? value : {}) as Partial<
    Record<keyof PushPayload, unknown>
  >;
  const text = (field: unknown) => (typeof field === 'string' && field ? field : undefined);
  return {
    title: text(payload.title) ?? 'Barter Market',
    body: text(payload.body),
    url: text(payload.url),
    tag: text(payload.tag),
  };
}

/** Only a path of this site is opened (a push cannot send the member elsewhere). */
function sitePath(url: string | undefined): string {
  if (!url) return '/';
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? target.pathname + target.search + target.hash : '/';
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: sitePath(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sitePath((event.notification.data as { url?: string } | null)?.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open: WindowClient | undefined =
        windows.find((client) => client.url === target) ?? windows.find((client) => client.focused) ?? windows[0];
      if (!open) return void (await self.clients.openWindow(target));
      const focused = await open.focus();
      if (focused.url === target) return;
      // navigate() works only on a page this worker controls; another one gets a new window.
      const moved = await focused.navigate(target).catch(() => null);
      if (!moved) await self.clients.openWindow(target);
    })(),
  );
});

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      // The old endpoint leaves the member's list; the new one is saved (the session's cookie goes
      // with these same-site calls; signed out, they fail and the browser simply has no push).
      const old = event.oldSubscription;
      if (old)
        await fetch(webPushRoutes.unsubscribe.path, {
          method: 'DELETE',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ endpoint: old.endpoint }),
        }).catch(() => undefined);
      if (Notification.permission === 'granted') await subscribeThisBrowser(self.registration);
    })(),
  );
});
