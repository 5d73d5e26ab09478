// Geography without a network: name folding for the gazetteer, parsing of a typed location,
// great-circle distance and the bounding box a distance search reads through the coordinates index.

export interface Position {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.7613;
const RAD = Math.PI / 180;

// Letters that Unicode decomposition does not reduce to ASCII.
const EXTRA_FOLDS: Record<string, string> = {
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
 * runs of spaces made one space. Must stay equal to `foldPlaceName` in scripts/build-gazetteer.mjs,
 * which writes the folded names into the shards.
 */
export function foldPlaceName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħŧŀ]/g, (ch) => EXTRA_FOLDS[ch]!)
    .replace(/[\s\-‐‑–—'’.,()/]+/g, ' ')
    .trim();
}

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: Position, b: Position): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLng = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/** Longitude ranges, inclusive; two of them when the box crosses the antimeridian. */
export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  longitudes: [number, number][];
}

/**
 * Every point within `miles` of `center` lies in this box (J. Matuschek's method). Near a pole
 * every longitude is inside; across the antimeridian the longitudes split into two ranges.
 */
export function boundingBox(center: Position, miles: number): BoundingBox {
  const angular = miles / EARTH_RADIUS_MILES;
  const lat = center.latitude * RAD;
  let minLat = lat - angular;
  let maxLat = lat + angular;
  let longitudes: [number, number][];
  if (minLat > -Math.PI / 2 && maxLat < Math.PI / 2) {
    const dLng = Math.asin(Math.min(1, Math.sin(angular) / Math.cos(lat))) / RAD;
    const west = center.longitude - dLng;
    const east = center.longitude + dLng;
    if (dLng >= 180) longitudes = [[-180, 180]];
    else if (west < -180)
      longitudes = [
        [west + 360, 180],
        [-180, east],
      ];
    else if (east > 180)
      longitudes = [
        [west, 180],
        [-180, east - 360],
      ];
    else longitudes = [[west, east]];
  } else {
    // A pole is within reach: every longitude is.
    minLat = Math.max(minLat, -Math.PI / 2);
    maxLat = Math.min(maxLat, Math.PI / 2);
    longitudes = [[-180, 180]];
  }
  // A hair of slack so rounding never drops a point on the edge; the exact distance decides.
  const slack = 1e-9;
  return {
    minLatitude: minLat / RAD - slack,
    maxLatitude: maxLat / RAD + slack,
    longitudes: longitudes.map(([w, e]) => [w - slack, e + slack]),
  };
}

/** A typed location split into the place name candidates and the qualifiers after them. */
export interface ParsedLocation {
  /** Folded comma-separated parts, in order, empty ones dropped. */
  parts: string[];
}

/** "City", "City, Region", "City, Region, Country", "City, Country" (and more parts) → folded parts. */
export function parseLocation(text: string): ParsedLocation {
  const parts = text
    .split(/[,;]/)
    .map((part) => foldPlaceName(part))
    .filter((part) => part.length > 0);
  return { parts };
}

// US states and Canadian provinces by name, for "Oakland, California". GeoNames admin1 codes of
// these two countries are the postal abbreviations.
const REGION_NAMES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
  ontario: '08',
  quebec: '10',
  'british columbia': '02',
  alberta: '01',
  manitoba: '03',
  saskatchewan: '11',
  'nova scotia': '07',
  'new brunswick': '04',
  'newfoundland and labrador': '05',
  'prince edward island': '09',
};

const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'u s a': 'US',
  'u s': 'US',
  us: 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
};

/**
 * Folded country name → ISO code: the aliases above, then the English names the gazetteer ships
 * (built from Intl.DisplayNames at build time, scripts/build-gazetteer.mjs; building them in the
 * Worker took about 12 ms of CPU on a cold isolate).
 */
export function countryTable(names: Record<string, string>): Map<string, string> {
  const table = new Map(Object.entries(COUNTRY_ALIASES));
  for (const [name, code] of Object.entries(names)) if (!table.has(name)) table.set(name, code);
  return table;
}

/** An English name for a country code, when the runtime knows it. */
export function countryName(code: string): string | undefined {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

export interface PlaceLike {
  name: string;
  region: string | null;
  country: string;
  population: number;
}

export type PlaceMatcher = (place: PlaceLike) => boolean;

const northAmerican = (country: string) => country === 'us' || country === 'ca';

/**
 * Does a folded qualifier ("ca", "california", "us", "united states") describe a place? With
 * `prefix`, the qualifier may be the beginning of the region or country ("calif", "united k").
 * The region and country names it can stand for are worked out once, so testing hundreds of
 * places costs a few comparisons each.
 */
export function qualifierMatcher(
  qualifier: string,
  countries: ReadonlyMap<string, string>,
  prefix = false,
): PlaceMatcher {
  const is = (candidate: string | undefined) =>
    candidate !== undefined && (prefix ? candidate.startsWith(qualifier) : candidate === qualifier);
  const regionCodes = new Set<string>();
  const countryCodes = new Set<string>();
  if (prefix) {
    for (const [name, code] of Object.entries(REGION_NAMES))
      if (name.startsWith(qualifier)) regionCodes.add(code.toLowerCase());
    for (const [name, code] of countries) if (name.startsWith(qualifier)) countryCodes.add(code);
  } else {
    const regionCode = REGION_NAMES[qualifier];
    if (regionCode) regionCodes.add(regionCode.toLowerCase());
    const countryCode = countries.get(qualifier);
    if (countryCode) countryCodes.add(countryCode);
  }
  return (place) => {
    const region = place.region?.toLowerCase();
    const country = place.country.toLowerCase();
    if (is(region) || is(country)) return true;
    if (region !== undefined && regionCodes.has(region) && northAmerican(country)) return true;
    return countryCodes.has(place.country);
  };
}

/** How many of the matchers describe the place. */
export function qualifierScore(place: PlaceLike, matchers: PlaceMatcher[]): number {
  let score = 0;
  for (const matches of matchers) if (matches(place)) score++;
  return score;
}

/**
 * The best of the places named like the location: the one matching most qualifiers, then the most
 * populous. `candidates` must already have the right name; null when there are none.
 */
export function bestPlace<P extends PlaceLike>(candidates: P[], matchers: PlaceMatcher[]): P | null {
  let best: P | null = null;
  let bestScore = -1;
  for (const place of candidates) {
    const score = qualifierScore(place, matchers);
    if (score > bestScore || (score === bestScore && best !== null && place.population > best.population)) {
      best = place;
      bestScore = score;
    }
  }
  return best;
}

/** "Oakland, CA, US": the name, a region code when it reads as one (not a number), the country code. */
export function placeLabel(place: PlaceLike): string {
  const region = place.region && /^[A-Z]{1,3}$/i.test(place.region) ? place.region : null;
  return [place.name, region, place.country].filter(Boolean).join(', ');
}
