// The member's language, format tag and distance unit for a request (decision 068): the saved
// choice (the `lang` and `units` cookies), else Accept-Language, else English.
import { acceptedTags, chooseLocale, type Language, type LocaleChoice } from '@/shared/locale';
import * as de from '@/shared/i18n/de.js';
import * as en from '@/shared/i18n/en.js';
import * as es from '@/shared/i18n/es.js';
import * as fr from '@/shared/i18n/fr.js';
import * as pt from '@/shared/i18n/pt.js';

export type Catalogue = typeof en;

export const localeOfRequest = (request: Request): LocaleChoice =>
  chooseLocale(acceptedTags(request.headers.get('Accept-Language')), request.headers.get('Cookie'));

const CATALOGUES: Record<Language, Catalogue> = { en, es, fr, de, pt };

/** A language's messages (src/shared/i18n/, compiled from messages/*.json). */
export const wordsOf = (language: Language): Catalogue => CATALOGUES[language];
