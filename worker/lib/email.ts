// Every email the product sends is a row in the outbox; delivery is a separate, retried job.
// Builders return the insert so callers can put it in the same D1 batch as the change it reports.
import { escapeHtml } from './escape-html';
import { DAY, HOUR } from './time';
import { isLanguage } from '@/shared/locale';
import { wordsOf, type Catalogue } from './locale';

export type EmailKind = 'reset' | 'verification' | 'security' | 'notice' | 'contact' | 'newsletter';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * What the mail is; it sets the mail's priority under the daily sending cap, its lifetime and
   * its per-recipient daily cap (decision 038). `notice` (barter notices, digests, message and
   * moderation notices) is the default.
   */
  kind?: EmailKind;
  /** ISO time after which the mail is never sent; default: queued time + EMAIL_LIFETIME_MS[kind]. */
  expiresAt?: string;
}

export const APP_NAME = 'Barter Market';

/**
 * The outbox's `priority` column: lower goes first under the daily cap. A password reset is
 * asked for by someone locked out right now; a verification (or the security notice of an email
 * change) is needed to use the site; notices can wait; the newsletter is the least urgent.
 */
export const EMAIL_PRIORITY: Record<EmailKind, number> = {
  reset: 0,
  verification: 1,
  security: 1,
  notice: 2,
  contact: 2,
  newsletter: 3,
};

/** The links' lifetimes: a reset link lasts an hour, a verification link a day, a newsletter confirmation 48 hours. */
export const RESET_LINK_MS = HOUR;
export const VERIFICATION_LINK_MS = DAY;
export const NEWSLETTER_CONFIRM_MS = 2 * DAY;

/** How long a mail may wait in the outbox: its link's lifetime, or how long its news stays worth sending. */
export const EMAIL_LIFETIME_MS: Record<EmailKind, number> = {
  reset: RESET_LINK_MS,
  verification: VERIFICATION_LINK_MS,
  newsletter: NEWSLETTER_CONFIRM_MS,
  // The bell and the pages hold the same news; a notice three days late only adds noise.
  security: 3 * DAY,
  notice: 3 * DAY,
  // Admins should hear of a visitor's message even after a quiet weekend.
  contact: 7 * DAY,
};

/**
 * Mails one recipient address may be queued per kind and UTC day; the rest are dropped when
 * queued (the outbox trigger of migration 0034 holds the same numbers; a test checks they agree).
 */
export const EMAIL_RECIPIENT_DAILY_CAPS: Record<EmailKind, number> = {
  reset: 3,
  verification: 3,
  security: 3,
  newsletter: 3,
  notice: 10,
  contact: 10,
};

/** The outbox columns an email fills, with its kind's priority and expiry. */
export function outboxValues({ kind = 'notice', expiresAt, ...email }: Email, now = Date.now()) {
  return {
    ...email,
    kind,
    priority: EMAIL_PRIORITY[kind],
    expiresAt: expiresAt ?? new Date(now + EMAIL_LIFETIME_MS[kind]).toISOString(),
  };
}

const withKind = (kind: EmailKind, email: Email): Email => ({ ...email, kind });

/** A plain email with one call-to-action link, as text and as escaped HTML; `t` greets in the member's language. */
function linkEmail(
  to: string,
  subject: string,
  greetingName: string,
  lines: string[],
  linkLabel: string,
  link: string,
  t: Catalogue = wordsOf('en'),
): Email {
  const greeting = t.email_hi({ name: greetingName });
  const text = [greeting, '', ...lines, '', `${linkLabel}: ${link}`, '', `— ${APP_NAME}`].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
    `<p>— ${APP_NAME}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

/** A member's stored language (`users.language`) as a catalogue: English for anything unknown. */
export const wordsFor = (language: string | null | undefined): Catalogue =>
  wordsOf(isLanguage(language) ? language : 'en');

/** In the member's language (decision 068): the one they signed up in, or the page's for a new account. */
export function verificationEmail(origin: string, to: string, name: string, token: string, language = 'en'): Email {
  const t = wordsFor(language);
  return withKind(
    'verification',
    linkEmail(
      to,
      t.email_verify_subject(),
      name,
      [t.email_verify_text()],
      t.email_verify_link(),
      `${origin}/verify-email?token=${encodeURIComponent(token)}`,
      t,
    ),
  );
}

export function passwordResetEmail(origin: string, to: string, name: string, token: string, language = 'en'): Email {
  const t = wordsFor(language);
  return withKind(
    'reset',
    linkEmail(
      to,
      t.email_reset_subject(),
      name,
      [t.email_reset_text(), t.email_reset_expiry()],
      t.email_reset_link(),
      `${origin}/reset-password?token=${encodeURIComponent(token)}`,
      t,
    ),
  );
}

/** To the old address when an account's email changes, so a hijacked account does not go unnoticed. */
export function emailChangedEmail(origin: string, to: string, name: string, newEmail: string, language = 'en'): Email {
  const t = wordsFor(language);
  return withKind(
    'security',
    linkEmail(
      to,
      t.email_changed_subject(),
      name,
      [t.email_changed_text({ email: newEmail }), t.email_changed_advice()],
      t.email_contact_us(),
      `${origin}/contact`,
      t,
    ),
  );
}

/** To the site's admins: in English, whatever the visitor's language (it is for the team). */
export function contactEmail(
  to: string,
  message: { name: string; email: string; subject: string; message: string },
): Email {
  const text = [`From: ${message.name} <${message.email}>`, `Subject: ${message.subject}`, '', message.message].join(
    '\n',
  );
  const html = [
    `<p>From: ${escapeHtml(message.name)} &lt;${escapeHtml(message.email)}&gt;</p>`,
    `<p>Subject: ${escapeHtml(message.subject)}</p>`,
    `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
  ].join('\n');
  return { to, subject: `[${APP_NAME} contact] ${message.subject}`, text, html, kind: 'contact' };
}

/**
 * Double opt-in for the newsletter: a confirm link (48 hours) and the subscription's unsubscribe
 * link, in the language of the page that subscribed (a guest has no stored language).
 */
export function newsletterConfirmationEmail(
  origin: string,
  to: string,
  confirmToken: string,
  unsubscribeToken: string,
  language = 'en',
): Email {
  const t = wordsFor(language);
  const confirm = `${origin}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
  const unsubscribe = `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
  const lines = [t.email_newsletter_text(), t.email_newsletter_confirm_within()];
  const text = [
    t.email_hi_there(),
    '',
    ...lines,
    '',
    `${t.email_newsletter_confirm()}: ${confirm}`,
    '',
    `${t.email_newsletter_unsubscribe()}: ${unsubscribe}`,
    '',
    `— ${APP_NAME}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.email_hi_there())}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(confirm)}">${escapeHtml(t.email_newsletter_confirm())}</a></p>`,
    `<p><a href="${escapeHtml(unsubscribe)}">${escapeHtml(t.email_newsletter_unsubscribe())}</a></p>`,
    `<p>— ${APP_NAME}</p>`,
  ].join('\n');
  return { to, subject: t.email_newsletter_subject(), text, html, kind: 'newsletter' };
}

// --- Notices: barters, saved-search digests, unread messages ----------------------------------
// Sent only to members with a verified address and email notifications on (`wantsEmail`); each
// carries a line saying how to turn them off. Each is in the recipient's stored language.

/** Whether a member gets notice emails: a verified address and notifications on. */
export const wantsEmail = (user: { emailVerified: boolean; emailNotifications: boolean }) =>
  user.emailVerified && user.emailNotifications;

/** The recipient of a barter just recorded is asked to confirm it. */
export function barterConfirmationRequestEmail(
  origin: string,
  to: string,
  name: string,
  barter: { initiatorName: string; listingTitle: string; link: string },
  language = 'en',
): Email {
  const t = wordsFor(language);
  const inputs = { name: barter.initiatorName, title: barter.listingTitle };
  return linkEmail(
    to,
    t.email_barter_request_subject(inputs),
    name,
    [t.email_barter_request_text(inputs), t.email_barter_request_howto(), t.email_settings_line()],
    t.email_open_conversation(),
    `${origin}${barter.link}`,
    t,
  );
}

/** A barter pending for 14 days: the recipient is asked to confirm, the initiator told it waits. */
export function barterReminderEmail(
  origin: string,
  to: string,
  name: string,
  barter: { partnerName: string; listingTitle: string; link: string; mustConfirm: boolean },
  language = 'en',
): Email {
  const t = wordsFor(language);
  const inputs = { name: barter.partnerName, title: barter.listingTitle };
  return linkEmail(
    to,
    barter.mustConfirm
      ? t.email_barter_reminder_confirm_subject(inputs)
      : t.email_barter_reminder_pending_subject(inputs),
    name,
    [
      barter.mustConfirm ? t.email_barter_reminder_confirm_text(inputs) : t.email_barter_reminder_pending_text(inputs),
      t.email_barter_reminder_auto_cancel(),
      t.email_settings_line(),
    ],
    t.email_open_conversation(),
    `${origin}${barter.link}`,
    t,
  );
}

export interface DigestSearch {
  /** The saved search's text, if any (`3 new listings match "bike" in Tools`). */
  query: string | null;
  /** The category's slug ('all' or null for none). */
  category: string | null;
  /** New listings the run found for it (more than `listings` may name). */
  count: number;
  /** Path of the search on /browse. */
  link: string;
  listings: { id: number; title: string }[];
}

/**
 * A saved search's news in one line, in the member's language: `3 new listings match "bike" in
 * Tools`. A category is named by its message (`category_<slug>`), else by `categoryName` (the
 * database's), else by its slug.
 */
export function digestSummary(
  search: { query: string | null; category: string | null },
  count: number,
  t: Catalogue,
  categoryName?: ReadonlyMap<string, string>,
): string {
  const slug = search.category && search.category !== 'all' ? search.category : null;
  const words = slug ? (t as unknown as Record<string, (() => string) | undefined>)[`category_${slug}`] : undefined;
  const category = slug ? (words?.() ?? categoryName?.get(slug) ?? slug) : null;
  const query = search.query?.trim();
  const one = count === 1;
  const inputs = { count: String(count), query: query ?? '', category: category ?? '' };
  if (query && category)
    return one ? t.email_digest_query_category_one(inputs) : t.email_digest_query_category_other(inputs);
  if (query) return one ? t.email_digest_query_one(inputs) : t.email_digest_query_other(inputs);
  return one ? t.email_digest_category_one(inputs) : t.email_digest_category_other(inputs);
}

/** One email per member and run: the new listings of each of their saved searches. */
export function savedSearchDigestEmail(
  origin: string,
  to: string,
  name: string,
  searches: DigestSearch[],
  language = 'en',
  categoryName?: ReadonlyMap<string, string>,
): Email {
  const t = wordsFor(language);
  const total = searches.reduce((sum, s) => sum + s.listings.length, 0);
  const subject = total === 1 ? t.email_digest_subject_one() : t.email_digest_subject_other({ count: String(total) });
  const listingUrl = (id: number) => `${origin}/listing/${id}`;
  const summaries = searches.map((s) => digestSummary(s, s.count, t, categoryName));
  const greeting = t.email_hi({ name });
  const text = [
    greeting,
    '',
    ...searches.flatMap((s, i) => [
      `${summaries[i]}:`,
      ...s.listings.map((l) => `- ${l.title}: ${listingUrl(l.id)}`),
      `${t.email_see_all()}: ${origin}${s.link}`,
      '',
    ]),
    t.email_settings_line(),
    '',
    `— ${APP_NAME}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...searches.map(
      (s, i) =>
        `<p>${escapeHtml(summaries[i]!)}:</p>\n<ul>\n${s.listings
          .map((l) => `<li><a href="${escapeHtml(listingUrl(l.id))}">${escapeHtml(l.title)}</a></li>`)
          .join(
            '\n',
          )}\n</ul>\n<p><a href="${escapeHtml(`${origin}${s.link}`)}">${escapeHtml(t.email_see_all())}</a></p>`,
    ),
    `<p>${escapeHtml(t.email_settings_line())}</p>`,
    `<p>— ${APP_NAME}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

/**
 * One email per member and run: their new two-way matches ("Ana would take your X and offers Y",
 * the lines their bell entries hold).
 */
export function matchDigestEmail(
  origin: string,
  to: string,
  name: string,
  matches: string[],
  shown: number,
  language = 'en',
): Email {
  const t = wordsFor(language);
  const one = matches.length === 1;
  const subject = one
    ? t.email_matches_subject_one()
    : t.email_matches_subject_other({ count: String(matches.length) });
  const listed = matches.slice(0, shown);
  const more = matches.length - listed.length;
  const moreLine = t.email_matches_more({ count: String(more) });
  const link = `${origin}/matches`;
  const intro = one ? t.email_matches_intro_one() : t.email_matches_intro_other();
  const greeting = t.email_hi({ name });
  const text = [
    greeting,
    '',
    intro,
    ...listed.map((line) => `- ${line}`),
    ...(more > 0 ? [moreLine] : []),
    '',
    `${t.email_matches_link()}: ${link}`,
    '',
    t.email_settings_line(),
    '',
    `— ${APP_NAME}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>\n${listed.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}\n</ul>`,
    ...(more > 0 ? [`<p>${escapeHtml(moreLine)}</p>`] : []),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.email_matches_link())}</a></p>`,
    `<p>${escapeHtml(t.email_settings_line())}</p>`,
    `<p>— ${APP_NAME}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

/** Unread messages in a conversation the member has not opened for a while. */
export function messageNoticeEmail(
  origin: string,
  to: string,
  name: string,
  notice: { senderName: string; listingTitle: string; excerpt: string; unread: number; link: string },
  language = 'en',
): Email {
  const t = wordsFor(language);
  const inputs = { name: notice.senderName, title: notice.listingTitle, count: String(notice.unread) };
  return linkEmail(
    to,
    t.email_message_subject(inputs),
    name,
    [
      notice.unread === 1 ? t.email_message_text_one(inputs) : t.email_message_text_other(inputs),
      `“${notice.excerpt}”`,
      t.email_settings_line(),
    ],
    t.email_message_reply(),
    `${origin}${notice.link}`,
    t,
  );
}

/** A message's first characters for an email, on one line, cut at a word where possible. */
export function excerpt(content: string, max = 160): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A moderation notice to the member acted on (docs/api/moderation.md, "Enforcement"): a warning, or
 * a suspension with its end. Sent whatever the member's notification setting (it is about their
 * account, as a password change notice is); the admin's note stays internal. `notice` is written
 * with the member's catalogue (`t`), which also writes the lines this adds.
 */
export function moderationNoticeEmail(
  origin: string,
  to: string,
  name: string,
  notice: { subject: string; lines: string[] },
  t: Catalogue = wordsOf('en'),
): Email {
  return linkEmail(
    to,
    notice.subject,
    name,
    [...notice.lines, t.email_moderation_mistake()],
    t.email_moderation_standards_link(),
    `${origin}/community-standards`,
    t,
  );
}
