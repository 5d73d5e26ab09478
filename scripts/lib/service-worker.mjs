// The service worker's build step (decision 067): after the client build is written, bundles
// src/sw/service-worker.ts with esbuild into dist/client/sw.js, with the files it precaches (every
// script and stylesheet of this build, plus the manifest and the icons a notification or the
// installed app shows) and the app shell (the built index.html, marked as the offline shell).
// The worker's own name never changes (/sw.js), so browsers find a new build's worker by its
// bytes, which change with every file list and shell.
// Under the dev server (`npm run dev`) the same function bundles the same source at each request
// for /sw.js, with public/'s files, Vite's index.html as the shell, and the one flag that makes
// it network first (__DEV_SERVER__ in the worker).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** public/'s files the installed app and its notifications need offline. */
const PUBLIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/badge-96.png',
];
/** Put in the shell's <head>: src/lib/saved-copy.ts reads it to know the page came from here. */
export const OFFLINE_MARKER = '<meta name="app-shell" content="offline" />';

/** The app's index.html as the offline shell: marked, so the app knows the page came from the worker. */
const shellOf = (html) => html.replace('<head>', `<head>\n    ${OFFLINE_MARKER}`);

/** The precache list and the shell from the client build's output (Rolldown's bundle object). */
export function precacheOf(bundle) {
  const files = Object.values(bundle)
    .map((file) => file.fileName)
    .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
    .map((name) => `/${name}`)
    .sort();
  const html = bundle['index.html'];
  if (!html || html.type !== 'asset') throw new Error('service worker: the build has no index.html');
  return { files: [...files, ...PUBLIC_FILES], shell: shellOf(String(html.source)) };
}

/**
 * The worker's script, bundled, with its constants filled in. `devServer`: for `npm run dev`
 * (no build to precache; network first for everything).
 */
export async function serviceWorkerSource({ files, shell, devServer = false }) {
  const version = createHash('sha256').update(JSON.stringify({ files, shell })).digest('hex').slice(0, 16);
  const result = await build({
    entryPoints: [join(root, 'src/sw/service-worker.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    tsconfig: join(root, 'tsconfig.json'),
    define: {
      __PRECACHE__: JSON.stringify(files),
      __SHELL__: JSON.stringify(shell),
      __VERSION__: JSON.stringify(version),
      __DEV_SERVER__: JSON.stringify(devServer),
    },
  });
  return { source: result.outputFiles[0].text, version };
}

/**
 * The Vite plugins: after a build, writes sw.js beside the client build's files; under the dev
 * server, answers /sw.js (before the Worker and Vite's own files) with the worker built for it.
 */
export function serviceWorker() {
  return [
    {
      name: 'barter-market:service-worker',
      apply: 'build',
      applyToEnvironment: (environment) => environment.name === 'client',
      async writeBundle(options, bundle) {
        const { source } = await serviceWorkerSource(precacheOf(bundle));
        writeFileSync(join(options.dir, 'sw.js'), source);
      },
    },
    {
      name: 'barter-market:service-worker-dev',
      apply: 'serve',
      configureServer(server) {
        server.middlewares.use(async (request, response, next) => {
          if (
            !['GET', 'HEAD'].includes(request.method ?? '') ||
            new URL(request.url ?? '/', 'http://dev').pathname !== '/sw.js'
          )
            return next();
          try {
            // Built at each request (esbuild takes milliseconds): an edit of the worker or of
            // index.html reaches the browser at its next check, as a new build's would.
            const html = await server.transformIndexHtml('/', readFileSync(join(root, 'index.html'), 'utf8'));
            const { source } = await serviceWorkerSource({
              files: PUBLIC_FILES,
              shell: shellOf(html),
              devServer: true,
            });
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(source);
          } catch (error) {
            next(error);
          }
        });
      },
    },
  ];
}
