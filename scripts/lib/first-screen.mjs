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
 * The app's stylesheet no longer blocks the first paint: in the built index.html its
 * `<link rel="stylesheet">` becomes a preload marked `data-app-style`, which src/main.tsx applies
 * (and waits for) before the SPA's first render. The page paints from its HTML and the inlined
 * first-screen CSS meanwhile; without scripts it keeps that look.
 */
export function deferAppStylesheet() {
  return {
    name: 'barter-market:defer-app-stylesheet',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          (_, crossorigin = '', href) => `<link rel="preload" as="style"${crossorigin} href="${href}" data-app-style>`,
        ),
    },
  };
}
