import { cloudflare } from '@cloudflare/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { parseMediaOrigin } from './src/shared/media';
import { writeApiReference } from './scripts/build-api-reference.mjs';
import { writeGazetteer } from './scripts/build-gazetteer.mjs';
// @ts-expect-error: a plain ES module script without type declarations.
import { localPepper } from './scripts/local-pepper.mjs';
import { pathAliases } from './scripts/lib/path-aliases.mjs';
import { localVapidKeys } from './scripts/lib/vapid-keys.mjs';
import { clientContract } from './scripts/lib/client-contract.mjs';
import { deferAppAssets, firstScreenCss } from './scripts/lib/first-screen.mjs';
import { radixThemesCss } from './scripts/lib/radix-themes-css.mjs';
import { iconModules } from './scripts/lib/icon-modules.mjs';
import { radixThemeRoot } from './scripts/lib/radix-theme-root.mjs';
import { writeMessages } from './scripts/lib/messages.mjs';
import { serviceWorker } from './scripts/lib/service-worker.mjs';

/**
 * Writes the gazetteer's shards into public/gazetteer/ before anything is built or served, so
 * `vite build` copies them into dist/client (and `wrangler deploy` uploads them) with the SPA.
 * Skipped in about a millisecond when they are up to date (docs/decisions/009-gazetteer-as-static-assets.md).
 */
function gazetteer(): Plugin {
  return {
    name: 'barter-market:gazetteer',
    config() {
      const { written, stats } = writeGazetteer();
      if (written && stats)
        console.log(
          `Built the gazetteer: ${stats.places} places in ${stats.shards} shards (largest ${(stats.largestShardBytes / 1024).toFixed(1)} KB).`,
        );
    },
  };
}

/** Writes the API's reference (public/api-reference/) from the route declarations before a build or the dev server. */
function apiReference(): Plugin {
  return { name: 'barter-market:api-reference', config: () => writeApiReference() };
}

/**
 * Compiles messages/*.json into src/shared/i18n/ and src/lib/messages/ before a build
 * or the dev server, and again when a message file changes under the dev server (decision 068).
 */
function messages(): Plugin {
  return {
    name: 'barter-market:messages',
    config() {
      writeMessages();
    },
    configureServer(server) {
      server.watcher.add('messages');
      server.watcher.on('change', (file) => {
        if (/[\\/]messages[\\/][a-z]{2}\.json$/.test(file))
          try {
            writeMessages();
          } catch (error) {
            server.config.logger.error(String(error));
          }
      });
    },
  };
}

/**
 * Vite's own files under `npm run dev` (its client, the app's modules, the optimized dependencies,
 * React's refresh runtime): wrangler.toml sends every path but the build's to the Worker first,
 * which knows none of these, so under the dev server they are sent to Vite instead.
 */
const VITE_DEV_PATHS = ['/@vite/*', '/@id/*', '/@fs/*', '/@react-refresh', '/src/*', '/node_modules/*'];

/**
 * The Worker writes every page with a Content-Security-Policy that allows no inline script, so
 * under the dev server React's fast-refresh preamble, which the React plugin puts inline, is loaded
 * as the module that plugin serves for it (the same code) instead.
 */
function refreshPreambleAsFile(): Plugin {
  return {
    name: 'barter-market:refresh-preamble-as-file',
    apply: 'serve',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<script type="module">import \{ injectIntoGlobalHook \}[\s\S]*?<\/script>/,
          '<script type="module" src="/@id/__x00__@vitejs/plugin-react/preamble"></script>',
        ),
    },
  };
}

// Where `npm run dev` keeps local D1, KV, R2 and Durable Objects: the folder `npm start` and
// `npm run db:migrate:local` use, unless PERSIST_DIR names another (as for `npm start`).
const persistDir = process.env.PERSIST_DIR || '.wrangler/state';

/**
 * The media origin the SPA loads photos from (src/shared/media.ts; docs/operations.md "Photos"):
 * the MEDIA_ORIGIN environment variable if set, else MEDIA_ORIGIN in wrangler.toml's [vars]; empty
 * (the Worker serves photos) for the dev server, `npm start` and the tests. A malformed value
 * fails the build.
 */
function mediaOrigin(command: 'serve' | 'build'): string {
  if (command === 'serve') return '';
  const fromToml = /^\s*MEDIA_ORIGIN\s*=\s*"([^"]*)"/m.exec(readFileSync('./wrangler.toml', 'utf8'))?.[1];
  return parseMediaOrigin(process.env.MEDIA_ORIGIN ?? fromToml);
}

/** The chunks of src/lib/app-worker.ts, saved-copy.ts, forget-device.ts and the push card (decision 067). */
const AFTER_FIRST_RENDER = /\/(app-worker|saved-copy|saved-copy-notice|forget-device|push-prompt-card)-[\w-]+\.js$/;

// `vite` (npm run dev) runs the Worker and the SPA together with hot reload through the
// Cloudflare plugin; `vite build` writes the SPA to dist/client and the Worker beside it.
// TanStack Router generates src/routeTree.gen.ts from src/routes and splits each route's code.
// The gazetteer plugin writes public/gazetteer/ first.
export default defineConfig(({ command }) => ({
  resolve: { alias: pathAliases },
  environments: {
    // Reading a property has no side effect in the app's code (no getters with effects): a schema
    // built from another's `.entries` that no code uses can go (scripts/lib/client-contract.mjs).
    client: {
      build: {
        // dist/client/.vite/manifest.json: which chunks and stylesheets each route needs, for
        // scripts/check-budgets.mjs (public/.assetsignore keeps it out of the deployed assets).
        manifest: true,
        // Chromium, Firefox and Safari (17 and later) preload modules themselves: no polyfill.
        // The installed app's pieces loaded after the first render (decision 067) carry no list of
        // files to preload: they load when the page is idle or on a member's action, so their
        // imports may follow one after the other, and the pages that can load them (every page,
        // a conversation, a profile) pay no bytes for the list (decision 058's budgets).
        modulePreload: {
          polyfill: false,
          resolveDependencies: (file, deps) => (AFTER_FIRST_RENDER.test(file) ? [] : deps),
        },
        rolldownOptions: {
          treeshake: { propertyReadSideEffects: false },
          // The public pages' route declarations in one chunk, not a small chunk each: every chunk
          // costs a request and its own import lines.
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                {
                  name: 'contract',
                  test: /\/src\/shared\/contract\/(route|common|categories|listings|users|auth|community|newsletter|places)\.ts$/,
                },
              ],
            },
          },
        },
      },
    },
  },
  define: { 'import.meta.env.MEDIA_ORIGIN': JSON.stringify(mediaOrigin(command)) },
  plugins: [
    messages(),
    gazetteer(),
    apiReference(),
    clientContract(),
    firstScreenCss(),
    deferAppAssets(),
    radixThemesCss(),
    iconModules(),
    radixThemeRoot(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    refreshPreambleAsFile(),
    // The installed app's service worker (decision 067): dist/client/sw.js after a build; under the
    // dev server, /sw.js built at each request, network first.
    serviceWorker(),
    cloudflare({
      configPath: './wrangler.toml',
      persistState: { path: persistDir },
      // The dev server is local development: the dev routes are on and uploads get a local key.
      config:
        command === 'serve'
          ? {
              assets: { run_worker_first: VITE_DEV_PATHS.map((path) => `!${path}`) },
              vars: {
                ENVIRONMENT: 'development',
                SIGNING_SECRET: 'local-development-signing-key',
                PASSWORD_PEPPER: localPepper(persistDir),
                ...localVapidKeys(persistDir),
              },
            }
          : undefined,
    }),
  ],
}));
