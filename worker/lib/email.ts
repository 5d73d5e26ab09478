// Every email the product sends is a row in the outbox; delivery is a separate, retried job.
// Builders return the insert so callers can put it in the same D1 batch as the change it reports.
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const APP_NAME = 'Barter Market';

export function queueEmail(db: Db, email: Email) {
  return db.insert(emailOutbox).values(email);
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A plain email with one call-to-action link, as text and as escaped HTML. */
function linkEmail(to: string, subject: string, greetingName: string, lines: string[], linkLabel: string, link: string): Email {
  const text = [`Hi ${greetingName},`, '', ...lines, '', `${linkLabel}: ${link}`, '', `— ${APP_NAME}`].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(greetingName)},</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
    `<p>— ${APP_NAME}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function verificationEmail(origin: string, to: string, name: string, token: string): Email {
  return linkEmail(
    to,
    `Verify your email for ${APP_NAME}`,
    name,
    ['Please confirm this is your email address. The link works once and expires in 24 hours.'],
    'Verify your email',
    `${origin}/verify-email?token=${encodeURIComponent(token)}`,
  );
}

export function passwordResetEmail(origin: string, to: string, name: string, token: string): Email {
  return linkEmail(
    to,
    `Reset your ${APP_NAME} password`,
    name,
    ['Someone asked to reset the password of your account. If it was not you, ignore this email.', 'The link works once and expires in 1 hour.'],
    'Choose a new password',
    `${origin}/reset-password?token=${encodeURIComponent(token)}`,
  );
}

export function contactEmail(to: string, message: { name: string; email: string; subject: string; message: string }): Email {
  const text = [`From: ${message.name} <${message.email}>`, `Subject: ${message.subject}`, '', message.message].join('\n');
  const html = [
    `<p>From: ${escapeHtml(message.name)} &lt;${escapeHtml(message.email)}&gt;</p>`,
    `<p>Subject: ${escapeHtml(message.subject)}</p>`,
    `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
  ].join('\n');
  return { to, subject: `[${APP_NAME} contact] ${message.subject}`, text, html };
}

/** Double opt-in for the newsletter: a confirm link (48 hours) and the subscription's unsubscribe link. */
export function newsletterConfirmationEmail(origin: string, to: string, confirmToken: string, unsubscribeToken: string): Email {
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
  return { to, subject: `Confirm your ${APP_NAME} newsletter subscription`, text, html };
}
