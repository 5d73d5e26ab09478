// Dates, numbers, relative times and distances in the member's locale (decision 068): the one place
// the app builds Intl formats, for the SPA (src/lib/intl.ts binds the member's choice) and the
// Worker (the first screen, emails). The API keeps miles (the product's unit); a distance is
// converted here, so the same figure reads "3 mi" in Oakland and "5 km" in Lyon.
import type { LocaleChoice, Units } from './locale';

export const KM_PER_MILE = 1.609344;

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** Formats by tag and options, built once each (building an Intl format costs far more than using one). */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  tag: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${tag}|${JSON.stringify(options)}`;
  let format = cache.get(key) as T | undefined;
  if (!format) cache.set(key, (format = make()));
  return format;
}

export type Formatter = ReturnType<typeof formatterFor>;

/** A locale's formats. `units` is the distance unit the member reads. */
export function formatterFor({ tag, units }: Pick<LocaleChoice, 'tag' | 'units'>) {
  const dateFormat = (options: Intl.DateTimeFormatOptions) =>
    cached('date', tag, options, () => new Intl.DateTimeFormat(tag, options));
  const numberFormat = (options: Intl.NumberFormatOptions = {}) =>
    cached('number', tag, options, () => new Intl.NumberFormat(tag, options));
  const relative = cached('relative', tag, {}, () => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  let plurals: Intl.PluralRules | undefined;
  const inUnits = (value: number, unitDisplay: 'short' | 'long') =>
    numberFormat({ style: 'unit', unit: unitName(units), unitDisplay, maximumFractionDigits: 0 }).format(value);
  return {
    tag,
    units,
    /** A date (an ISO string, a Date or epoch milliseconds) as the options ask. */
    date: (value: string | number | Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
      dateFormat(options).format(new Date(value)),
    number: (value: number, options?: Intl.NumberFormatOptions) => numberFormat(options).format(value),
    /** Whether a count takes a message's `…_one` form in this language (1 in English; 0 and 1 in French). */
    one: (count: number) => (plurals ??= new Intl.PluralRules(tag)).select(count) === 'one',
    /** "5 minutes ago", "yesterday", "in 3 days"; `nowText` under a minute. */
    relative(value: string | number | Date, nowText: string, now = Date.now()) {
      let amount = (new Date(value).getTime() - now) / 1000;
      for (const [unit, size] of STEPS) {
        if (Math.abs(amount) < size) return unit === 'second' ? nowText : relative.format(Math.round(amount), unit);
        amount /= size;
      }
      return relative.format(Math.round(amount), 'year');
    },
    /** Miles (the API's unit) in the member's unit, as a number. */
    toUnits: (miles: number) => (units === 'km' ? miles * KM_PER_MILE : miles),
    /** The member's unit back to miles, for the API. */
    toMiles: (distance: number) => (units === 'km' ? distance / KM_PER_MILE : distance),
    /** "3 mi", "5 km" (or "3 miles", "5 kilometres"): a distance given in miles, in whole units. */
    distance: (miles: number, unitDisplay: 'short' | 'long' = 'short') =>
      inUnits(units === 'km' ? miles * KM_PER_MILE : miles, unitDisplay),
    /** A distance already in the member's unit ("1 km" for "Under 1 km away"). */
    inUnits: (value: number, unitDisplay: 'short' | 'long' = 'short') => inUnits(value, unitDisplay),
  };
}

const unitName = (units: Units) => (units === 'km' ? 'kilometer' : 'mile');
