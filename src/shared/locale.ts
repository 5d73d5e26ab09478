// The member's language and distance unit (decision 068), decided the same way by the Worker (for
// the first screen, emails and pushes) and by the SPA: the saved choice (the `lang` and `units`
// cookies, set by the footer's switchers), else the browser's languages (Accept-Language, or
// navigator.languages), else English. Dates and numbers follow the browser's own tag when it is
// in the chosen language (pt-PT and pt-BR write dates differently), else the language alone.

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Units = 'km' | 'mi';

/** Each language in its own words, as the switcher lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
};

export const LANGUAGE_COOKIE = 'lang';
export const UNITS_COOKIE = 'units';

/** What the interface is shown in: the language, the tag Intl formats with, the distance unit. */
export type LocaleChoice = { language: Language; tag: string; units: Units };

/** Where roads are signed in miles: the US, the UK, Liberia and Myanmar. */
const MILES_REGIONS = /* @__PURE__ */ new Set(['US', 'GB', 'LR', 'MM']);

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

const languageOf = (tag: string) => tag.split('-')[0]!.toLowerCase();
const regionOf = (tag: string) => tag.split('-').find((part, index) => index > 0 && /^[A-Za-z]{2}$/.test(part));

/** A tag Intl accepts, or undefined (a malformed cookie or header never reaches Intl). */
function validTag(tag: string): string | undefined {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** Kilometres unless the tag's region drives in miles; English with no region: miles (the product's home, the US). */
export function defaultUnits(tag: string): Units {
  const region = regionOf(tag)?.toUpperCase();
  if (region) return MILES_REGIONS.has(region) ? 'mi' : 'km';
  return languageOf(tag) === 'en' ? 'mi' : 'km';
}

/** Accept-Language's tags, most wanted first (`*` and q=0 left out). */
export function acceptedTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** One cookie's value from a Cookie header or document.cookie. */
export function cookieOf(cookies: string | null | undefined, name: string): string | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === name) return value;
  }
  return undefined;
}

/**
 * The member's choice: a saved language (cookie) wins, then the first of the browser's languages
 * the interface has, then English; the unit: a saved one, else by the format tag's region.
 */
export function chooseLocale(preferred: readonly string[], cookies: string | null | undefined): LocaleChoice {
  const tags = preferred.map(validTag).filter((tag): tag is string => tag !== undefined);
  const saved = cookieOf(cookies, LANGUAGE_COOKIE);
  const language: Language = isLanguage(saved)
    ? saved
    : ((tags.map(languageOf).find(isLanguage) as Language | undefined) ?? 'en');
  const tag = tags.find((candidate) => languageOf(candidate) === language) ?? language;
  const savedUnits = cookieOf(cookies, UNITS_COOKIE);
  const units = savedUnits === 'km' || savedUnits === 'mi' ? savedUnits : defaultUnits(tag);
  return { language, tag, units };
}
