// Fixed-window rate limits counted in D1 (KV's 1,000 writes a day could not carry them): the
// rules and their row keys here, the statements that count them in db/queries/rate-limits.ts.
// Each rule names its limit, window and what it counts per (an IP, a username, a member). The
// members' message budget is counted from their stored lines instead (db/queries/message-budget.ts).
import type { Context } from 'hono';
import { BLOCKS_PER_HOUR, REPORTS_PER_HOUR } from '@/shared/constants';
import { sha256Hex } from './crypto';
import { foldName } from './names';
import { DAY, HOUR, MINUTE } from './time';

export const RATE_LIMITS = {
  // Failed sign-ins (docs/decisions/037-sign-in-and-session-budgets.md): the contract's 10 per name
  // per 15 minutes, counted per (address, name) so a stranger cannot lock the owner out; per
  // address across names (one address guessing many names); and a softer rule per name from every
  // address (credential stuffing from many addresses), which a browser that signed in to the
  // account before passes.
  failedSignInPerAddressName: { limit: 10, windowMs: 15 * MINUTE },
  failedSignInPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  failedSignInPerName: { limit: 100, windowMs: HOUR },
  signInPerIp: { limit: 30, windowMs: MINUTE },
  // Successful sign-ins: each writes a session row (and maybe a KV copy).
  signInPerAccount: { limit: 20, windowMs: DAY },
  registerPerIp: { limit: 20, windowMs: MINUTE },
  // A sign-up writes ~15 rows and queues a verification mail: 5 a day is 5% of 100 mails.
  registerPerAddressDay: { limit: 5, windowMs: DAY },
  // Every ask counts, known address or not, so the limit reveals nothing.
  forgotPasswordPerAddressDay: { limit: 5, windowMs: DAY },
  accountMailPerAccount: { limit: 5, windowMs: HOUR },
  // Reset links checked as the page opens (issue 25, item 10): only a bad token counts (a good one
  // writes nothing), like failed sign-ins; tokens are 256 random bits, so this bounds the rows
  // written far more than it hinders any guessing.
  failedResetLinkChecksPerAddress: { limit: 20, windowMs: HOUR },
  // PATCH {email}: each change mails the new and the old address (3 changes: 6% of 100 mails);
  // a taken address answers 409, so asking is counted too.
  emailChangePerMember: { limit: 2, windowMs: DAY },
  emailChangePerAddress: { limit: 3, windowMs: DAY },
  // KV writes (the free plan's 1,000 a day): session copies in KV are a cache (lib/session.ts),
  // written only within the instance's day and each address's share of it.
  kvWritesPerDay: { limit: 600, windowMs: DAY },
  kvWritesPerAddressDay: { limit: 20, windowMs: DAY },
  contactPerIp: { limit: 5, windowMs: MINUTE },
  uploadUrlPerMember: { limit: 30, windowMs: MINUTE },
  newsletterPerIp: { limit: 5, windowMs: MINUTE },
  // Reports filed (docs/api/moderation.md): every attempt with a valid body counts.
  reportsPerMember: { limit: REPORTS_PER_HOUR, windowMs: HOUR },
  // Blocks made (docs/api/blocks.md): far above honest use, and it bounds what a member toggling
  // block and unblock can write in a day. Lifting a block is not counted: it needs a block first.
  blocksPerMember: { limit: BLOCKS_PER_HOUR, windowMs: HOUR },
  // Mail and guests' forms (decision 038): daily budgets on top of the per-minute rules, so one
  // address spends at most 5 of the day's 100 mails and a few hundred of its 100k rows written.
  newsletterPerIpPerDay: { limit: 5, windowMs: DAY },
  newsletterPerAddressPerDay: { limit: 3, windowMs: DAY },
  contactPerIpPerDay: { limit: 5, windowMs: DAY },
  // Members' repeatable writes (decision 040): one budget a member a day per action family, each
  // far above honest heavy use and sized by the rows its writes measure (the arithmetic is in the
  // decision): all of them spent together come to under 5,000 of the free plan's 100,000 rows
  // written a day (5%), none more than 1.5%. Applied per route by `memberBudget`
  // (worker/middleware/member-budget.ts).
  wantWritesPerMember: { limit: 50, windowMs: DAY },
  listingCreatesPerMember: { limit: 20, windowMs: DAY },
  listingEditsPerMember: { limit: 40, windowMs: DAY },
  profileEditsPerMember: { limit: 20, windowMs: DAY },
  // Counted from the member's offer lines, not a row here (db/queries/offer-step-budget.ts, decision 049).
  offerStepsPerMember: { limit: 30, windowMs: DAY },
  barterStepsPerMember: { limit: 20, windowMs: DAY },
  reviewsPerMember: { limit: 10, windowMs: DAY },
  savedSearchWritesPerMember: { limit: 40, windowMs: DAY },
  circleDecisionsPerMember: { limit: 20, windowMs: DAY },
  uploadUrlsPerMemberDay: { limit: 60, windowMs: DAY },
  // The sitemap's reading requests (decision 056): a page reads up to about 50,150 rows, so one
  // address may ask for 6 a day (at most about 300,000 of the free plan's 5 million rows read, 6%),
  // enough for a crawler to read the whole sitemap of a 150,000-id instance (the index and three
  // pages) and come back once. The index and the single urlset count as one each.
  sitemapReadsPerAddressDay: { limit: 6, windowMs: DAY },
} as const;
export type RateLimitRule = keyof typeof RATE_LIMITS;

/**
 * The row key: the rule and the SHA-256 of the subject folded as the database folds names
 * (lib/names.ts), so every row has the same
 * small size whatever a request sends as a username, an email address or an IP header.
 */
export const rateLimitKey = async (rule: RateLimitRule, subject: string) =>
  `${rule}:${await sha256Hex(foldName(subject))}`;

/**
 * The caller's address as every per-address rule counts it: Cloudflare's CF-Connecting-IP (the
 * edge overwrites any client-sent value), with an IPv6 address keyed by its /64, the block one
 * subscriber is given, so a single home cannot multiply a per-address rule by 2^64.
 */
export function clientIp(c: Context): string {
  return addressKey(c.req.header('CF-Connecting-IP') ?? c.req.header('X-Real-IP') ?? 'unknown');
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of an IPv6 address in any written form (`::`, a dotted IPv4 tail), or null. */
function ipv6Groups(text: string): number[] | null {
  let address = text.toLowerCase();
  const last = address.slice(address.lastIndexOf(':') + 1);
  if (last.includes('.')) {
    const octets = IPV4.exec(last)?.slice(1).map(Number);
    if (!octets || octets.some((octet) => octet > 255)) return null;
    const tail = [(octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!].map((word) => word.toString(16));
    address = address.slice(0, address.length - last.length) + tail.join(':');
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = 8 - head.length - rest.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null;
  const words = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...rest];
  if (!words.every((word) => /^[0-9a-f]{1,4}$/.test(word))) return null;
  return words.map((word) => parseInt(word, 16));
}

/**
 * One address as a rate-limit subject: IPv4 as is; IPv6 as its /64 (`2001:db8:1:2::/64`), an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.7`) as its IPv4. Anything else is kept as sent.
 */
export function addressKey(raw: string): string {
  const text = raw.trim().replace(/^\[(.*)\]$/, '$1');
  if (IPV4.test(text)) return text;
  const groups = text.includes(':') ? ipv6Groups(text) : null;
  if (!groups) return text;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  const prefix = groups.slice(0, 4).map((group) => group.toString(16));
  // The shortest form of the prefix: trailing zero groups fold into the `::`.
  while (prefix.length > 0 && prefix[prefix.length - 1] === '0') prefix.pop();
  return `${prefix.join(':')}::/64`;
}
