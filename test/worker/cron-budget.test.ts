// Each cron trigger stays inside one invocation's budget (docs/api/background-jobs.md "Budget per
// run"): at most 50 D1 statements (a batch counts each of its statements) and 50 subrequests
// (statements, R2 calls and emails sent), with a backlog of every job's work; the backlog is paged
// across runs; a run with nothing new reads little, and no statement of any job scans a table.
// The data has the bench's shape (scripts/bench/scale-data.mjs), scaled down.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAILY_CRON, FREQUENT_CRON, runScheduled } from '@worker/cron/index';
import { emptyCounts, meterEnv, type MeterCounts } from '@worker/lib/meter';
import { tableScans } from './job-query-plans';
import { MAX_NOTICES } from '@worker/cron/message-email-notices';
import { signUp, type Member } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
/** Scheduled times far from every other test's, in the future of every row the test writes. */
const T = Date.now() + 400 * DAY;

const WORDS = ['bike', 'lamp', 'guitar', 'sofa', 'drill', 'books', 'tent', 'kettle'];

/** Inserts rows given as JSON arrays in one statement. */
const bulk = (sql: string, rows: unknown[][]) => env.DB.prepare(sql).bind(JSON.stringify(rows)).run();
const col = (i: number) => `json_extract(value, '$[${i}]')`;

interface Seeded {
  members: Member[];
  conversations: number;
}

async function seed(): Promise<Seeded> {
  const members: Member[] = [];
  for (let i = 0; i < 12; i++) members.push(await signUp());
  const ids = members.map((m) => m.id);
  await env.DB.prepare(
    `UPDATE users SET email_verified = 1, email_notifications = 1 WHERE id IN (SELECT value FROM json_each(?1))`,
  )
    .bind(JSON.stringify(ids))
    .run();
  const slugs = (await env.DB.prepare('SELECT slug FROM categories ORDER BY slug').all<{ slug: string }>()).results.map(
    (r) => r.slug,
  );
  const member = (i: number) => ids[i % ids.length]!;

  // Listings: 400 old ones and 120 new in the 15 minutes before T (the alerts' window).
  const listingRows = Array.from({ length: 520 }, (_, i) => {
    const fresh = i >= 400;
    const created = fresh ? T - 14 * MINUTE + i * 1000 : T - 30 * DAY + i * MINUTE;
    return [
      member(i),
      `${WORDS[i % WORDS.length]} number ${i}`,
      `A fine ${WORDS[(i * 3) % WORDS.length]} to swap`,
      iso(created),
    ];
  });
  const firstListing = (await env.DB.prepare('SELECT coalesce(max(id), 0) + 1 AS id FROM listings').first<{
    id: number;
  }>())!.id;
  await bulk(
    `INSERT INTO listings (user_id, title, description, what_user_wants, location, distance, created_at)
     SELECT ${col(0)}, ${col(1)}, ${col(2)}, 'Anything useful', 'Springfield', 10, ${col(3)} FROM json_each(?1)`,
    listingRows,
  );
  const listingIds = listingRows.map((_, i) => firstListing + i);
  await bulk(
    `INSERT INTO listing_categories (listing_id, slug) SELECT ${col(0)}, ${col(1)} FROM json_each(?1)`,
    listingIds.map((id, i) => [id, slugs[i % slugs.length]]),
  );

  // Saved searches (notifications on): text, text and category, category only.
  await bulk(
    `INSERT INTO stored_searches (user_id, query, category, notifications_enabled, created_at) SELECT ${col(0)}, ${col(1)}, ${col(2)}, ${col(3)}, ${col(4)} FROM json_each(?1)`,
    Array.from({ length: 600 }, (_, i) => [
      member(i + 1),
      i % 5 === 4 ? null : WORDS[i % WORDS.length],
      i % 3 === 0 ? slugs[i % slugs.length] : null,
      i % 10 === 9 ? 0 : 1,
      iso(T - 60 * DAY),
    ]),
  );

  // Messages: 300 conversations with unread messages in the last hours (old read history first).
  const messages: unknown[][] = [];
  for (let i = 0; i < 2000; i++)
    messages.push([
      member(i + 1),
      member(i),
      listingIds[i % 400],
      'Old read message',
      1,
      iso(T - 20 * DAY + i * MINUTE),
    ]);
  const conversations = 300;
  for (let c = 0; c < conversations; c++) {
    const owner = member(c);
    const enquirer = member(c + 1 + (c % 5));
    for (let k = 0; k < 4; k++)
      messages.push([
        enquirer,
        owner,
        listingIds[c]!,
        `Is it still available? (${k})`,
        0,
        iso(T - 3 * HOUR + c * 20_000 + k * MINUTE),
      ]);
  }
  await bulk(
    `INSERT INTO messages (sender_id, receiver_id, listing_id, content, read, created_at) SELECT ${col(0)}, ${col(1)}, ${col(2)}, ${col(3)}, ${col(4)}, ${col(5)} FROM json_each(?1)`,
    messages,
  );

  // Outbox backlog, abandoned uploads (over one page), and barters of every daily step.
  await bulk(
    `INSERT INTO email_outbox (to_address, subject, text_body, html_body, priority, created_at) SELECT ${col(0)}, 'Queued', 'Body', '<p>Body</p>', ${col(1)}, ${col(2)} FROM json_each(?1)`,
    Array.from({ length: 150 }, (_, i) => [`queued${i}@example.net`, i % 10 === 0 ? 0 : 1, iso(T - 2 * HOUR)]),
  );
  const abandoned = Array.from({ length: 1100 }, (_, i) => [
    `uploads/budget-${T}-${i}`,
    member(i),
    iso(T - 3 * DAY + i),
  ]);
  await bulk(
    `INSERT INTO uploads (key, user_id, stored_at, attached_at, created_at) SELECT ${col(0)}, ${col(1)}, ${col(2)}, NULL, ${col(2)} FROM json_each(?1)`,
    abandoned,
  );
  const barters: unknown[][] = [];
  const originals: unknown[][] = [];
  const plan: [string, number, number][] = [
    ['prompt', 130, 15 * DAY],
    ['cancel', 40, 31 * DAY],
    ['delete', 30, 62 * DAY],
    ['images', 120, 100 * DAY],
  ];
  let n = 0;
  for (const [kind, count, age] of plan) {
    for (let i = 0; i < count; i++, n++) {
      const listing = listingIds[n % 400]!;
      const key = `uploads/barter-${T}-${n}`;
      const images = kind === 'images' ? JSON.stringify([`/objects/${key}`]) : '[]';
      if (kind === 'images') originals.push([key, member(n)]);
      barters.push([
        listing,
        member(n + 1),
        member(n),
        kind === 'delete' ? 'cancelled' : kind === 'images' ? 'completed' : 'pending',
        kind === 'images' ? iso(T - age + DAY) : null,
        kind === 'cancel' ? iso(T - age + 14 * DAY) : null,
        images,
        images,
        kind === 'images' ? iso(T - HOUR) : null,
        kind === 'delete' ? iso(T - HOUR) : null,
        iso(T - age),
      ]);
    }
  }
  await bulk(
    `INSERT INTO barters (listing_id, initiator_id, recipient_id, status, completed_at, last_prompted_at, thumbnail_urls, original_image_urls, image_cleanup_scheduled_at, barter_deletion_scheduled_at, created_at)
     SELECT ${col(0)}, ${col(1)}, ${col(2)}, ${col(3)}, ${col(4)}, ${col(5)}, ${col(6)}, ${col(7)}, ${col(8)}, ${col(9)}, ${col(10)} FROM json_each(?1)`,
    barters,
  );
  await bulk(
    `INSERT INTO uploads (key, user_id, stored_at, attached_at, created_at) SELECT ${col(0)}, ${col(1)}, '${iso(T - 200 * DAY)}', NULL, '${iso(T - 200 * DAY)}' FROM json_each(?1)`,
    originals,
  );
  return { members, conversations };
}

/** A `send_email` binding that accepts every message, counting them. */
function mailer() {
  const sent = { count: 0 };
  const binding = { send: async () => (sent.count++, { messageId: crypto.randomUUID() }) } as unknown as SendEmail;
  return {
    settings: {
      EMAIL_PROVIDER: 'cloudflare',
      EMAIL: binding,
      MAIL_FROM: 'noreply@example.com',
      EMAIL_DAILY_LIMIT: '100000',
    },
    sent,
  };
}

interface Run {
  counts: MeterCounts;
  sent: number;
}

/** One trigger run through runScheduled with metered bindings; its statements are recorded. */
async function trigger(cron: string, at: number, statements: Set<string>): Promise<Run> {
  const counts = emptyCounts();
  const mail = mailer();
  const metered = meterEnv({ ...env, ...mail.settings } as Env, counts);
  const db = metered.DB;
  const recordingDb = Object.create(db) as D1Database;
  // Called on the binding runScheduled's budget wraps in turn (`this`), so its per-job budgets
  // see every statement as production's do, and this run's meter counts them too.
  recordingDb.prepare = function (this: D1Database, sql: string) {
    statements.add(sql);
    return db.prepare.call(this, sql);
  };
  await runScheduled(cron, at, { ...metered, DB: recordingDb });
  return { counts, sent: mail.sent.count };
}

const within = (run: Run) => {
  expect(run.counts.d1Statements).toBeLessThanOrEqual(50);
  // Subrequests: D1 statements (at least its queries), R2 calls and emails sent.
  expect(
    run.counts.d1Statements + run.counts.r2ClassA + run.counts.r2ClassB + run.counts.r2Deletes + run.sent,
  ).toBeLessThanOrEqual(50);
};

const scalar = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

describe('cron budget per invocation', () => {
  it('each trigger stays within 50 statements and subrequests with a backlog, pages the rest, and reads little once idle', async () => {
    const { members, conversations } = await seed();
    const statements = new Set<string>();
    const pendingOutbox = () => scalar(`SELECT count(*) AS n FROM email_outbox WHERE status = 'pending'`);
    const notices = () =>
      scalar(
        `SELECT count(*) AS n FROM message_email_notices WHERE user_id IN (SELECT value FROM json_each(?1))`,
        JSON.stringify(members.map((m) => m.id)),
      );

    // The 15-minute trigger with its backlog, then every 15 minutes while the backlog lasts.
    const first = await trigger(FREQUENT_CRON, T, statements);
    within(first);
    expect(first.sent).toBeGreaterThan(0);
    expect(
      await scalar(
        `SELECT count(*) AS n FROM notifications WHERE kind = 'saved_search' AND updated_at >= ?1`,
        iso(Date.now() - HOUR),
      ),
    ).toBeGreaterThan(0);
    const firstNotices = await notices();
    expect(firstNotices).toBeGreaterThan(0);
    // One page of abandoned uploads (1,000, oldest first) a run: 1,100 + 120 barter originals seeded.
    expect(
      await scalar(
        `SELECT count(*) AS n FROM uploads WHERE attached_at IS NULL AND (key LIKE ?1 OR key LIKE ?2)`,
        `uploads/budget-${T}-%`,
        `uploads/barter-${T}-%`,
      ),
    ).toBe(220);

    let at = T;
    let sent = first.sent;
    // Unread-message emails go MAX_NOTICES a run (decision 049): enough runs for every conversation.
    const runs = Math.max(3, Math.ceil(conversations / MAX_NOTICES) - 1);
    for (let i = 0; i < runs; i++) {
      at += 15 * MINUTE;
      const run = await trigger(FREQUENT_CRON, at, statements);
      within(run);
      // The outbox backlog is delivered a share per run, within the run's budget.
      expect(run.sent).toBeGreaterThan(0);
      sent += run.sent;
    }
    expect(await pendingOutbox()).toBeGreaterThan(0);
    expect(sent).toBeGreaterThanOrEqual(40);
    // Every conversation got its email over the runs, once.
    expect(await notices()).toBe(conversations);

    // Nothing new: no new listing or message; the outbox is empty of due rows once delivered.
    const idle = await trigger(FREQUENT_CRON, at + 15 * MINUTE, statements);
    within(idle);
    expect(idle.counts.d1RowsRead).toBeLessThanOrEqual(10_000);

    // The daily trigger with its backlog, then a day later: the prompts are paged (100 a run).
    const daily = await trigger(DAILY_CRON, T, statements);
    within(daily);
    const unprompted = () =>
      scalar(
        `SELECT count(*) AS n FROM barters WHERE status = 'pending' AND last_prompted_at IS NULL AND created_at <= ?1`,
        iso(T - 14 * DAY),
      );
    expect(await unprompted()).toBe(30);
    expect(
      await scalar(
        `SELECT count(*) AS n FROM barters WHERE status = 'completed' AND image_cleanup_scheduled_at <= ?1`,
        iso(T),
      ),
    ).toBe(20);
    const next = await trigger(DAILY_CRON, T + DAY, statements);
    within(next);
    expect(await unprompted()).toBe(0);
    expect(
      await scalar(
        `SELECT count(*) AS n FROM barters WHERE status = 'completed' AND image_cleanup_scheduled_at <= ?1`,
        iso(T + DAY),
      ),
    ).toBe(0);
    const quiet = await trigger(DAILY_CRON, T + 2 * DAY, statements);
    within(quiet);
    expect(quiet.counts.d1RowsRead).toBeLessThanOrEqual(10_000);

    // No statement any job ran scans a whole table.
    expect(statements.size).toBeGreaterThan(20);
    expect(await tableScans(statements)).toEqual([]);
  });
});
