// Rows written by a 15-minute cron run with real work (decision 029, "Cron rows written"): new
// listings that match saved searches (notifications and a digest email), and wants that close a
// trade circle. Each job runs in an invocation of its own, as the dispatcher runs them in
// production (runAlone: the alerts paged), and its rows written are read from D1's own
// meta.rows_written through the metering layer. The results are checked too, so a cut in rows
// cannot hide a lost alert or circle.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { invocation } from '@worker/lib/cron-budget';
import { emptyCounts, meterEnv } from '@worker/lib/meter';
import { FREQUENT_CRON, jobsOf, runScheduled } from '@worker/cron/index';
import type { AlertRun } from '@worker/cron/saved-search-alerts';
import type { PageReport } from '@worker/services/trade-circles/search';
import { createListing, signUp, type Member } from './helpers';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function saveSearch(m: Member, query: string | null, category: string | null, createdAt: number): Promise<void> {
  await env.DB.prepare(
    'INSERT INTO stored_searches (user_id, query, category, notifications_enabled, created_at) VALUES (?, ?, ?, 1, ?)',
  )
    .bind(m.id, query, category, iso(createdAt))
    .run();
}

/** Runs every job of the trigger as the dispatcher does (one invocation each); rows written and statements per job. */
async function runJobs(at: number) {
  const perJob: Record<string, { rowsWritten: number; rowsRead: number; statements: number; result: unknown }> = {};
  for (const job of jobsOf(FREQUENT_CRON)) {
    // The budget counts statements and rows written; rows read are the meter's alone.
    const counts = emptyCounts();
    const run = invocation(meterEnv(env, counts));
    const result = await (job.runAlone ?? job.run)(run.env, at, run.budget(0));
    perJob[job.name] = {
      rowsWritten: run.counts.d1RowsWritten,
      rowsRead: counts.d1RowsRead,
      statements: run.counts.d1Statements,
      result,
    };
  }
  return perJob;
}

describe('rows written by a cron run with work to do', () => {
  it('alerts for six new listings and a circle of three proposed: 2 rows for the matching, 5 per leg', async () => {
    const T = Date.now() + 800 * 24 * 60 * MINUTE;
    await runScheduled(FREQUENT_CRON, T - 15 * MINUTE, env); // whatever else is pending is done here

    // Two searchers (verified, so each gets a digest) and three members whose wants form a ring.
    const [kayaker, lighter, a, b, c] = await Promise.all(Array.from({ length: 5 }, () => signUp()));
    const ring = [a!, b!, c!];
    await env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id IN (?, ?)').bind(kayaker!.id, lighter!.id).run();
    await saveSearch(kayaker!, 'kayak', null, T - 60 * MINUTE);
    await saveSearch(lighter!, 'brass lantern', null, T - 60 * MINUTE);
    await saveSearch(lighter!, null, 'tech', T - 60 * MINUTE);

    // Six new listings in the window: three kayak items (the ring's), two lanterns, one in tech.
    const listings: number[] = [];
    for (const [i, m] of ring.entries()) listings.push((await createListing(m, { title: `Kayak paddle ${i + 1}` })).id);
    listings.push((await createListing(a!, { title: 'Old brass lantern' })).id);
    listings.push((await createListing(b!, { title: 'Lantern of brass, with hook' })).id);
    listings.push((await createListing(c!, { title: 'Desk lamp', categoriesOffered: ['tech'] })).id);
    await env.DB.prepare('UPDATE listings SET created_at = ?1 WHERE id IN (SELECT value FROM json_each(?2))')
      .bind(iso(T - 5 * MINUTE), JSON.stringify(listings))
      .run();
    // Member i+1 wants member i's kayak item (written directly: no incremental search proposes it first).
    for (let i = 0; i < 3; i++)
      await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?, ?)')
        .bind(ring[(i + 1) % 3]!.id, listings[i])
        .run();

    const jobs = await runJobs(T);

    // The results: two notifications and two digests from the alerts, and the circle.
    const alerts = jobs['saved-search-alerts']!.result as AlertRun;
    expect(alerts).toMatchObject({ listings: 6, notifications: 3, emails: 2, more: false });
    const texts = (
      await env.DB.prepare(
        `SELECT text FROM notifications WHERE kind = 'saved_search' AND user_id IN (?, ?) ORDER BY text`,
      )
        .bind(kayaker!.id, lighter!.id)
        .all<{ text: string }>()
    ).results.map((r) => r.text);
    expect(texts).toEqual([
      '1 new listing in Technology',
      '2 new listings match "brass lantern"',
      '3 new listings match "kayak"',
    ]);
    const circles = jobs['trade-circles']!.result as PageReport;
    expect(circles.proposed).toBe(1);
    const legs = await env.DB.prepare(
      'SELECT count(*) AS n FROM trade_circle_legs WHERE listing_id IN (?, ?, ?) AND open = 1',
    )
      .bind(...listings.slice(0, 3))
      .first<{ n: number }>();
    expect(legs!.n).toBe(3);

    // Saved-search alerts: the claim (1), the matched listings' ids and the index rebuilt over them
    // (1 + 1, whatever their number), three notifications (row and three index entries each: 12; their
    // ids under the reserve write no sequence row, decision 032; 13 before) and two digests (row and two index entries each, and the sequence: 7; the
    // outbox's address index went in decision 029's write-paths pass), each digest counted against
    // its recipient's daily cap (one row each: 2, decision 038).
    // Before decision 029's cron pass the listings were copied into a scratch index and deleted
    // again: 2 rows per listing, 34 here.
    // The three searches (daily, a new search's default) are dated as the digests name them: one
    // row each, 3 (decision 063, "Digest frequency"; an immediate search writes none).
    expect(jobs['saved-search-alerts']!.rowsWritten).toBe(1 + 2 + 12 + 7 + 2 + 3);
    // The job stays far inside an invocation's 50 statements and reads little.
    expect(jobs['saved-search-alerts']!.statements).toBeLessThanOrEqual(16);
    expect(jobs['saved-search-alerts']!.rowsRead).toBeLessThan(200);

    // Trade circles: the circle (row, sequence, two index entries: 4), its three legs (row and four
    // index entries each: 15; a rowid table with a composite key wrote 18), three notifications
    // (12) and the two cursors (2: the watermark, and the window, which grows from the first page's
    // one seed, decision 042; with two first seeds it stayed and was not written).
    expect(jobs['trade-circles']!.rowsWritten).toBe(4 + 15 + 12 + 2);
    // The other jobs: the ledger claims of match-digest and message-email-notices.
    expect(jobs['match-digest']!.rowsWritten).toBe(1);
    expect(jobs['message-email-notices']!.rowsWritten).toBe(1);
    const total = Object.values(jobs).reduce((sum, j) => sum + j.rowsWritten, 0);
    expect(total).toBe(27 + 33 + 2);
  });

  it('reads only the batch’s listings when the alerts rebuild their index (a rowid range, no scan)', async () => {
    const plan = await env.DB.prepare(
      'EXPLAIN QUERY PLAN SELECT id, title, description, what_user_wants, what_user_wants_options FROM alert_listings',
    ).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details.some((d) => /^SEARCH l USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/.test(d))).toBe(true);
    expect(details.some((d) => /^SCAN l\b/.test(d))).toBe(false);
  });
});
