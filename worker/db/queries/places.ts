// The offline gazetteer (table `places`): prefix autocomplete and resolving a typed location to
// coordinates. Both read the (search_name, population) index; neither scans the table.
import { and, desc, gte, inArray, lt } from 'drizzle-orm';
import { bestPlace, parseLocation, placeLabel, qualifierScore } from '../../lib/geo';
import type { Db } from '../client';
import { places, type PlaceRow } from '../schema';

export const PLACE_SUGGESTIONS = 8;
/** Shortest folded text that gets suggestions (one letter matches too much to be useful). */
export const PLACE_QUERY_MIN = 2;
// Rows of one name read to choose among by region and country ("Springfield" has dozens).
const SAME_NAME_CANDIDATES = 100;
// Prefix rows read when the text has qualifiers to filter by ("San, CA").
const QUALIFIED_PREFIX_CANDIDATES = 400;

const columns = {
  id: places.id,
  name: places.name,
  region: places.region,
  country: places.country,
  latitude: places.latitude,
  longitude: places.longitude,
  population: places.population,
};
export type Place = Omit<PlaceRow, 'searchName'>;

/** What the API returns for a place. */
export function placeShape(place: Place) {
  return {
    id: place.id,
    name: place.name,
    region: place.region,
    country: place.country,
    latitude: place.latitude,
    longitude: place.longitude,
    label: placeLabel(place),
  };
}

/** The smallest string greater than every string starting with `prefix`. */
const prefixEnd = (prefix: string) => prefix + '\u{10FFFF}';

/**
 * Up to 8 places whose name starts with the text, most populous first. After a comma the text may
 * name the region or country (also by its beginning): "San Fr, CA", "Paris, Fr".
 */
export async function suggestPlaces(db: Db, text: string, limit = PLACE_SUGGESTIONS): Promise<Place[]> {
  const [name, ...qualifiers] = parseLocation(text).parts;
  if (!name || name.length < PLACE_QUERY_MIN) return [];
  const rows = await db
    .select(columns)
    .from(places)
    .where(and(gte(places.searchName, name), lt(places.searchName, prefixEnd(name))))
    .orderBy(desc(places.population))
    .limit(qualifiers.length ? QUALIFIED_PREFIX_CANDIDATES : limit * 3);
  const matching = qualifiers.length ? rows.filter((row) => qualifierScore(row, qualifiers, true) === qualifiers.length) : rows;
  return distinctLabels(matching).slice(0, limit);
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

/**
 * The place a typed location means, or null. The first comma-separated part is the place's name and
 * the rest narrow it (region code or US state / Canadian province name, country code or name); the
 * best match wins, else the most populous of that name. When the first part names no place, the
 * next one is tried ("Mission District, San Francisco, CA"); the last part of several is never read
 * as a name, since it is the region or country.
 */
export async function resolvePlace(db: Db, text: string): Promise<Place | null> {
  const { parts } = parseLocation(text);
  if (parts.length === 0) return null;
  const names = (parts.length === 1 ? parts : parts.slice(0, -1)).slice(0, 3);
  const unique = [...new Set(names)];
  const rows = await db
    .select({ ...columns, searchName: places.searchName })
    .from(places)
    .where(inArray(places.searchName, unique))
    .orderBy(desc(places.population))
    .limit(SAME_NAME_CANDIDATES * unique.length);
  for (let i = 0; i < names.length; i++) {
    const candidates = rows.filter((row) => row.searchName === names[i]);
    const best = bestPlace(candidates, parts.slice(i + 1));
    if (best) {
      const { searchName: _folded, ...place } = best;
      return place;
    }
  }
  return null;
}
