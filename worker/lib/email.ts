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

/** In the member's language (decision 068): the one they signed up in, or the page's for a new account. */
export function verificationEmail(origin: string, to: string, name: string, token: string, language = 'en'): Email {
  const t = wordsOf(isLanguage(language) ? language : 'en');
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
  const t = wordsOf(isLanguage(language) ? language : 'en');
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
export function emailChangedEmail(origin: string, to: string, name: string, newEmail: string): Email {
  return withKind(
    'security',
    linkEmail(
      to,
      `Your ${APP_NAME} email address was changed`,
      name,
      [
        `The email address of your account was changed to ${newEmail}. Password reset links sent to this address no longer work.`,
        'If you did not make this change, reset your password from the sign-in page and contact us at once.',
      ],
      'Contact us',
      `${origin}/contact`,
    ),
  );
}

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

/** Double opt-in for the newsletter: a confirm link (48 hours) and the subscription's unsubscribe link. */
export function newsletterConfirmationEmail(
  origin: string,
  to: string,
  confirmToken: string,
  unsubscribeToken: string,
): Email {
  const confirm = `${origin}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
  const unsubscribe = `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
  const lines = [
    `Someone, hopefully you, asked to receive the ${APP_NAME} community newsletter at this address.`,
    'Please confirm within 48 hours. If it was not you, ignore this email and you will hear nothing more.',
  ];
  const text = [
    'Hi there,',
    '',
    ...lines,
    '',
    `Confirm your subscription: ${confirm}`,
    '',
    `You can unsubscribe at any time: ${unsubscribe}`,
    '',
    `— ${APP_NAME}`,
  ].join('\n');
  const html = [
    '<p>Hi there,</p>',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(confirm)}">Confirm your subscription</a></p>`,
    `<p>You can <a href="${escapeHtml(unsubscribe)}">unsubscribe</a> at any time.</p>`,
    `<p>— ${APP_NAME}</p>`,
  ].join('\n');
  return { to, subject: `Confirm your ${APP_NAME} newsletter subscription`, text, html, kind: 'newsletter' };
}

// --- Notices: barters, saved-search digests, unread messages ----------------------------------
// Sent only to members with a verified address and email notifications on (`wantsEmail`); each
// carries a line saying how to turn them off.

/** Whether a member gets notice emails: a verified address and notifications on. */
export const wantsEmail = (user: { emailVerified: boolean; emailNotifications: boolean }) =>
  user.emailVerified && user.emailNotifications;

const SETTINGS_LINE =
  'You get these emails because email notifications are on in your profile; you can turn them off there.';

/** The recipient of a barter just recorded is asked to confirm it. */
export function barterConfirmationRequestEmail(
  origin: string,
  to: string,
  name: string,
  barter: { initiatorName: string; listingTitle: string; link: string },
): Email {
  return linkEmail(
    to,
    `${barter.initiatorName} recorded a barter with you — please confirm`,
    name,
    [
      `${barter.initiatorName} recorded a completed barter with you for "${barter.listingTitle}".`,
      'If the exchange happened, confirm it in your conversation; if it did not, you can cancel it there. Once confirmed, you can review each other.',
      SETTINGS_LINE,
    ],
    'Open the conversation',
    `${origin}${barter.link}`,
  );
}

/** A barter pending for 14 days: the recipient is asked to confirm, the initiator told it waits. */
export function barterReminderEmail(
  origin: string,
  to: string,
  name: string,
  barter: { partnerName: string; listingTitle: string; link: string; mustConfirm: boolean },
): Email {
  const lines = barter.mustConfirm
    ? [
        `${barter.partnerName} recorded a barter with you for "${barter.listingTitle}" two weeks ago, and it still waits for your confirmation.`,
      ]
    : [
        `Your barter with ${barter.partnerName} for "${barter.listingTitle}" still waits for their confirmation after two weeks.`,
      ];
  lines.push('A barter that is not confirmed within 30 days is cancelled automatically.', SETTINGS_LINE);
  return linkEmail(
    to,
    barter.mustConfirm
      ? `Reminder: confirm your barter for "${barter.listingTitle}"`
      : `Your barter for "${barter.listingTitle}" is still pending`,
    name,
    lines,
    'Open the conversation',
    `${origin}${barter.link}`,
  );
}

export interface DigestSearch {
  /** e.g. `3 new listings match "bike" in Tools` */
  summary: string;
  /** Path of the search on /browse. */
  link: string;
  listings: { id: number; title: string }[];
}

/** One email per member and run: the new listings of each of their saved searches. */
export function savedSearchDigestEmail(origin: string, to: string, name: string, searches: DigestSearch[]): Email {
  const total = searches.reduce((sum, s) => sum + s.listings.length, 0);
  const subject =
    total === 1 ? `A new listing matches your saved search` : `${total} new listings match your saved searches`;
  const listingUrl = (id: number) => `${origin}/listing/${id}`;
  const text = [
    `Hi ${name},`,
    '',
    ...searches.flatMap((s) => [
      `${s.summary}:`,
      ...s.listings.map((l) => `- ${l.title}: ${listingUrl(l.id)}`),
      `See all: ${origin}${s.link}`,
      '',
    ]),
    SETTINGS_LINE,
    '',
    `— ${APP_NAME}`,
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(name)},</p>`,
    ...searches.map(
      (s) =>
        `<p>${escapeHtml(s.summary)}:</p>\n<ul>\n${s.listings
          .map((l) => `<li><a href="${escapeHtml(listingUrl(l.id))}">${escapeHtml(l.title)}</a></li>`)
          .join('\n')}\n</ul>\n<p><a href="${escapeHtml(`${origin}${s.link}`)}">See all</a></p>`,
    ),
    `<p>${escapeHtml(SETTINGS_LINE)}</p>`,
    `<p>— ${APP_NAME}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

/** One email per member and run: their new two-way matches ("Ana would take your X and offers Y"). */
export function matchDigestEmail(origin: string, to: string, name: string, matches: string[], shown: number): Email {
  const subject =
    matches.length === 1
      ? 'You have a new match: a swap both of you want'
      : `You have ${matches.length} new matches: swaps both sides want`;
  const listed = matches.slice(0, shown);
  const more = matches.length - listed.length;
  const link = `${origin}/matches`;
  const intro =
    matches.length === 1
      ? 'A member wants something you offer, and offers something you want:'
      : 'Members want something you offer, and offer something you want:';
  const text = [
    `Hi ${name},`,
    '',
    intro,
    ...listed.map((line) => `- ${line}`),
    ...(more > 0 ? [`…and ${more} more.`] : []),
    '',
    `See your matches and message them: ${link}`,
    '',
    SETTINGS_LINE,
    '',
    `— ${APP_NAME}`,
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(name)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>\n${listed.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}\n</ul>`,
    ...(more > 0 ? [`<p>…and ${more} more.</p>`] : []),
    `<p><a href="${escapeHtml(link)}">See your matches and message them</a></p>`,
    `<p>${escapeHtml(SETTINGS_LINE)}</p>`,
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
): Email {
  const what = notice.unread === 1 ? 'a message' : `${notice.unread} messages`;
  return linkEmail(
    to,
    `New message from ${notice.senderName} about "${notice.listingTitle}"`,
    name,
    [`${notice.senderName} sent you ${what} about "${notice.listingTitle}":`, `“${notice.excerpt}”`, SETTINGS_LINE],
    'Reply',
    `${origin}${notice.link}`,
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
 * account, as a password change notice is); the admin's note stays internal.
 */
export function moderationNoticeEmail(
  origin: string,
  to: string,
  name: string,
  notice: { subject: string; lines: string[] },
): Email {
  return linkEmail(
    to,
    notice.subject,
    name,
    [...notice.lines, 'If you think this was a mistake, reply through the contact page.'],
    'Read the community standards',
    `${origin}/community-standards`,
  );
}
