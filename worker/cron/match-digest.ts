// Match digest (every 15 minutes): one email per member about the two-way matches found since the
// previous run that they have not seen in the app yet (docs/api/wants-matches-circles.md
// "Notifications"). The matches themselves are found when a want is added or a listing is
// created or edited (worker/db/queries/matches.ts), which writes one `match` notification per
// member and pair, once; this job only turns the new unread entries into email.
//
// Bounded work: the window's entries are read through the partial index on match entries
// (notifications_match_created_idx), joined with their members, at most MAX_ENTRIES a run; the
// emails are written with one statement per 200. A run costs MATCH_DIGEST_IDLE_COST statements
// with nothing new and MATCH_DIGEST_MIN_COST with some. The ledger makes a rerun for the same
// scheduled time do nothing; windows of runs at different times never overlap.
import { matchDigestEmail, wantsEmail, type Email } from '../lib/email';
import { DAY, MINUTE } from '../lib/time';
import { unlimited, type Budget } from '@worker/lib/cron-budget';
import { matchDigestEntriesStatement, type MatchDigestEntry } from '@worker/db/queries/matches';
import { queueEmailsStatements } from '@worker/db/queries/bulk';
import { previousRunTime } from '@worker/db/queries/cron-runs';
import { runOnce } from './ledger';
import { matchDigestLine } from '../lib/notice-text';
import { isLanguage } from '@/shared/locale';
import { appOrigin } from './origin';

export const MATCH_DIGEST_JOB = 'match-digest';
/** The first run looks back one trigger interval; after an outage at most a day. */
const FIRST_WINDOW = 15 * MINUTE;
const MAX_WINDOW = DAY;
/** Claim, previous run, the window's entries. */
export const MATCH_DIGEST_IDLE_COST = 3;
/** With entries: also the emails' statement (one per 200 emails; 1,000 entries make at most 5). */
export const MATCH_DIGEST_MIN_COST = 4;
export const MAX_ENTRIES = 1000;
/** Matches named per email; the rest are behind its link to /matches. */
export const DIGEST_MATCHES = 10;

export interface MatchDigestRun {
  windowStart: string;
  windowEnd: string;
  entries: number;
  emails: number;
}

export async function runMatchDigest(
  env: Env,
  scheduledTime: number,
  budget: Budget = unlimited,
): Promise<MatchDigestRun | null> {
  if (budget.left() < MATCH_DIGEST_MIN_COST) return null;
  return runOnce(env.DB, MATCH_DIGEST_JOB, scheduledTime, async () => {
    const previous = await previousRunTime(env.DB, MATCH_DIGEST_JOB, scheduledTime);
    const start = Math.max(previous ?? scheduledTime - FIRST_WINDOW, scheduledTime - MAX_WINDOW);
    return digestMatches(env, new Date(start).toISOString(), new Date(scheduledTime).toISOString());
  });
}

/** Emails the unread match entries created in (windowStart, windowEnd]. */
export async function digestMatches(env: Env, windowStart: string, windowEnd: string): Promise<MatchDigestRun> {
  const d1 = env.DB;
  const run: MatchDigestRun = { windowStart, windowEnd, entries: 0, emails: 0 };
  const { results } = await matchDigestEntriesStatement(
    d1,
    windowStart,
    windowEnd,
    MAX_ENTRIES,
  ).all<MatchDigestEntry>();
  run.entries = results.length;
  const byMember = new Map<number, { email: string; name: string; language: string; texts: string[] }>();
  for (const row of results) {
    if (!wantsEmail({ emailVerified: row.email_verified === 1, emailNotifications: row.email_notifications === 1 }))
      continue;
    const entry = byMember.get(row.user_id) ?? {
      email: row.email,
      name: row.display_name,
      language: row.language,
      texts: [],
    };
    entry.texts.push(matchDigestLine(row.text, isLanguage(row.language) ? row.language : 'en'));
    byMember.set(row.user_id, entry);
  }
  if (byMember.size === 0) return run;
  const origin = appOrigin(env);
  const emails: Email[] = [...byMember.values()].map((member) =>
    matchDigestEmail(origin, member.email, member.name, member.texts, DIGEST_MATCHES, member.language),
  );
  run.emails = emails.length;
  await d1.batch(queueEmailsStatements(d1, emails) as [D1PreparedStatement, ...D1PreparedStatement[]]);
  return run;
}
