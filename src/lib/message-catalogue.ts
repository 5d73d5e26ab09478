// The words of the language the member reads (decision 068). English is in the app's code, each
// message inline where it is used; another language's messages are one module of their own
// (src/shared/i18n/{language}.js), read once before the first render (src/main.tsx), so a page
// carries one language and the English page pays nothing for the other four.
import type { Language } from '@/shared/locale';
import { setTranslator } from './local-text';

/** A language's messages in English's key order (each module's default export). */
type Catalogue = { default: ((inputs: never) => string)[] };

let current: Catalogue['default'] | undefined;

/**
 * A message: the loaded language's when there is one, else English's. src/lib/messages.ts is made
 * of these, each naming its message by its place in the order (scripts/lib/messages.mjs).
 */
export function pick<F extends (inputs: never) => string>(index: number, english: F): F {
  return ((inputs: never) => (current?.[index] ?? english)(inputs)) as F;
}

const modules: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('@/shared/i18n/es.js'),
  fr: () => import('@/shared/i18n/fr.js'),
  de: () => import('@/shared/i18n/de.js'),
  pt: () => import('@/shared/i18n/pt.js'),
};

/** Reads the language's messages (nothing for English); a failed read leaves English. */
export async function loadCatalogue(language: Language): Promise<void> {
  if (language === 'en') return;
  try {
    // The API's error messages in the language too (src/lib/error-text.ts).
    const [catalogue, errors] = await Promise.all([modules[language](), import('./error-text')]);
    current = catalogue.default;
    setTranslator(errors.translateError);
  } catch {
    current = undefined;
  }
}
