// Unread-message emails (every 15 minutes). A member gets one email for a conversation (listing,
// partner) when its newest unread message is over 10 minutes old (they have not opened the
// conversation since), their address is verified and email notifications are on, and they were
// not emailed about it in the last hour nor about that same last message already. Each email is
// recorded in message_email_notices in the same batch as its outbox row.
//
// Only recent messages are read: the first message id of the lookback window is found by a
// binary search on the primary key, done by one recursive statement (about 40 one-row reads)
// that starts from the job's watermark (cron_state: the first id of the previous window, which
// the new window never starts before); then unread messages from that id on are grouped per
// conversation through a range scan of the primary key. A conversation stays in the window for
// hours after its last message, longer than the one-hour pause, so none is missed between runs.
// The writes are set-based: one statement records the notices and one queues the emails (per
// chunk), so a run costs a handful of statements whatever it sends.
import { conversationLink } from '../db/queries/messages';
import { excerpt, messageNoticeEmail, type Email } from '../lib/email';
import { DAY, HOUR, MINUTE } from '../lib/time';
import { unlimited, type Budget } from '@worker/lib/cron-budget';
import { queueEmailsStatements } from '@worker/db/queries/bulk';
import {
  cronStateStatement,
  previousRunTime,
  writeCronStateStatement,
  type CronState,
} from '@worker/db/queries/cron-runs';
import {
  dueNoticesStatement,
  firstMessageIdSince,
  noticeRowsStatements,
  type DueRow,
} from '@worker/db/queries/message-notices';
import { runOnce } from './ledger';
import { appOrigin } from './origin';

export const MESSAGE_NOTICE_JOB = 'message-email-notices';
/** A conversation is "unseen" once its newest unread message is this old. */
export const UNSEEN_AFTER = 10 * MINUTE;
/** At most one email per conversation this often. */
export const NOTICE_PAUSE = HOUR;
/** Messages older than this (before the previous run) are not looked at. */
export const LOOKBACK = 3 * HOUR;
const MAX_LOOKBACK = DAY;
/**
 * Emails per run; the rest go on the next run (oldest last message first). 200 built and wrote
 * about 850 rows in one invocation, 7.9 ms of Worker CPU on a loaded machine against the 8 ms per
 * call (decision 049); 50 a run is 200 an hour, twice the provider's 100 mails a day, and a due
 * conversation stays in the window for the three hours of LOOKBACK.
 */
export const MAX_NOTICES = 50;
/** Statements of a run with nothing to send: claim, previous run, watermark read and write, search, due list. */
export const NOTICE_IDLE_COST = 6;

const iso = (ms: number) => new Date(ms).toISOString();

export interface NoticeRun {
  conversations: number;
  emails: number;
}

export function runMessageEmailNotices(
  env: Env,
  scheduledTime: number,
  budget: Budget = unlimited,
): Promise<NoticeRun | null> {
  return runOnce(env.DB, MESSAGE_NOTICE_JOB, scheduledTime, async () => {
    const previous = (await previousRunTime(env.DB, MESSAGE_NOTICE_JOB, scheduledTime)) ?? scheduledTime;
    const since = Math.max(previous - LOOKBACK, scheduledTime - MAX_LOOKBACK);
    return sendMessageNotices(env, scheduledTime, since, budget);
  });
}

export async function sendMessageNotices(
  env: Env,
  now: number,
  since: number,
  budget: Budget = unlimited,
): Promise<NoticeRun> {
  const d1 = env.DB;
  const run: NoticeRun = { conversations: 0, emails: 0 };
  // The previous window started at or before this one: its first id is a lower bound for the search.
  const mark = await cronStateStatement(d1, MESSAGE_NOTICE_JOB).first<CronState>();
  const sinceIso = iso(since);
  const fromId = await firstMessageIdSince(d1, sinceIso, mark && mark.at <= sinceIso ? mark.cursor : undefined);
  if (fromId === null) return run;
  if (!mark || mark.at < sinceIso) {
    await writeCronStateStatement(d1, MESSAGE_NOTICE_JOB, fromId, sinceIso, iso(now)).run();
  }
  // The rest costs three statements whatever it sends (MAX_NOTICES fits one chunk of each write):
  // the due list, the notice rows and the emails. Without them, the next run sends these.
  if (budget.left() < 3) return run;
  const limit = MAX_NOTICES;

  const { results: due } = await dueNoticesStatement(d1, {
    fromId,
    seenBefore: iso(now - UNSEEN_AFTER),
    pausedBefore: iso(now - NOTICE_PAUSE),
    limit,
  }).all<DueRow>();
  run.conversations = due.length;
  if (due.length === 0) return run;

  const origin = appOrigin(env);
  const sentAt = iso(now);
  const emails: Email[] = due.map((row) =>
    messageNoticeEmail(
      origin,
      row.email,
      row.receiver_name,
      {
        senderName: row.sender_name,
        listingTitle: row.listing_title,
        excerpt: excerpt(row.content),
        unread: row.unread,
        link: conversationLink(row.listing_id, row.sender_id, row.receiver_id),
      },
      row.language,
    ),
  );
  // One batch (one transaction): every notice row with its email.
  const notices = noticeRowsStatements(d1, due, sentAt);
  await d1.batch([...notices, ...queueEmailsStatements(d1, emails)]);
  run.emails = emails.length;
  return run;
}
