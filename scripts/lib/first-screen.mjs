// The first screen's stylesheet (decision 055), inlined into every page's HTML by the Worker:
// src/first-screen.css (Radix Themes' tokens and the few primitives the first screen uses) and the
// app's own layout styles it shares with the SPA, minified at build time into the virtual module
// `virtual:first-screen-css` (its default export is the CSS text).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const FILES = [
  'src/first-screen.css',
  'src/styles.css',
  'src/features/home/home.css',
  'src/features/search/search.css',
  'src/components/listing-image.css',
  'src/components/listing-card.css',
  'src/components/pager.css',
  'src/features/listings/listings.css',
  'src/features/profile/components/profile.css',
];
const ID = 'virtual:first-screen-css';
const RESOLVED = `\0${ID}`;
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The minified CSS of FILES, in order. */
export function firstScreenCssText() {
  const css = FILES.map((file) => readFileSync(root + file, 'utf8')).join('\n');
  return transformSync(css, { loader: 'css', minify: true }).code.trim();
}

/** The Vite plugin serving `virtual:first-screen-css`, rebuilt when one of FILES changes. */
export function firstScreenCss() {
  return {
    name: 'barter-market:first-screen-css',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      for (const file of FILES) this.addWatchFile(root + file);
      return `export default ${JSON.stringify(firstScreenCssText())};`;
    },
  };
}

/**
 * The page's scripts and stylesheet wait behind its own content (decision 055). The first screen
 * paints from the HTML and the inlined first-screen CSS; the app's files are not needed for it, so
 * they must not share the phone's bandwidth with the first photo:
 * - the app's `<link rel="stylesheet">` becomes a preload marked `data-app-style`, which
 *   src/main.tsx applies (and waits for) before the SPA's first render, so it no longer blocks the
 *   first paint;
 * - the entry script, the module preloads and that stylesheet are fetched at low priority.
 */
export function deferAppAssets() {
  return {
    name: 'barter-market:defer-app-assets',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(
            /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
            (_, crossorigin = '', href) =>
              `<link rel="preload" as="style" fetchpriority="low"${crossorigin} href="${href}" data-app-style>`,
          )
          .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
          .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" '),
    },
  };
}
