// The SPA: router (file routes, code-split per route), query client, Radix Themes, toasts.
// Radix Themes in parts (decision 058): the tokens, the colours the app passes (accent indigo, gray
// slate, and the `color` props), the components and the layout utilities. The build drops the rules
// of components the app never renders (scripts/lib/radix-themes-css.mjs).
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/gray.css';
import '@radix-ui/themes/tokens/colors/slate.css';
import '@radix-ui/themes/tokens/colors/indigo.css';
import '@radix-ui/themes/tokens/colors/amber.css';
import '@radix-ui/themes/tokens/colors/blue.css';
import '@radix-ui/themes/tokens/colors/green.css';
import '@radix-ui/themes/tokens/colors/orange.css';
import '@radix-ui/themes/tokens/colors/red.css';
import '@radix-ui/themes/tokens/colors/teal.css';
import '@radix-ui/themes/tokens/colors/violet.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
import './styles.css';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NotFoundCard } from './components/not-found-card';
import { leftFirstScreen, readBootData, seedQueryCache } from './lib/boot';
import { locale } from './lib/locale';
import { loadCatalogue } from './lib/message-catalogue';
import { queryClient } from './lib/query-client';
import { ThemeProvider } from './lib/theme';
import { routeTree } from './routeTree.gen';

// The member and the first screen's data came with the HTML (decision 048): no call for them.
seedQueryCache(queryClient, readBootData());

const router = createRouter({
  routeTree,
  context: { queryClient },
  // Hovering a link fetches the route's code (static assets, no Worker request); the loaders skip
  // their API reads on a preload (decision 043), so a hover costs the Worker nothing.
  defaultPreload: 'intent',
  // Loaders prime the query cache; the query client decides freshness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundCard,
});

// Or the service worker answered offline with the app shell (decision 067): the copy this device
// saved goes into the cache first, as the Worker's data would.
const restored = document.querySelector('meta[name="app-shell"]')
  ? import('./lib/saved-copy').then((copy) => copy.restoreCopy(queryClient, router))
  : undefined;

router.subscribe('onBeforeNavigate', (event) => {
  if (event.fromLocation && event.hrefChanged) leftFirstScreen();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * The app's stylesheet, preloaded by the HTML but not applied (decision 055: the page paints from
 * its HTML and the inlined first-screen CSS): applied now, resolved once it has loaded or failed.
 */
function applyAppStyles(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[data-app-style]');
  return Promise.all(
    [...links].map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  );
}

// The first render replaces the Worker's first screen in #root in one commit: it waits for the
// page's route code (no loading state in between) and for the stylesheet (never unstyled). A
// route whose code fails to load renders anyway and shows the router's error. A member reading
// another language than English waits for its messages too (decision 068), so the app never
// paints a word in the wrong language over the first screen.
// The render is a transition: React renders in slices and yields between them, so starting the
// app is no long task for a phone's main thread (the page is already readable), then commits once.
void Promise.all([
  Promise.resolve(restored).then(() => router.load().catch(() => undefined)),
  applyAppStyles(),
  loadCatalogue(locale.language),
]).then(() => {
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider>
            {(appearance) => (
              // Radix Themes' root, built without its tooltip provider (scripts/lib/radix-theme-root.mjs):
              // the one tooltip brings its own (src/components/hint.tsx).
              <Theme appearance={appearance} accentColor="indigo" grayColor="slate" radius="medium">
                <RouterProvider router={router} />
              </Theme>
            )}
          </ThemeProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // The service worker and the saved copy (decision 067), after the first render: the build's
  // worker, or under the dev server the same worker made network first (scripts/lib/service-worker.mjs).
  (window.requestIdleCallback ?? setTimeout)(
    () => void import('./lib/app-worker').then((worker) => worker.startAppWorker(queryClient)),
  );
});
