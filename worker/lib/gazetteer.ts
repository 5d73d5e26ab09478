// The offline gazetteer (docs/decisions/009-gazetteer-as-static-assets.md): GeoNames places of
// 1,000+ people, shipped as static assets in small text shards (scripts/build-gazetteer.mjs) and
// read through the ASSETS binding: prefix autocomplete and resolving a typed location to
// coordinates. One lookup reads one shard of at most about 30 KB, found from a 7 KB index; both
// stay in the isolate's memory, so repeated lookups fetch nothing. No D1 rows are read or written.
import {
  bestPlace,
  countryTable,
  distanceMiles,
  parseLocation,
  placeLabel,
  qualifierMatcher,
  qualifierScore,
  type Position,
} from './geo';

export const PLACE_SUGGESTIONS = 8;
/** Shortest folded text that gets suggestions (one letter matches too much to be useful). */
export const PLACE_QUERY_MIN = 2;
// Places of one name read to choose among by region and country ("Springfield" has dozens).
const SAME_NAME_CANDIDATES = 100;
// Prefix places read when the text has qualifiers to filter by ("San, CA"); a node's shard keeps
// exactly this many (index.topRows), a leaf shard fewer than this in all.
const QUALIFIED_PREFIX_CANDIDATES = 400;
/**
 * Suggestions within this many miles of a home place (the instance's DEFAULT_NEAR, the member's own
 * place) come first: the search bar's widest distance, so a town the community would search within
 * is never ranked below a namesake across the world ("Albany" for Oakland is Albany, CA).
 */
export const NEARBY_SUGGESTION_MILES = 100;
/** Shards kept parsed-free (as text) per isolate; each is at most about 30 KB. */
const SHARD_CACHE_SIZE = 64;
/**
 * Where the shards are. Deployed, under `wrangler dev` and in the Worker tests the ASSETS binding
 * reads only the path. Under `npm run dev` the Cloudflare Vite plugin answers the binding with the
 * Vite dev server's own middleware, whose DNS-rebinding check (`server.allowedHosts`) refuses any
 * host but localhost, `*.localhost` and IP addresses with a 403; a `.localhost` host is always
 * allowed there (docs/decisions/009-gazetteer-as-static-assets.md, "Under the Vite dev server").
 */
export const GAZETTEER_BASE_URL = 'https://assets.localhost/gazetteer/';
const FORMAT = 1;

export interface Place {
  id: number; // GeoNames id
  name: string;
  region: string | null; // first-level division code, e.g. "CA" for California
  country: string; // ISO 3166-1 alpha-2
  latitude: number;
  longitude: number;
  population: number;
}

/** What `env.ASSETS` offers that the gazetteer uses. */
export interface AssetFetcher {
  fetch(input: string): Promise<Response>;
}

interface GazetteerIndex {
  /** Keys too large for one shard → the first characters of the leaf shards under them. */
  groups: Map<string, string[]>;
  countries: Map<string, string>;
}

/**
 * A shard's file name for a key: letters and digits as they are, a space as `_`, any other
 * character as `-<hex code point>-`. Equal to `shardFileName` in scripts/build-gazetteer.mjs.
 */
export function shardFileName(key: string): string {
  let name = '';
  for (const ch of key) name += /[a-z0-9]/.test(ch) ? ch : ch === ' ' ? '_' : `-${ch.codePointAt(0)!.toString(16)}-`;
  return name;
}

let indexPromise: Promise<GazetteerIndex> | undefined;
const shards = new Map<string, Promise<string>>();

async function fetchAsset(assets: AssetFetcher, file: string): Promise<Response> {
  const response = await assets.fetch(GAZETTEER_BASE_URL + file);
  // A missing file may come back as the SPA's index.html (not_found_handling), so the type is checked too.
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 404 || (response.ok && type.startsWith('text/html'))) {
    await response.body?.cancel();
    throw new Error(
      `Gazetteer file ${file} is missing from the static assets (run scripts/build-gazetteer.mjs before building)`,
    );
  }
  if (!response.ok) {
    // Anything else (a refused host, a server error) says what the assets answered, not "missing".
    const said = (await response.text()).slice(0, 200);
    throw new Error(
      `Gazetteer file ${file} could not be read from the static assets: HTTP ${response.status}${said ? ` (${said})` : ''}`,
    );
  }
  return response;
}

function loadIndex(assets: AssetFetcher): Promise<GazetteerIndex> {
  indexPromise ??= (async () => {
    const raw = (await (await fetchAsset(assets, 'index.json')).json()) as {
      version: number;
      groups: Record<string, string[]>;
      countries: Record<string, string>;
    };
    if (raw.version !== FORMAT) throw new Error(`Gazetteer format ${raw.version} is not the expected ${FORMAT}`);
    return { groups: new Map(Object.entries(raw.groups)), countries: countryTable(raw.countries) };
  })();
  // A failed load is not kept: the next lookup tries again.
  indexPromise.catch(() => (indexPromise = undefined));
  return indexPromise;
}

/** The shard's text, from the isolate's cache (least recently used dropped first) or the assets. */
function loadShard(assets: AssetFetcher, key: string): Promise<string> {
  const cached = shards.get(key);
  if (cached) {
    shards.delete(key);
    shards.set(key, cached);
    return cached;
  }
  const loading = (async () => {
    const text = await (await fetchAsset(assets, `${shardFileName(key)}.txt`)).text();
    if (!text.startsWith(`#${key}\n`)) throw new Error(`Gazetteer shard for "${key}" has another key`);
    return text;
  })();
  shards.set(key, loading);
  loading.catch(() => shards.delete(key));
  if (shards.size > SHARD_CACHE_SIZE) shards.delete(shards.keys().next().value!);
  return loading;
}

/**
 * Which shard holds the places whose folded name starts with `name` (all of them for a leaf; for a
 * node, whose key is exactly `name`, the most populous and those named exactly so), or null when
 * no place can.
 */
function shardFor(index: GazetteerIndex, name: string): string | null {
  const chars = Array.from(name);
  // The deepest node that is a prefix of the name (nodes form a tree under the root "").
  let depth = 0;
  while (depth < chars.length && index.groups.has(chars.slice(0, depth + 1).join(''))) depth++;
  const node = chars.slice(0, depth).join('');
  if (depth === chars.length) return node;
  // The leaf group under it whose first character is the last one at or before the next character.
  const next = chars[depth]!;
  let start: string | undefined;
  for (const first of index.groups.get(node) ?? []) {
    if (first <= next) start = first;
    else break;
  }
  return start === undefined ? null : node + start;
}

function parseLine(line: string): Place {
  const [, name, region, country, latitude, longitude, population, id] = line.split('\t');
  return {
    id: Number(id),
    name: name!,
    region: region || null,
    country: country!,
    latitude: Number(latitude),
    longitude: Number(longitude),
    population: Number(population),
  };
}

/**
 * The shard's places whose folded name starts with `prefix` (or, with `exact`, is `name`), most
 * populous first, at most `limit`. Lines are found with indexOf on the text; only those are parsed.
 */
function placesIn(text: string, name: string, { exact = false, limit = Infinity } = {}): Place[] {
  const needle = exact ? `\n${name}\t` : `\n${name}`;
  const found: Place[] = [];
  let at = text.indexOf(needle);
  while (at >= 0 && found.length < limit) {
    const end = text.indexOf('\n', at + 1);
    found.push(parseLine(text.slice(at + 1, end)));
    at = text.indexOf(needle, end);
  }
  return found;
}

/**
 * Up to 8 places whose name starts with the text, most populous first. After a comma the text may
 * name the region or country (also by its beginning): "San Fr, CA", "Paris, Fr". With home places
 * (`near`), the places within NEARBY_SUGGESTION_MILES of any of them come first (most populous
 * first), then the rest; the candidates are then the prefix's 400 most populous, not 24, so a small
 * town near home is among them.
 */
export async function suggestPlaces(
  assets: AssetFetcher,
  text: string,
  { limit = PLACE_SUGGESTIONS, near = [] }: { limit?: number; near?: Position[] } = {},
): Promise<Place[]> {
  const [name, ...qualifiers] = parseLocation(text).parts;
  if (!name || name.length < PLACE_QUERY_MIN) return [];
  const index = await loadIndex(assets);
  const key = shardFor(index, name);
  if (key === null) return [];
  const rows = placesIn(await loadShard(assets, key), name, {
    limit: qualifiers.length || near.length ? QUALIFIED_PREFIX_CANDIDATES : limit * 3,
  });
  const matchers = qualifiers.map((q) => qualifierMatcher(q, index.countries, true));
  const matching = matchers.length ? rows.filter((row) => qualifierScore(row, matchers) === matchers.length) : rows;
  return distinctLabels(nearFirst(matching, near)).slice(0, limit);
}

/** The rows near any home place first; each group keeps its order (most populous first). */
function nearFirst(rows: Place[], near: Position[]): Place[] {
  if (near.length === 0) return rows;
  const isNear = (row: Place) => near.some((home) => distanceMiles(home, row) <= NEARBY_SUGGESTION_MILES);
  const close: Place[] = [];
  const far: Place[] = [];
  for (const row of rows) (isNear(row) ? close : far).push(row);
  return close.concat(far);
}

/**
 * One suggestion per label: two towns whose region has no short code share a label ("San Fernando,
 * PH"), and a list showing it twice helps nobody. The most populous (first) stays, and typing it
 * resolves to that one too.
 */
function distinctLabels(rows: Place[]): Place[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const label = placeLabel(row);
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}

/** The places named exactly `name` (folded), most populous first, at most 100. */
export async function placesNamed(assets: AssetFetcher, name: string): Promise<Place[]> {
  const index = await loadIndex(assets);
  const key = shardFor(index, name);
  return key === null ? [] : placesIn(await loadShard(assets, key), name, { exact: true, limit: SAME_NAME_CANDIDATES });
}

/**
 * The place a typed location means, or null. The first comma-separated part is the place's name and
 * the rest narrow it (region code or US state / Canadian province name, country code or name); the
 * best match wins, else the most populous of that name. When the first part names no place, the
 * next one is tried ("Mission District, San Francisco, CA"); the last part of several is never read
 * as a name, since it is the region or country.
 */
export async function resolvePlace(assets: AssetFetcher, text: string): Promise<Place | null> {
  const { parts } = parseLocation(text);
  if (parts.length === 0) return null;
  const names = (parts.length === 1 ? parts : parts.slice(0, -1)).slice(0, 3);
  const index = await loadIndex(assets);
  // The shards of all candidate names are read together (usually one, at most three).
  const candidates = await Promise.all(names.map((name) => placesNamed(assets, name)));
  for (let i = 0; i < names.length; i++) {
    const matchers = parts.slice(i + 1).map((q) => qualifierMatcher(q, index.countries));
    const best = bestPlace(candidates[i]!, matchers);
    if (best) return best;
  }
  return null;
}

/** Forgets the isolate's cached shards, and the index unless `keepIndex` (for tests and the benchmark). */
export function clearGazetteerCache({ keepIndex = false } = {}) {
  if (!keepIndex) indexPromise = undefined;
  shards.clear();
}
