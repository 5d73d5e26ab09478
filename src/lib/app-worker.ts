// Started by src/main.tsx after the first render (decision 067; under `npm run dev` too): the
// service worker's registration, the hand-over to a new build's worker when this page is the only
// one open, and the saved copy kept up to date. Loaded on its own, never with the first screen.
import type { QueryClient } from '@tanstack/react-query';
import { keepCopy } from './saved-copy-store';

export async function startAppWorker(queryClient: QueryClient): Promise<void> {
  keepCopy(queryClient);
  if (!('serviceWorker' in navigator)) return;
  // A browser may refuse a worker (a private window, storage turned off, a policy; an automated
  // browser that blocks them answers nothing): the app then runs as a plain page, without an error.
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (!registration) return;
  if (import.meta.env.DEV) void keepShellModules();
  // A new build's worker waits while pages of the old build run. This page's HTML is always the
  // network's, so it may already run the new build's files: then, if it is the only page open, the
  // waiting worker takes over (it checks both: its precache holds this page's entry script, and no
  // other page is open). A page of the old build never hands over, so no page has its files
  // swapped under it.
  const handOver = () =>
    registration.waiting?.postMessage({
      type: 'activate-if-alone',
      entry: document.querySelector('script[type="module"][src]')?.getAttribute('src'),
    });
  handOver();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') handOver();
    });
  });
}

/**
 * Under the dev server the worker precaches no build, and keeps a copy only of what passes
 * through it: the modules only the offline shell loads are loaded once here, under the worker, so
 * a page opened offline can start too. (A build precaches them; this is not in it.)
 */
async function keepShellModules() {
  const worker = navigator.serviceWorker;
  if (!worker.controller)
    await new Promise((resolve) => worker.addEventListener('controllerchange', resolve, { once: true }));
  await Promise.all([import('./saved-copy'), import('@/components/saved-copy-notice')]).catch(() => undefined);
}
