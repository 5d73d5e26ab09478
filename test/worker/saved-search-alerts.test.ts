// Saved-search alerts (every-15-minutes trigger): one notification per search and run, one email
// digest per member and run, only for listings new in the run's window; reruns change nothing.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FREQUENT_CRON } from '@worker/cron/index';
import { SAVED_SEARCH_JOB, runSavedSearchAlerts } from '@worker/cron/saved-search-alerts';
import worker from '@worker/index';
import { recording, tableScans } from './job-query-plans';
import { createListing, signUp, unique, type Member } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

// Each test runs at its own scheduled time, days apart and later than the previous test's, so
// the ledger's "previous run" is known: at most a day back (the window's cap).
let clock = Date.now() + 10 * DAY;
const nextTestTime = () => (clock += 10 * DAY);

async function tick(scheduledTime: number) {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ cron: FREQUENT_CRON, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const verify = (m: Member) => env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id = ?').bind(m.id).run();

async function saveSearch(
  m: Member,
  query: string | null,
  category: string | null,
  createdAt: number,
  enabled = true,
  // Every run's digest names the search (the window tests' subject); 'daily' is a new search's default.
  frequency: 'immediate' | 'daily' | 'weekly' = 'immediate',
): Promise<number> {
  const row = await env.DB.prepare(
    'INSERT INTO stored_searches (user_id, query, category, notifications_enabled, created_at, digest_frequency) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(m.id, query, category, enabled ? 1 : 0, iso(createdAt), frequency)
    .first<{ id: number }>();
  return row!.id;
}

/** A listing made through the API (so search indexes it), then dated and given a status. */
async function listing(
  owner: Member,
  title: string,
  categories: string[],
  createdAt: number,
  status = 'active',
): Promise<number> {
  const { id } = await createListing(owner, { title, categoriesOffered: categories });
  await env.DB.prepare('UPDATE listings SET created_at = ?, status = ? WHERE id = ?')
    .bind(iso(createdAt), status, id)
    .run();
  return id;
}

const notificationsOf = async (m: Member) =>
  (
    await env.DB.prepare(
      `SELECT kind, subject_key, text, link, count, read_at FROM notifications WHERE user_id = ? AND kind = 'saved_search' ORDER BY subject_key`,
    )
      .bind(m.id)
      .all<{ kind: string; subject_key: string; text: string; link: string; count: number; read_at: string | null }>()
  ).results;
const digestsTo = async (m: Member) =>
  (
    await env.DB.prepare(
      `SELECT subject, text_body AS text, html_body AS html FROM email_outbox WHERE to_address = ? AND subject NOT LIKE 'Verify your email%' ORDER BY id`,
    )
      .bind(m.email)
      .all<{ subject: string; text: string; html: string }>()
  ).results;

describe('saved-search alerts', () => {
  it('notifies once per search and emails one digest per member for the listings new in the window', async () => {
    const T = nextTestTime();
    // The previous run was three hours before this one.
    await env.DB.prepare('INSERT INTO cron_runs (job, scheduled_at) VALUES (?, ?)')
      .bind(SAVED_SEARCH_JOB, iso(T - 3 * HOUR))
      .run();
    const [searcher, owner] = await Promise.all([signUp(), signUp()]);
    await verify(searcher);
    const word = unique('bike');
    const other = unique('lamp');
    const byText = await saveSearch(searcher, word, null, T - 2 * DAY);
    const byTextInTech = await saveSearch(searcher, `${other}`, 'tech', T - 2 * DAY);
    const disabled = await saveSearch(searcher, word, null, T - 2 * DAY, false);
    const tooLate = await saveSearch(searcher, word, null, T - 4 * MINUTE);

    const first = await listing(owner, `Red ${word} with bell`, ['goods'], T - HOUR);
    const second = await listing(owner, `Blue ${word}`, ['home'], T - 10 * MINUTE);
    const inTech = await listing(owner, `Desk ${other}`, ['tech'], T - 5 * MINUTE);
    await listing(owner, `Desk ${other} for the garden`, ['home'], T - 5 * MINUTE); // wrong category
    await listing(searcher, `My own ${word}`, ['goods'], T - 5 * MINUTE); // the searcher's own
    await listing(owner, `Paused ${word}`, ['goods'], T - 5 * MINUTE, 'paused'); // not active
    await listing(owner, `Old ${word}`, ['goods'], T - 2 * DAY); // before the window
    await listing(owner, `Future ${word}`, ['goods'], T + MINUTE); // after this run's time

    await tick(T);
    expect(await notificationsOf(searcher)).toEqual([
      {
        kind: 'saved_search',
        subject_key: `search:${byText}`,
        text: `2 new listings match "${word}"`,
        link: `/browse?q=${word}`,
        count: 2,
        read_at: null,
      },
      {
        kind: 'saved_search',
        subject_key: `search:${byTextInTech}`,
        text: `1 new listing matches "${other}" in Technology`,
        link: `/browse?q=${other}&category=tech`,
        count: 1,
        read_at: null,
      },
    ]);
    expect((await notificationsOf(searcher)).map((n) => n.subject_key)).not.toContain(`search:${disabled}`);
    expect((await notificationsOf(searcher)).map((n) => n.subject_key)).not.toContain(`search:${tooLate}`);
    const digests = await digestsTo(searcher);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('3 new listings match your saved searches');
    for (const id of [first, second, inTech]) expect(digests[0]!.text).toContain(`/listing/${id}`);
    expect(digests[0]!.text).toContain(`Red ${word} with bell`);
    expect(digests[0]!.text).not.toContain('My own');
    expect(digests[0]!.html).toContain(`<a href="http://localhost:8787/listing/${first}">Red ${word} with bell</a>`);
    expect(await digestsTo(owner)).toEqual([]);

    // A rerun for the same scheduled time changes nothing.
    const snapshot = async () => ({
      notifications: await notificationsOf(searcher),
      digests: await digestsTo(searcher),
    });
    const before = await snapshot();
    await tick(T);
    expect(await runSavedSearchAlerts(env, T)).toBeNull();
    expect(await snapshot()).toEqual(before);

    // The next run announces the listing dated after the first run's time (to the search saved
    // late as well), the unread entries' counts growing; its rerun changes nothing either.
    await tick(T + 15 * MINUTE);
    const next = await snapshot();
    expect(next.notifications.map((n) => [n.subject_key, n.count, n.text])).toEqual([
      [`search:${byText}`, 3, `1 new listing matches "${word}"`],
      [`search:${byTextInTech}`, 1, `1 new listing matches "${other}" in Technology`],
      [`search:${tooLate}`, 1, `1 new listing matches "${word}"`],
    ]);
    expect(next.digests).toHaveLength(2);
    expect(next.digests[1]!.subject).toBe('2 new listings match your saved searches');
    expect(next.digests[1]!.text).toContain(`Future ${word}`);
    await tick(T + 15 * MINUTE);
    expect(await snapshot()).toEqual(next);

    // Read entries start a fresh count.
    await env.DB.prepare(`UPDATE notifications SET read_at = ? WHERE user_id = ?`).bind(iso(T), searcher.id).run();
    const later = await listing(owner, `Green ${word}`, ['goods'], T + 20 * MINUTE);
    await tick(T + 30 * MINUTE);
    const last = await snapshot();
    expect(last.notifications.filter((n) => n.read_at === null).map((n) => [n.subject_key, n.count])).toEqual([
      [`search:${byText}`, 1],
      [`search:${tooLate}`, 1],
    ]);
    expect(last.digests).toHaveLength(3);
    expect(last.digests[2]!.text).toContain(`/listing/${later}`);
  });

  it('emails a daily search at most once a day and a weekly one once a week, an immediate one every run; the bell hears every run', async () => {
    const T = nextTestTime();
    await env.DB.prepare('INSERT INTO cron_runs (job, scheduled_at) VALUES (?, ?)')
      .bind(SAVED_SEARCH_JOB, iso(T - 15 * MINUTE))
      .run();
    const [searcher, unverified, owner] = await Promise.all([signUp(), signUp(), signUp()]);
    await verify(searcher);
    const words = { immediate: unique('oar'), daily: unique('tent'), weekly: unique('sled') };
    const ids = {
      immediate: await saveSearch(searcher, words.immediate, null, T - 2 * DAY, true, 'immediate'),
      daily: await saveSearch(searcher, words.daily, null, T - 2 * DAY, true, 'daily'),
      weekly: await saveSearch(searcher, words.weekly, null, T - 2 * DAY, true, 'weekly'),
    };
    // Never emailed (no verified address): never dated, so due as soon as it can be emailed.
    const notEmailed = await saveSearch(unverified, words.daily, null, T - 2 * DAY, true, 'daily');
    const lastDigestAt = async (id: number) =>
      (await env.DB.prepare('SELECT last_digest_at AS at FROM stored_searches WHERE id = ?')
        .bind(id)
        .first<{ at: string | null }>())!.at;
    /** New listings for all three searches just before `at`, the run at `at`, and which searches its digest named. */
    const runAt = async (at: number) => {
      for (const word of Object.values(words)) await listing(owner, `Used ${word}`, ['goods'], at - 5 * MINUTE);
      const before = (await digestsTo(searcher)).length;
      await tick(at);
      const digests = await digestsTo(searcher);
      if (digests.length === before) return [];
      expect(digests).toHaveLength(before + 1);
      return (Object.keys(words) as (keyof typeof words)[]).filter((k) =>
        digests[before]!.text.includes(`"${words[k]}"`),
      );
    };
    const counts = async () => (await notificationsOf(searcher)).map((n) => n.count);

    expect(await runAt(T)).toEqual(['immediate', 'daily', 'weekly']);
    expect(await lastDigestAt(ids.daily)).toBe(iso(T));
    expect(await lastDigestAt(ids.weekly)).toBe(iso(T));
    expect(await lastDigestAt(ids.immediate)).toBeNull(); // nothing to wait for: not written
    expect(await lastDigestAt(notEmailed)).toBeNull();
    expect(await counts()).toEqual([1, 1, 1]);

    // Fifteen minutes later: only the immediate search is emailed; the bell counts every match.
    expect(await runAt(T + 15 * MINUTE)).toEqual(['immediate']);
    expect(await counts()).toEqual([2, 2, 2]);
    expect(await lastDigestAt(ids.daily)).toBe(iso(T));
    // Just under a day after the last digest: still not due.
    expect(await runAt(T + DAY - 15 * MINUTE)).toEqual(['immediate']);
    // A day after it: the daily search again, the weekly one still waits.
    expect(await runAt(T + DAY)).toEqual(['immediate', 'daily']);
    expect(await lastDigestAt(ids.daily)).toBe(iso(T + DAY));
    expect(await lastDigestAt(ids.weekly)).toBe(iso(T));
    // A week after the first: all three.
    expect(await runAt(T + 7 * DAY)).toEqual(['immediate', 'daily', 'weekly']);
    expect(await lastDigestAt(ids.weekly)).toBe(iso(T + 7 * DAY));
    expect(await counts()).toEqual([5, 5, 5]);
    expect(await digestsTo(unverified)).toEqual([]);
    expect(await lastDigestAt(notEmailed)).toBeNull();
  });

  it('a run called unpaged (searches read by id) keeps to the frequency too, with the run time as the clock', async () => {
    const T = nextTestTime();
    await env.DB.prepare('INSERT INTO cron_runs (job, scheduled_at) VALUES (?, ?)')
      .bind(SAVED_SEARCH_JOB, iso(T - 15 * MINUTE))
      .run();
    const [searcher, owner] = await Promise.all([signUp(), signUp()]);
    await verify(searcher);
    const word = unique('kite');
    const id = await saveSearch(searcher, word, null, T - 2 * DAY, true, 'daily');
    // Emailed by a run 23 hours before: not due yet.
    await env.DB.prepare('UPDATE stored_searches SET last_digest_at = ? WHERE id = ?')
      .bind(iso(T - 23 * HOUR), id)
      .run();
    await listing(owner, `Red ${word}`, ['goods'], T - 5 * MINUTE);
    expect(await runSavedSearchAlerts(env, T)).toMatchObject({ listings: 1, notifications: 1, emails: 0 });
    expect(await digestsTo(searcher)).toEqual([]);
    // An hour later it is a day since: the digest names it, and the search is dated with that run.
    await listing(owner, `Blue ${word}`, ['goods'], T + 55 * MINUTE);
    await env.DB.prepare('INSERT INTO cron_runs (job, scheduled_at) VALUES (?, ?)')
      .bind(SAVED_SEARCH_JOB, iso(T + 45 * MINUTE))
      .run();
    expect(await runSavedSearchAlerts(env, T + HOUR)).toMatchObject({ notifications: 1, emails: 1 });
    expect((await digestsTo(searcher))[0]!.text).toContain(`Blue ${word}`);
    const row = await env.DB.prepare('SELECT last_digest_at AS at FROM stored_searches WHERE id = ?')
      .bind(id)
      .first<{ at: string }>();
    expect(row!.at).toBe(iso(T + HOUR));
    expect((await notificationsOf(searcher)).map((n) => n.count)).toEqual([2]);
  });

  it('two runs in a row at "now" (as the local test-scheduled endpoint does) never announce a listing twice', async () => {
    const T = nextTestTime();
    const [searcher, owner] = await Promise.all([signUp(), signUp()]);
    await verify(searcher);
    const word = unique('kayak');
    const search = await saveSearch(searcher, word, null, T - DAY);
    await listing(owner, `Kayak ${word}`, ['goods'], T - MINUTE);
    await tick(T);
    await tick(T + 1);
    await tick(T + 2);
    expect((await notificationsOf(searcher)).map((n) => [n.subject_key, n.count])).toEqual([[`search:${search}`, 1]]);
    expect(await digestsTo(searcher)).toHaveLength(1);
  });

  it('notifies members without a verified address or with email off, but emails neither; category-only searches too', async () => {
    const T = nextTestTime();
    const [unverified, optedOut, owner] = await Promise.all([signUp(), signUp(), signUp()]);
    await verify(optedOut);
    await env.DB.prepare('UPDATE users SET email_notifications = 0 WHERE id = ?').bind(optedOut.id).run();
    const a = await saveSearch(unverified, null, 'food', T - DAY);
    const b = await saveSearch(optedOut, null, 'food', T - DAY);
    await listing(owner, `Jar of honey ${unique('h')}`, ['food'], T - 2 * MINUTE);
    await tick(T);
    for (const [m, id] of [
      [unverified, a],
      [optedOut, b],
    ] as const) {
      const [entry] = await notificationsOf(m);
      expect(entry).toMatchObject({
        subject_key: `search:${id}`,
        link: '/browse?category=food',
        count: expect.any(Number),
      });
      expect(entry!.text).toMatch(/^\d+ new listings? in Food$/);
      expect(await digestsTo(m)).toEqual([]);
    }
  });

  it('the first run ever looks back one interval', async () => {
    const T = nextTestTime();
    await env.DB.prepare('DELETE FROM cron_runs WHERE job = ?').bind(SAVED_SEARCH_JOB).run();
    const [searcher, owner] = await Promise.all([signUp(), signUp()]);
    const word = unique('tent');
    await saveSearch(searcher, word, null, T - DAY);
    await listing(owner, `Tent ${word}`, ['goods'], T - 14 * MINUTE);
    await listing(owner, `Tent ${word} for two`, ['goods'], T - 16 * MINUTE);
    const run = await runSavedSearchAlerts(env, T);
    expect(run).toMatchObject({
      windowStart: iso(T - 15 * MINUTE),
      windowEnd: iso(T),
      notifications: expect.any(Number),
    });
    expect((await notificationsOf(searcher)).map((n) => n.count)).toEqual([1]);
  });

  it('reads through indexes only', async () => {
    const T = nextTestTime();
    const [searcher, owner] = await Promise.all([signUp(), signUp()]);
    await verify(searcher);
    const word = unique('drill');
    await saveSearch(searcher, word, 'tech', T - DAY);
    await listing(owner, `Drill ${word}`, ['tech'], T - MINUTE);
    const statements = new Set<string>();
    await runSavedSearchAlerts(recording(statements), T);
    expect((await notificationsOf(searcher)).length).toBe(1);
    expect(statements.size).toBeGreaterThan(4);
    expect(await tableScans(statements)).toEqual([]);
    // The check itself finds a scan when there is one.
    expect(await tableScans(new Set(['SELECT id FROM users WHERE bio = ?1']))).toHaveLength(1);
  });
});
