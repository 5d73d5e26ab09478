// What the home page and each route cost a browser, read from the production build's output
// (dist/client: index.html and Vite's manifest, .vite/manifest.json), gzipped at level 9 as
// test/e2e/performance.test.ts does. The definitions are docs/performance.md's "Bundle budgets".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KB = 1024;

/**
 * The budgets (issue 24), gzipped bytes. `routeVisit` is the project's own check on top of them:
 * what a route's first visit from the home page adds, including the shared dialog, menu and
 * positioning code that is in no page's entry and so comes with the first route that uses it.
 */
export const LIMITS = { homeJs: 150 * KB, homeCss: 60 * KB, routeChunk: 60 * KB, routeVisit: 80 * KB };

/** The manifest's key of a route's split-off part: `src/routes/<file>.tsx?tsr-split=component`. */
const ROUTE_SPLIT = /^src\/routes\/(.+)\.tsx\?tsr-split=(.+)$/;
const HOME_COMPONENT = 'src/routes/index.tsx?tsr-split=component';

export function readBuild(clientDir) {
  return {
    clientDir,
    html: readFileSync(join(clientDir, 'index.html'), 'utf8'),
    manifest: JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')),
  };
}

const gzipCache = new Map();
/** A file of the build, gzipped at level 9 (as the browser test measures what it fetched). */
export function gzipped(clientDir, file) {
  const path = join(clientDir, file);
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(path), { level: 9 }).length);
  return gzipCache.get(path);
}

/** The manifest keys of `key` and everything it imports statically, depth first. */
function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The scripts and stylesheets index.html loads by itself: its module script, modulepreloads, links. */
export function htmlAssets(html) {
  const attr = (tag, name) => new RegExp(`${name}="/?([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts = [];
  const styles = [];
  for (const tag of tags) {
    if (tag.startsWith('<script') && tag.includes('type="module"')) scripts.push(attr(tag, 'src'));
    else if (tag.includes('rel="modulepreload"')) scripts.push(attr(tag, 'href'));
    else if (tag.includes('rel="stylesheet"')) styles.push(attr(tag, 'href'));
  }
  return { scripts: scripts.filter(Boolean), styles: styles.filter(Boolean) };
}

/**
 * Home initial JavaScript: the entry (index.html's module script), its static imports, the home
 * route's component chunk and its static imports, each file once. Home CSS: index.html's
 * stylesheets and those the same chunks carry (Vite adds a lazy chunk's CSS when it loads it).
 */
export function homeFiles({ manifest, html }) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key === 'index.html');
  if (!entryKey) throw new Error('The manifest has no entry for index.html.');
  if (!manifest[HOME_COMPONENT]) throw new Error(`The manifest has no ${HOME_COMPONENT}.`);
  const keys = staticClosure(manifest, HOME_COMPONENT, staticClosure(manifest, entryKey));
  const scripts = [...keys].map((key) => manifest[key].file);
  const fromHtml = htmlAssets(html);
  const styles = new Set(fromHtml.styles);
  for (const key of keys) for (const css of manifest[key].css ?? []) styles.add(css);
  // index.html's own list must be inside the definition, or the two disagree about the entry.
  const unexpected = fromHtml.scripts.filter((file) => !scripts.includes(file));
  if (unexpected.length) throw new Error(`index.html loads scripts outside the entry's imports: ${unexpected}`);
  return { scripts, styles: [...styles], keys };
}

/**
 * Each route's split-off chunks (component, error and not-found components, loader), gzipped
 * alone, and what a visit from the home page adds: the chunk and its static imports that the home
 * page has not loaded.
 */
export function routeChunks(build, homeKeys) {
  const { manifest, clientDir } = build;
  const rows = [];
  for (const key of Object.keys(manifest)) {
    const match = ROUTE_SPLIT.exec(key);
    if (!match) continue;
    const added = [...staticClosure(manifest, key)].filter((k) => !homeKeys.has(k)).map((k) => manifest[k].file);
    rows.push({
      route: match[1],
      part: match[2],
      file: manifest[key].file,
      bytes: gzipped(clientDir, manifest[key].file),
      addedBytes: added.reduce((sum, file) => sum + gzipped(clientDir, file), 0),
      addedFiles: added.length,
    });
  }
  return rows.sort((a, b) => b.bytes - a.bytes);
}

export function measure(build) {
  const home = homeFiles(build);
  const size = (files) => files.reduce((sum, file) => sum + gzipped(build.clientDir, file), 0);
  const routes = routeChunks(build, home.keys);
  return {
    home,
    homeJs: size(home.scripts),
    homeCss: size(home.styles),
    routes,
  };
}

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
