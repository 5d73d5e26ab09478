// Bell lines in their reader's language (decision 070). A bell entry's line is stored in English by
// its producer (some in SQL, with a listing's title joined in the batch); the bell is read only
// through GET /api/notifications (its socket carries counts), so the Worker shows each line in the
// request's language there: the stored line is matched against the English of the notice messages
// (`notice_*`, and the saved-search summaries `email_digest_*`), its inputs taken from the match
// and written with the reader's words. An input that is itself a message (what a moderator acted
// on, the reason, a category, a star count) is translated the same way. A line no message matches
// (an older wording, a name that contains a message's words) is shown as stored. English readers
// get the stored line untouched.
import * as en from '@/shared/i18n/en.js';
import type { Language } from '@/shared/locale';
import { wordsOf } from './locale';

type Words = Record<string, (inputs?: Record<string, string>) => string>;

interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
}

const MARK = '\u0000';

/** A message's English as a pattern: its inputs' places captured, the rest literal. */
function templateOf(key: string, names: string[]): Template {
  const inputs = Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`]));
  const english = (en as unknown as Words)[key]!(inputs);
  const order: string[] = [];
  const source = english
    .split(new RegExp(`${MARK}([a-z]+)${MARK}`))
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      order.push(part);
      return '(.+?)';
    })
    .join('');
  return { key, names: order, pattern: new RegExp(`^${source}$`, 's') };
}

/** Whole bell lines, the more specific of two alike first (a reason after a title, a count after a match). */
const LINES: [string, string[]][] = [
  ['notice_message', ['name', 'title']],
  ['notice_offer_made', ['name', 'title']],
  ['notice_offer_accepted', ['name', 'title']],
  ['notice_offer_declined', ['name', 'title']],
  ['notice_offer_withdrawn', ['name', 'title']],
  ['notice_offer_countered', ['name', 'title']],
  ['notice_offer_revised', ['name', 'title']],
  ['notice_offer_closed', ['title']],
  ['notice_offer_expired', ['title']],
  ['notice_barter_reminder', ['name', 'title']],
  ['notice_barter_recorded', ['name', 'title']],
  ['notice_barter_confirmed', ['name', 'title']],
  ['notice_barter_handover', ['name', 'title']],
  ['notice_barter_cancelled_reason', ['name', 'title', 'reason']],
  ['notice_barter_cancelled', ['name', 'title']],
  ['notice_barter_member_unavailable', ['title', 'name']],
  ['notice_review', ['name', 'stars']],
  ['notice_match_more', ['name', 'mine', 'theirs', 'count']],
  ['notice_match', ['name', 'mine', 'theirs']],
  ['notice_moderation_warned', ['what', 'reason']],
  ['notice_moderation_hid', ['what', 'reason']],
  ['notice_moderation_banned', ['reason']],
  ['notice_moderation_suspended', ['date', 'reason']],
  ['notice_circle_expired', []],
  ['notice_circle_proposed_direct', ['give', 'get', 'days']],
  ['notice_circle_proposed', ['count', 'give', 'get', 'days']],
  ['notice_circle_accepted', ['name', 'accepted', 'count']],
  ['notice_circle_declined', ['name']],
  ['notice_circle_agreed', []],
  ['notice_circle_want_withdrawn', []],
  ['notice_circle_listing_deleted', []],
  ['notice_circle_listing_unavailable', []],
  ['notice_circle_member_left', []],
  ['notice_circle_members_separated', []],
  ['notice_circle_no_longer_wants', ['name', 'title']],
  ['notice_circle_chat', ['name', 'preview']],
  ['email_digest_query_category_one', ['query', 'category']],
  ['email_digest_query_category_other', ['count', 'query', 'category']],
  ['email_digest_query_one', ['query']],
  ['email_digest_query_other', ['count', 'query']],
  ['email_digest_category_one', ['category']],
  ['email_digest_category_other', ['count', 'category']],
];

/** Why a trade circle was called off, as the circle's page shows it (`end_reason`, worker/lib/trade-circles/legs.ts). */
const END_REASONS: [string, string[]][] = [
  ['notice_end_want_withdrawn', []],
  ['notice_end_listing_deleted', []],
  ['notice_end_listing_unavailable', []],
  ['notice_end_member_left', []],
  ['notice_end_members_separated', []],
  ['notice_end_member_unavailable', []],
  ['notice_end_member_declined', []],
  ['notice_end_no_longer_wants', ['name', 'title']],
  ['notice_end_declined', ['name']],
];

/** Inputs that are messages themselves: the moderation notice's what and reason, a star count, a category. */
const PARTS: Record<string, [string, string[]][]> = {
  what: [
    ['email_moderation_what_listing', ['title']],
    ['email_moderation_what_message', ['title']],
    ['email_moderation_what_offer', ['title']],
    ['email_moderation_what_account', []],
    ['email_moderation_what_links', []],
    ['email_moderation_what_circle_line', []],
  ],
  reason: [
    ['email_reason_spam', []],
    ['email_reason_scam', []],
    ['email_reason_prohibited', []],
    ['email_reason_harassment', []],
    ['email_reason_other', []],
  ],
  stars: [
    ['notice_stars_one', []],
    ['notice_stars_other', ['count']],
  ],
  category: ['home', 'tech', 'education', 'creative', 'food', 'goods'].map((slug) => [`category_${slug}`, []]),
};

// Built once per isolate, on the first non-English read.
let compiled: { lines: Template[]; ends: Template[]; parts: Record<string, Template[]> } | null = null;
const templates = () =>
  (compiled ??= {
    lines: LINES.map(([key, names]) => templateOf(key, names)),
    ends: END_REASONS.map(([key, names]) => templateOf(key, names)),
    parts: Object.fromEntries(
      Object.entries(PARTS).map(([input, list]) => [input, list.map(([key, names]) => templateOf(key, names))]),
    ),
  });

/** The first message whose English is `text`, with its inputs. */
function match(text: string, list: Template[]): { key: string; inputs: Record<string, string> } | null {
  for (const template of list) {
    const found = template.pattern.exec(text);
    if (found)
      return { key: template.key, inputs: Object.fromEntries(template.names.map((n, i) => [n, found[i + 1]!])) };
  }
  return null;
}

/** The message a stored English bell line is, with its inputs (nested messages left in English). */
export const parseNotice = (text: string) => match(text, templates().lines);

/** A suspension's end as the notice wrote it ("November 30, 2026", UTC) in the reader's language. */
function dateIn(english: string, language: Language): string {
  const when = Date.parse(`${english} 00:00 UTC`);
  return Number.isNaN(when)
    ? english
    : new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(when);
}

/** A stored bell line in the reader's language; the stored English when no message matches it. */
export const renderNotice = (text: string, language: Language): string => render(text, language, templates().lines);

/** A trade circle's stored end reason in the reader's language; as stored when no message matches it. */
export const renderEndReason = (text: string, language: Language): string => render(text, language, templates().ends);

function render(text: string, language: Language, list: Template[]): string {
  if (language === 'en') return text;
  const found = match(text, list);
  if (!found) return text;
  const t = wordsOf(language) as unknown as Words;
  const { parts } = templates();
  const inputs: Record<string, string> = {};
  for (const [name, value] of Object.entries(found.inputs)) {
    const part = parts[name] ? match(value, parts[name]) : null;
    inputs[name] = part ? t[part.key]!(part.inputs) : name === 'date' ? dateIn(value, language) : value;
  }
  return t[found.key]!(inputs);
}

/** A match entry's line as the match digest lists it (no "New match: "), in the member's language. */
export function matchDigestLine(text: string, language: Language): string {
  const found = parseNotice(text);
  const key =
    found?.key === 'notice_match'
      ? 'notice_match_line'
      : found?.key === 'notice_match_more'
        ? 'notice_match_line_more'
        : null;
  return key ? (wordsOf(language) as unknown as Words)[key]!(found!.inputs) : text.replace(/^New match: /, '');
}
