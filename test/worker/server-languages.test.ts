// What the server writes, in its reader's language (decision 070): each email in the recipient's
// stored language (the page's for a guest's newsletter confirmation), each push in its
// recipient's, the page's title and description in the request's; the footer's choice saved on a
// signed-in member's account (the profile update's `language`), and taken by a browser with none
// at sign-in. The admins' contact email stays English.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as de from '@/shared/i18n/de.js';
import * as es from '@/shared/i18n/es.js';
import * as fr from '@/shared/i18n/fr.js';
import * as pt from '@/shared/i18n/pt.js';
import { LANGUAGE_MESSAGE } from '@/shared/schemas/profile';
import { digestMatches } from '@worker/cron/match-digest';
import { runMessageEmailNotices } from '@worker/cron/message-email-notices';
import { runSavedSearchAlerts, SAVED_SEARCH_JOB } from '@worker/cron/saved-search-alerts';
import { createDb } from '@worker/db/client';
import { contactEmail, messageNoticeEmail } from '@worker/lib/email';
import { clip, pushTexts } from '@worker/services/push-texts';
import { renderEndReason, renderNotice } from '@worker/lib/notice-text';
import { EVENT_LINES, eventLine, eventLineOf, type EventLineKey } from '@/shared/event-lines';
import * as en from '@/shared/i18n/en.js';
import { pushToMembers } from '@worker/services/web-push';
import { call, createListing, json, lastEmailTo, signUp, signUpAdmin, waitForEmailTo, type Member } from './helpers';
import { fetchPage, metaOf, parseHead } from './page-head';
import { globalPushService, pushesTo, pushService, readPush, subscribeBrowser } from './web-push-service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

const speaks = (m: Member, language: string) =>
  env.DB.prepare('UPDATE users SET language = ?, email_verified = 1 WHERE id = ?').bind(language, m.id).run();
const languageOf = async (m: Member) =>
  (await env.DB.prepare('SELECT language FROM users WHERE id = ?').bind(m.id).first<{ language: string }>())!.language;
const outboxTo = async (address: string) =>
  (
    await env.DB.prepare(
      `SELECT subject, text_body AS text, html_body AS html FROM email_outbox WHERE to_address = ? AND subject NOT LIKE 'Verify your email%' ORDER BY id`,
    )
      .bind(address)
      .all<{ subject: string; text: string; html: string }>()
  ).results;

/** The bell's lines as a member reads them with a `lang` cookie. */
const bellTexts = async (m: Member, language: string) =>
  (
    (await json(await call('/api/notifications', { cookie: `${m.cookie}; lang=${language}` }))).notifications as {
      text: string;
    }[]
  ).map((n) => n.text);

async function send(from: Member, to: Member, listingId: number, content: string): Promise<number> {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json(response)).id;
}

describe('the language saved on the account', () => {
  const update = (m: Member | null, id: number, body: unknown) =>
    call(`/api/users/${id}`, { method: 'PATCH', cookie: m?.cookie, body });

  it('takes one of the five languages from the member, and nothing else', async () => {
    const member = await signUp();
    const saved = await update(member, member.id, { language: 'de' });
    expect(saved.status).toBe(200);
    expect(await languageOf(member)).toBe('de');

    for (const language of [
      'xx',
      'EN',
      'de-DE',
      ' de',
      '<script>',
      'de'.repeat(5000),
      42,
      null,
      ['de'],
      { de: 1 },
      '',
    ]) {
      const refused = await update(member, member.id, { language });
      expect(refused.status, JSON.stringify(language).slice(0, 40)).toBe(400);
      expect((await json(refused)).errors).toEqual({ language: LANGUAGE_MESSAGE });
    }
    expect(await languageOf(member)).toBe('de');
  });

  it("refuses a visitor (401) and another member's account (403)", async () => {
    const [member, other] = await Promise.all([signUp(), signUp()]);
    expect((await update(null, member.id, { language: 'fr' })).status).toBe(401);
    expect((await update(other, member.id, { language: 'fr' })).status).toBe(403);
    expect(await languageOf(member)).toBe('en');
  });

  it("gives a browser without a lang cookie the account's language at sign-in, and leaves one that has it", async () => {
    const member = await signUp();
    await speaks(member, 'pt');
    const login = (cookie?: string) =>
      call('/api/auth/login', {
        body: { username: member.username, password: member.password },
        ...(cookie ? { headers: { Cookie: cookie } } : {}),
      });
    const bare = await login();
    expect(bare.status).toBe(200);
    const cookies = bare.headers.getSetCookie();
    const lang = cookies.find((c) => c.startsWith('lang='));
    expect(lang).toMatch(/^lang=pt; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    const chosen = await login('lang=fr');
    expect(chosen.status).toBe(200);
    expect(chosen.headers.getSetCookie().some((c) => c.startsWith('lang='))).toBe(false);
  });
});

describe('emails in the recipient language', () => {
  it('tells the old address of an email change in German', async () => {
    const member = await signUp();
    await speaks(member, 'de');
    const newEmail = `${member.username}-new@example.com`;
    const response = await call(`/api/users/${member.id}`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: { email: newEmail },
    });
    expect(response.status).toBe(200);
    const notice = await lastEmailTo(member.email);
    expect(notice?.subject).toBe(de.email_changed_subject());
    expect(notice?.text).toContain(de.email_changed_text({ email: newEmail }));

    // An edit that changes the address and the language at once writes both emails in the new one.
    const newer = `${member.username}-newer@example.com`;
    const both = await call(`/api/users/${member.id}`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: { email: newer, language: 'pt' },
    });
    expect(both.status).toBe(200);
    expect((await lastEmailTo(newEmail))?.subject).toBe(pt.email_changed_subject());
    expect((await lastEmailTo(newer))?.subject).toBe(pt.email_verify_subject());
  });

  it("writes a guest's newsletter confirmation in the page's language", async () => {
    const email = `news-${crypto.randomUUID()}@example.com`;
    const response = await call('/api/newsletter/subscribe', {
      body: { email },
      headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.status).toBe(200);
    const mail = await lastEmailTo(email);
    expect(mail?.subject).toBe(fr.email_newsletter_subject());
    expect(mail?.text).toContain(fr.email_newsletter_confirm_within());
  });

  it('asks a Spanish recipient to confirm a barter in Spanish', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    await speaks(member, 'es');
    const listing = await createListing(owner, { title: 'Bicicleta' });
    await send(member, owner, listing.id, 'Hola');
    const recorded = await call('/api/barters', {
      cookie: owner.cookie,
      body: { listingId: listing.id, recipientId: member.id },
    });
    expect(recorded.status, await recorded.clone().text()).toBe(201);
    const mail = await lastEmailTo(member.email);
    const inputs = { name: owner.user.displayName, title: 'Bicicleta' };
    expect(mail?.subject).toBe(es.email_barter_request_subject(inputs));
    expect(mail?.text).toContain(es.email_barter_request_text(inputs));
    // Its bell entry too, the SQL and TypeScript producers' English read back in Spanish.
    expect(await bellTexts(member, 'es')).toContain(es.notice_barter_recorded(inputs));
  });

  it('sends a German member a German unread-message notice, and an English one stays English', async () => {
    const [owner, german, english] = await Promise.all([signUp(), signUp(), signUp()]);
    await Promise.all([speaks(german, 'de'), speaks(english, 'en')]);
    const listing = await createListing(owner, { title: 'Sauerteig' });
    const start = Date.now();
    await send(owner, german, listing.id, 'Noch da?');
    await send(owner, english, listing.id, 'Still there?');
    await runMessageEmailNotices(env, start + 11 * MINUTE);
    const [notice] = await outboxTo(german.email);
    const inputs = { name: owner.user.displayName, title: 'Sauerteig' };
    expect(notice?.subject).toBe(de.email_message_subject(inputs));
    expect(notice?.text).toContain(de.email_message_text_one(inputs));
    expect(notice?.text).toContain(de.email_settings_line());
    expect(await bellTexts(german, 'de')).toContain(de.notice_message(inputs));
    const [plain] = await outboxTo(english.email);
    expect(plain?.subject).toBe(`New message from ${owner.user.displayName} about "Sauerteig"`);
  });

  it('writes a German saved-search digest: subject, summary with its category named in German', async () => {
    const T = Date.now() + 400 * DAY;
    await env.DB.prepare('INSERT INTO cron_runs (job, scheduled_at) VALUES (?, ?)')
      .bind(SAVED_SEARCH_JOB, iso(T - 3 * HOUR))
      .run();
    const [searcher, owner] = await Promise.all([signUp(), signUp()]);
    await speaks(searcher, 'de');
    const word = `lampe${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      'INSERT INTO stored_searches (user_id, query, category, notifications_enabled, created_at) VALUES (?, ?, ?, 1, ?)',
    )
      .bind(searcher.id, word, 'tech', iso(T - 2 * DAY))
      .run();
    const { id } = await createListing(owner, { title: `Alte ${word}`, categoriesOffered: ['tech'] });
    await env.DB.prepare('UPDATE listings SET created_at = ? WHERE id = ?')
      .bind(iso(T - HOUR), id)
      .run();
    await runSavedSearchAlerts(env, T);
    const [digest] = await outboxTo(searcher.email);
    expect(digest?.subject).toBe(de.email_digest_subject_one());
    expect(digest?.text).toContain(de.email_digest_query_category_one({ query: word, category: de.category_tech() }));
    expect(digest?.text).toContain(de.email_hi({ name: searcher.user.displayName }));
    expect(digest?.html).toContain(de.email_see_all());
    expect(await bellTexts(searcher, 'de')).toContain(
      de.email_digest_query_category_one({ query: word, category: de.category_tech() }),
    );
  });

  it('writes a Portuguese match digest', async () => {
    const member = await signUp();
    await speaks(member, 'pt');
    const at = Date.now() + 401 * DAY;
    for (const key of ['match:1:2', 'match:3:4'])
      await env.DB.prepare(
        `INSERT INTO notifications (user_id, kind, subject_key, text, link, created_at, updated_at) VALUES (?, 'match', ?, 'New match: Ana would take your "Bike" and offers "Lamp"', '/matches', ?, ?)`,
      )
        .bind(member.id, key, iso(at - MINUTE), iso(at - MINUTE))
        .run();
    await digestMatches(env, iso(at - 15 * MINUTE), iso(at));
    const [digest] = await outboxTo(member.email);
    expect(digest?.subject).toBe(pt.email_matches_subject_other({ count: '2' }));
    expect(digest?.text).toContain(pt.email_matches_intro_other());
    expect(digest?.text).toContain(pt.email_matches_link());
    // Each match's line too: the bell's English entry, written again in the member's language.
    expect(digest?.text).toContain(`- ${pt.notice_match_line({ name: 'Ana', mine: 'Bike', theirs: 'Lamp' })}`);
  });

  it('warns a French member in French: subject, reason and what was reported, by email and push', async () => {
    const service = globalPushService();
    try {
      const admin = await signUpAdmin();
      const [member, reporter] = await Promise.all([signUp(), signUp()]);
      await speaks(member, 'fr');
      const browser = await subscribeBrowser(member.cookie);
      const listing = await createListing(reporter, { title: 'Lampe' });
      const messageId = await send(member, reporter, listing.id, 'Tu vas le regretter');
      const filed = await json(
        await call('/api/reports', {
          cookie: reporter.cookie,
          body: { targetType: 'message', targetId: messageId, reason: 'harassment' },
        }),
      );
      const resolved = await call(`/api/admin/reports/${filed.id}/resolve`, {
        cookie: admin.cookie,
        body: { action: 'warn', note: 'internal' },
      });
      expect(resolved.status).toBe(200);
      const what = fr.email_moderation_what_message({ title: 'Lampe' });
      const mail = await waitForEmailTo(member.email, /avertissement/);
      expect(mail.subject).toBe(fr.email_moderation_warning_subject());
      expect(mail.text).toContain(fr.email_moderation_warning_text({ what, reason: fr.email_reason_harassment() }));
      expect(mail.text).toContain(fr.email_moderation_mistake());
      const bell = await json(await call('/api/notifications', { cookie: `${member.cookie}; lang=fr` }));
      expect(bell.notifications.find((n: { kind: string }) => n.kind === 'moderation').text).toBe(
        fr.notice_moderation_warned({ what, reason: fr.email_reason_harassment() }),
      );
      await expect.poll(() => service.received.filter((r) => r.endpoint === browser.endpoint).length).toBe(1);
      const [push] = await pushesTo(service, browser);
      expect(push?.title).toBe(fr.push_moderation_title());
      // A body is cut to BODY_MAX characters, as every push's.
      expect(push?.body).toBe(clip(fr.push_moderation_body({ what })));
    } finally {
      service.restore();
    }
  });

  it('keeps the contact email to the admins in English', () => {
    const mail = contactEmail('admin@example.com', {
      name: 'Ana',
      email: 'ana@example.com',
      subject: 'Hola',
      message: '¿Hay alguien?',
    });
    expect(mail.subject).toBe('[Barter Market contact] Hola');
    expect(mail.text).toMatch(/^From: Ana <ana@example.com>\nSubject: Hola/);
  });

  it('falls back to English for a stored language the app does not have', () => {
    const mail = messageNoticeEmail(
      'https://example.com',
      'a@example.com',
      'Ana',
      { senderName: 'Bo', listingTitle: 'Bike', excerpt: 'Hi', unread: 2, link: '/messages' },
      'xx',
    );
    expect(mail.subject).toBe('New message from Bo about "Bike"');
    expect(mail.text).toContain('Bo sent you 2 messages about "Bike":');
  });
});

describe('pushes in the recipient language', () => {
  let service: ReturnType<typeof globalPushService>;
  beforeEach(() => {
    service = globalPushService();
  });
  afterEach(() => service.restore());

  it('writes each member its own language in one send: German for one, English for the other', async () => {
    const [german, english] = await Promise.all([signUp(), signUp()]);
    await speaks(german, 'de');
    const [deBrowser, enBrowser] = [await subscribeBrowser(german.cookie), await subscribeBrowser(english.cookie)];
    const own = pushService();
    const text = pushTexts.offer({ listingId: 7, to: german.id, other: english.id }, 'made', 'Ana', 'Fahrrad');
    const report = await pushToMembers(env, createDb(env.DB), [german.id, english.id], 'offer', text, own);
    expect(report.sent).toBe(2);
    const read = async (browser: typeof deBrowser) =>
      readPush(
        own.received.find((r) => r.endpoint === browser.endpoint)!,
        browser.keys,
      );
    expect(await read(deBrowser)).toMatchObject({
      title: de.push_offer_made_title(),
      body: de.push_offer_made_body({ name: 'Ana', title: 'Fahrrad' }),
    });
    expect(await read(enBrowser)).toMatchObject({ title: 'New offer', body: 'Ana made an offer on “Fahrrad”' });
  });

  it('pushes a new message to a Spanish member in Spanish, through the route', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    await speaks(member, 'es');
    const browser = await subscribeBrowser(member.cookie);
    const listing = await createListing(owner);
    await send(owner, member, listing.id, '¿Sigue disponible?');
    await expect.poll(() => service.received.filter((r) => r.endpoint === browser.endpoint).length).toBe(1);
    const [push] = await pushesTo(service, browser);
    expect(push?.title).toBe(es.push_message_title({ name: owner.user.displayName }));
    expect(push?.body).toBe('¿Sigue disponible?');
  });
});

describe('page titles and descriptions in the request language', () => {
  it("writes a German reader's title, description and og:* (the SPA's own title), a listing's own words unchanged", async () => {
    const page = await fetchPage('/about', { cookie: 'lang=de' });
    const head = await parseHead(page.html);
    expect(head.titles).toEqual([`${de.static_pages_about_page_title()} | Barter Market`]);
    expect(metaOf(head, 'description')).toBe(de.head_site_description());
    expect(metaOf(head, 'og:title')).toBe(de.static_pages_about_page_title());
    expect(metaOf(head, 'og:description')).toBe(de.head_site_description());

    const browse = await parseHead((await fetchPage('/browse?category=home', { cookie: 'lang=fr' })).html);
    expect(browse.titles).toEqual([`${fr.search_category_listings({ category: fr.category_home() })} | Barter Market`]);

    const owner = await signUp({ displayName: 'Greta' });
    const listing = await createListing(owner, { title: 'Gusseisenpfanne', description: 'Schwer und gut.' });
    const listingHead = await parseHead((await fetchPage(`/listing/${listing.id}`, { cookie: 'lang=de' })).html);
    expect(listingHead.titles).toEqual(['Gusseisenpfanne | Barter Market']);
    expect(metaOf(listingHead, 'description')).toBe('Schwer und gut.');

    const profile = await parseHead((await fetchPage(`/profile/${owner.username}`, { cookie: 'lang=pt' })).html);
    expect(metaOf(profile, 'description')).toBe(pt.head_profile_description({ name: 'Greta' }));

    const missing = await parseHead((await fetchPage('/no-such-page', { cookie: 'lang=es' })).html);
    expect(missing.titles).toEqual([`${es.common_page_not_found()} | Barter Market`]);

    // The home page's title is whole, as the SPA sets it; a screen translated later keeps up too.
    const home = await parseHead((await fetchPage('/', { cookie: 'lang=fr' })).html);
    expect(home.titles).toEqual([fr.common_home_title()]);
    expect(fr.common_home_title()).not.toBe(en.common_home_title());
    const forgot = await parseHead((await fetchPage('/forgot-password', { cookie: 'lang=pt' })).html);
    expect(forgot.titles).toEqual([`${pt.auth_forgot_title()} | Barter Market`]);
  });

  it('keeps English for an English reader', async () => {
    const head = await parseHead((await fetchPage('/cookies')).html);
    expect(head.titles).toEqual(['Cookie Policy | Barter Market']);
    expect(metaOf(head, 'description')).toBe('Exchange goods and skills with your neighbours instead of money.');
  });
});

describe('bell lines in the reader language', () => {
  const bellOf = async (m: Member, language?: string) =>
    (await json(await call('/api/notifications', { cookie: language ? `${m.cookie}; lang=${language}` : m.cookie })))
      .notifications as { kind: string; text: string }[];

  it('shows a stored English line in the language the bell is read in, and English to an English reader', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Werkbank' });
    await send(member, owner, listing.id, 'Hallo!');
    const made = await call('/api/offers', {
      cookie: member.cookie,
      body: { listingId: listing.id, text: 'Zwei Gläser Honig' },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const inputs = { name: member.user.displayName, title: 'Werkbank' };
    const german = await bellOf(owner, 'de');
    expect(german.map((n) => n.text)).toContain(de.notice_offer_made(inputs));
    const english = await bellOf(owner);
    expect(english.map((n) => n.text)).toContain(`${member.user.displayName} made an offer on "Werkbank"`);
    // The same line, stored once: the reader's language decides.
    const spanish = await bellOf(owner, 'es');
    expect(spanish.map((n) => n.text)).toContain(es.notice_offer_made(inputs));
  });

  it('writes the lines SQL builds and the nested parts (what, reason, stars, category, a date) in the reader language', () => {
    expect(renderNotice('New message from Ana about "Bike"', 'de')).toBe(
      de.notice_message({ name: 'Ana', title: 'Bike' }),
    );
    expect(renderNotice('Your offer on “Bike” expired without an answer', 'fr')).toBe(
      fr.notice_offer_expired({ title: 'Bike' }),
    );
    expect(renderNotice('Bo left you a review: 4 stars', 'pt')).toBe(
      pt.notice_review({ name: 'Bo', stars: pt.notice_stars_other({ count: '4' }) }),
    );
    expect(renderNotice('3 new listings match "lamp" in Technology', 'de')).toBe(
      de.email_digest_query_category_other({ count: '3', query: 'lamp', category: de.category_tech() }),
    );
    expect(renderNotice('A moderator hid your listing “Bike” for spam.', 'es')).toBe(
      es.notice_moderation_hid({
        what: es.email_moderation_what_listing({ title: 'Bike' }),
        reason: es.email_reason_spam(),
      }),
    );
    expect(renderNotice('Your account was suspended until November 30, 2026 for a suspected scam.', 'de')).toBe(
      de.notice_moderation_suspended({ date: '30. November 2026', reason: de.email_reason_scam() }),
    );
    expect(renderNotice('Ana cancelled the barter for "Bike": we could not meet', 'fr')).toBe(
      fr.notice_barter_cancelled_reason({ name: 'Ana', title: 'Bike', reason: 'we could not meet' }),
    );
    expect(renderNotice('New match: Ana would take your "Bike" and offers "Lamp" (3 possible swaps)', 'es')).toBe(
      es.notice_match_more({ name: 'Ana', mine: 'Bike', theirs: 'Lamp', count: '3' }),
    );
    expect(
      renderNotice(
        'A trade circle of 3 members was proposed: you give “Bike” and get “Lamp”. Accept or decline within 7 days.',
        'de',
      ),
    ).toBe(de.notice_circle_proposed({ count: '3', give: 'Bike', get: 'Lamp', days: '7' }));
    expect(renderNotice('A trade circle was called off: Sam no longer wants “Lamp”', 'pt')).toBe(
      pt.notice_circle_no_longer_wants({ name: 'Sam', title: 'Lamp' }),
    );
    expect(renderNotice('A trade circle was called off: one of its members left', 'fr')).toBe(
      fr.notice_circle_member_left(),
    );
    // A circle's end reason, as its page shows it.
    expect(renderEndReason('Sam declined', 'de')).toBe(de.notice_end_declined({ name: 'Sam' }));
    expect(renderEndReason('One of its members is unavailable', 'es')).toBe(es.notice_end_member_unavailable());
    expect(renderEndReason('Sam no longer wants “Lamp”', 'fr')).toBe(
      fr.notice_end_no_longer_wants({ name: 'Sam', title: 'Lamp' }),
    );
    // A line no message matches (an older wording) is shown as stored; English is never rewritten.
    expect(renderNotice('Something the product once said', 'de')).toBe('Something the product once said');
    expect(renderNotice('New message from Ana about "Bike"', 'en')).toBe('New message from Ana about "Bike"');
  });
});

describe('conversation event lines in the reader language', () => {
  it("gives each template its message's English, so an English reader sees the line as stored", () => {
    const inputs = { name: 'N', terms: 'T', reason: 'R' };
    for (const key of Object.keys(EVENT_LINES) as EventLineKey[]) {
      const message = (en as unknown as Record<string, (i: typeof inputs) => string>)[`messages_event_${key}`];
      expect(message?.(inputs), key).toBe(eventLine(key, inputs));
      expect(typeof (de as unknown as Record<string, unknown>)[`messages_event_${key}`], key).toBe('function');
    }
  });

  it('reads back the lines the routes and the SQL write, their sender named; a name with pattern characters too', async () => {
    const [owner, member] = await Promise.all([signUp({ displayName: 'Ana (the cook) +1' }), signUp()]);
    const listing = await createListing(owner, { title: 'Werkbank' });
    await send(member, owner, listing.id, 'Hallo!');
    const made = await json(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: listing.id, text: 'Zwei Gläser Honig' } }),
    );
    const accepted = await call(`/api/offers/${made.id}/accept`, { cookie: owner.cookie, body: {} });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const lines = (
      await env.DB.prepare(
        "SELECT sender_id, content FROM messages WHERE listing_id = ? AND kind = 'event' ORDER BY id",
      )
        .bind(listing.id)
        .all<{ sender_id: number; content: string }>()
    ).results;
    const nameOf = (id: number) => (id === owner.id ? owner.user.displayName : member.user.displayName);
    const read = lines.map((line) => eventLineOf(line.content, nameOf(line.sender_id)));
    expect(read).toEqual([
      { key: 'offer_made', inputs: { name: member.user.displayName, terms: 'Zwei Gläser Honig' } },
      { key: 'offer_accepted', inputs: { name: 'Ana (the cook) +1' } },
    ]);
    // The lines the SQL writes: an offer expired, another closed by an accepted one.
    expect(eventLineOf('This offer expired without an answer. You can make a new one.', 'Bo')?.key).toBe(
      'offer_expired',
    );
    expect(
      eventLineOf(
        'Bo agreed a barter for this listing with another member, so this offer was closed. Thank you for offering!',
        'Bo',
      ),
    ).toEqual({ key: 'offer_closed', inputs: { name: 'Bo' } });
    expect(eventLineOf('Bo cancelled the barter: “too far”', 'Bo')).toEqual({
      key: 'barter_cancelled_reason',
      inputs: { name: 'Bo', reason: 'too far' },
    });
    // A name changed since the line was written: no template matches, the stored line is shown.
    expect(eventLineOf('Old Name accepted the offer', 'New Name')).toBeNull();
  });
});
