// Five languages (decision 068), the Worker's side: the page's <html lang> and unit and its first
// screen follow the saved choice (cookies) or Accept-Language; every error reply keeps its English
// message and carries a stable code, declared once with a translation in each language.
import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@/shared/contract/error-codes';
import * as de from '@/shared/i18n/de.js';
import * as en from '@/shared/i18n/en.js';
import * as fr from '@/shared/i18n/fr.js';
import { formatterFor } from '@/shared/intl';
import { listingsFound, milesAway } from '@/shared/listing-text';
import { acceptedTags, chooseLocale } from '@/shared/locale';
import { env } from 'cloudflare:test';
import * as pt from '@/shared/i18n/pt.js';
import { call, json, lastEmailTo, unique } from './helpers';
import { page } from './page-helpers';

const HTML_TAG = /<html lang="([^"]*)" data-units="([^"]*)">/;
const heading = (html: string) => /<h1 id="home-title"[^>]*>([^<]*)</.exec(html)?.[1];

describe('the page in the member language', () => {
  it('follows Accept-Language: French words, fr-FR formats and kilometres', async () => {
    const { html } = await page('/', { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.8' } });
    expect(HTML_TAG.exec(html)?.slice(1)).toEqual(['fr-FR', 'km']);
    expect(heading(html)).toBe(fr.home_hero_title().replace(/'/g, '&#39;'));
  });

  it('keeps English and miles for a US browser, and for a language it does not have', async () => {
    for (const header of ['en-US,en;q=0.9', 'ja-JP,ja;q=0.9', '']) {
      const { html } = await page('/', { headers: header ? { 'Accept-Language': header } : {} });
      expect(HTML_TAG.exec(html)?.slice(1)).toEqual([header.startsWith('en-US') ? 'en-US' : 'en', 'mi']);
      expect(heading(html)).toBe(en.home_hero_title());
    }
  });

  it('puts a saved language and unit before the browser, and ignores a malformed one', async () => {
    const headers = { 'Accept-Language': 'fr-FR,fr;q=0.9' };
    const saved = await page('/', { headers, cookie: 'lang=de; units=mi' });
    expect(HTML_TAG.exec(saved.html)?.slice(1)).toEqual(['de', 'mi']);
    expect(heading(saved.html)).toBe(de.home_hero_title());
    const malformed = await page('/', { headers, cookie: 'lang=<x>; units=furlongs' });
    expect(HTML_TAG.exec(malformed.html)?.slice(1)).toEqual(['fr-FR', 'km']);
  });

  it('writes a card distance in the member unit (the words the first screen and the SPA share)', () => {
    const km = formatterFor({ tag: 'fr-FR', units: 'km' });
    const mi = formatterFor({ tag: 'en-US', units: 'mi' });
    expect(milesAway(0.4, fr, km)).toBe(fr.listings_distance_under({ distance: km.inUnits(1) }));
    expect(milesAway(3, fr, km)).toBe(`À ${km.inUnits(5)}`);
    expect(milesAway(3, en, mi)).toBe('3 mi away');
    expect(milesAway(0.4, en, mi)).toBe('Under 1 mi away');
    expect(milesAway(null, de, km)).toBe(de.listings_distance_unknown());
    expect(listingsFound(1, true, fr, km)).toBe('1 annonce trouvée');
    expect(listingsFound(0, true, fr, km)).toBe('0 annonce trouvée');
    expect(listingsFound(0, true, en, mi)).toBe('0 listings found');
    expect(listingsFound(1200, false, de, formatterFor({ tag: 'de-DE', units: 'km' }))).toBe(
      'Über 1.200 Angebote gefunden',
    );
  });
});

describe('the locale rules', () => {
  it('reads Accept-Language by weight and picks units by region', () => {
    expect(acceptedTags('de;q=0.5, pt-PT, *;q=0.1, en;q=0')).toEqual(['pt-PT', 'de']);
    const units = (header: string) => chooseLocale(acceptedTags(header), '').units;
    expect(['en-GB', 'en-US', 'es-US', 'my-MM', 'en-LR', 'en'].map(units)).toEqual([
      'mi',
      'mi',
      'mi',
      'mi',
      'mi',
      'mi',
    ]);
    expect(['en-IE', 'pt-BR', 'pt-PT', 'de-AT', 'fr-CA', 'es'].map(units)).toEqual([
      'km',
      'km',
      'km',
      'km',
      'km',
      'km',
    ]);
    expect(chooseLocale(['de-CH', 'fr-FR'], '')).toEqual({ language: 'de', tag: 'de-CH', units: 'km' });
  });
});

describe('error codes', () => {
  it('adds a stable code to every error reply and keeps the English message', async () => {
    const missing = await call('/api/no-such-route');
    expect(await json(missing)).toEqual({ message: 'Not found', code: 'not_found' });
    const visitor = await call('/api/auth/current-user');
    expect(visitor.status).toBe(401);
    expect(await json(visitor)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    const wrong = await call('/api/auth/login', { body: { username: 'nobody-here', password: 'wrong-password-1' } });
    expect(await json(wrong)).toEqual({ message: 'Invalid username or password', code: 'invalid_login' });
    const invalid = await call('/api/auth/register', { body: { username: 'ab' } });
    const body = await json(invalid);
    expect(invalid.status).toBe(400);
    expect(typeof body.code).toBe('string');
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
  });

  it('declares each code once, its English as the API sends it, translated in every language', async () => {
    const messages = Object.values(ERROR_MESSAGES);
    expect(new Set(messages).size).toBe(messages.length);
    const catalogues = await Promise.all(
      ['en', 'es', 'fr', 'de', 'pt'].map((language) => import(`@/shared/i18n/${language}.js`)),
    );
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) {
      const key = `error_${code}`;
      expect((en as unknown as Record<string, () => string>)[key]?.(), key).toBe(message);
      for (const catalogue of catalogues) expect(typeof catalogue[key], key).toBe('function');
    }
  });
});

describe('emails in the member language', () => {
  it('stores the language a member signs up in and writes the verification and reset emails in it', async () => {
    const username = unique('m');
    const email = `${username}@example.com`;
    const registered = await call('/api/auth/register', {
      headers: { 'Accept-Language': 'pt-PT,pt;q=0.9' },
      body: { username, password: 'password123', email, displayName: 'Joana' },
    });
    expect(registered.status).toBe(201);
    const row = await env.DB.prepare('SELECT language FROM users WHERE username = ?').bind(username).first();
    expect(row).toEqual({ language: 'pt' });
    const verification = await lastEmailTo(email);
    expect(verification?.subject).toBe(pt.email_verify_subject());
    expect(verification?.text).toContain(pt.email_hi({ name: 'Joana' }));
    expect(verification?.text).toContain(pt.email_verify_text());

    // Asked from an English page, the reset still speaks the member's stored language.
    // The reset mail is queued after the reply (afterReply): wait for it.
    await call('/api/auth/forgot-password', { headers: { 'Accept-Language': 'en-US' }, body: { email } });
    await vi.waitFor(async () => expect((await lastEmailTo(email))?.subject).toBe(pt.email_reset_subject()));
    expect((await lastEmailTo(email))?.text).toContain(pt.email_reset_link());
  });

  it('keeps English for a member who signed up in English', async () => {
    const username = unique('m');
    const email = `${username}@example.com`;
    await call('/api/auth/register', { body: { username, password: 'password123', email, displayName: 'Sam' } });
    const verification = await lastEmailTo(email);
    expect(verification?.subject).toBe('Verify your email for Barter Market');
    expect(verification?.text).toContain('Hi Sam,');
  });
});
