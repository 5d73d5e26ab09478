// The member's language, format tag and distance unit in this tab (decision 068). The Worker
// chose them for the page (saved choice, else Accept-Language) and wrote them on <html> (`lang`,
// `data-units`), so the app starts in the words the first screen painted with. Every page the
// Worker serves has them; a page without them (Vite's own index.html) is in English and miles.
import {
  isLanguage,
  LANGUAGE_COOKIE,
  UNITS_COOKIE,
  type Language,
  type LocaleChoice,
  type Units,
} from '@/shared/locale';

function fromPage(): LocaleChoice {
  const root = document.documentElement;
  const language = root.lang.split('-')[0];
  const units = root.dataset.units;
  return isLanguage(language) && (units === 'km' || units === 'mi')
    ? { language, tag: root.lang, units }
    : { language: 'en', tag: 'en', units: 'mi' };
}

export const locale: LocaleChoice = fromPage();

const YEAR = 60 * 60 * 24 * 365;
const remember = (name: string, value: string) => {
  document.cookie = `${name}=${value}; Path=/; Max-Age=${YEAR}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
};

/**
 * Saves the member's language and reloads: the Worker then paints the first screen, the title
 * and <html lang> in it, and the page loads only that language's words.
 */
export function chooseLanguage(language: Language) {
  remember(LANGUAGE_COOKIE, language);
  location.reload();
}

/** Saves the distance unit (kilometres or miles), then reloads as for the language. */
export function chooseUnits(units: Units) {
  remember(UNITS_COOKIE, units);
  location.reload();
}
