// What the language tests share: a language's words as the message files hold them (the expected
// texts come from there, never copied into a test), and a browser context reading a language as
// the footer's saved choice does (the `lang` cookie).
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { LANGUAGE_COOKIE } from '@/shared/locale';
import { baseUrl } from './browser';

export type Words = Record<string, string>;

/** messages/{language}.json: key → text, `{name}` for an input. */
export const words = (language: string): Words =>
  JSON.parse(readFileSync(new URL(`../../messages/${language}.json`, import.meta.url), 'utf8')) as Words;

/** The context's pages read `language`, as after choosing it in the footer. */
export const readIn = (context: BrowserContext, language: string) =>
  context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseUrl(), sameSite: 'Lax' }]);
