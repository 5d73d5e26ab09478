// Deleting a listing with 1,000 conversations (issue 22, decision 042 "Listing deletion"): the
// request writes a bounded number of rows and the listing is gone at once from every read path;
// its conversations, messages and other dependants go by the cron in bounded steps, and the end
// state is the one the single cascading delete left (no orphans, bell entries folded).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FREQUENT_CRON, runCronJob } from '@worker/cron/index';
import { runListingDeletions } from '@worker/cron/listing-deletions';
import { runMessageEmailNotices } from '@worker/cron/message-email-notices';
import { cleanupBarters } from '@worker/cron/barter-cleanup';
import {
  DELETION_ROWS_PER_STEP,
  DELETION_STEPS_PER_CALL,
  LISTING_DEPENDANTS,
} from '@worker/db/queries/listing-deletion';
import { metered } from './blocks-helpers';
import { crowdedListing } from './crowded-listing';
import { recording, tableScans } from './job-query-plans';
import { call, insertListing, json, signUp, signUpAdmin } from './helpers';

const CONVERSATIONS = 1_000;

/** Rows of every table that refers to a listing, for that listing. */
async function dependants(listingId: number) {
  const { results } = await env.DB.prepare(
    `SELECT m.name AS t FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table' AND f."table" = 'listings' AND substr(m.name, 1, 4) <> '_cf_'`,
  ).all<{ t: string }>();
  const counts: Record<string, number> = {};
  for (const { t } of results) {
    counts[t] = (await env.DB.prepare(`SELECT count(*) AS n FROM "${t}" WHERE listing_id = ?1`)
      .bind(listingId)
      .first<{ n: number }>())!.n;
  }
  return counts;
}

describe('deleting a listing with 1,000 conversations', () => {
  it('is bounded in the request, gone at once from read paths, and drained by the cron in bounded steps', async () => {
    const owner = await signUp();
    const other = await signUp();
    const listingId = await insertListing(owner);
    const enquirers = await crowdedListing(owner, listingId, CONVERSATIONS);
    const count = async () =>
      (await env.DB.prepare(`SELECT n FROM listing_counts WHERE key = '*'`).first<{ n: number }>())!.n;
    const before = await count();

    const { response, counts } = await metered('DELETE', `/api/listings/${listingId}`, owner);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Listing deleted' });
    // The one-shot delete read 23,189 rows and wrote 5,028 on the bench.
    expect(counts.d1RowsWritten).toBeLessThanOrEqual(400);
    expect(counts.d1RowsRead).toBeLessThanOrEqual(3_000);
    expect(counts.d1Queries).toBeLessThanOrEqual(20);

    // Gone at once: the page, the owner's and others' lists, both sides' conversations, the counters.
    expect((await call(`/api/listings/${listingId}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await call(`/api/listings/${listingId}`, { cookie: other.cookie })).status).toBe(404);
    const own = await json(await call(`/api/users/${owner.id}/listings`, { cookie: owner.cookie }));
    expect(own.map((l: { id: number }) => l.id)).not.toContain(listingId);
    const ownerConversations = await json(await call('/api/conversations', { cookie: owner.cookie }));
    expect(ownerConversations).toEqual([]);
    expect(await count()).toBe(before - 1);
    expect(
      (await call(`/api/listings/${listingId}`, { method: 'PUT', cookie: owner.cookie, body: { title: 'Back again' } }))
        .status,
    ).toBe(404);
    expect((await call(`/api/listings/${listingId}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    // The thread answers 404 from either side, as for a listing that is gone.
    expect(
      (await call(`/api/conversations/${owner.id}/${enquirers[0]}/${listingId}`, { cookie: owner.cookie })).status,
    ).toBe(404);
    expect((await dependants(listingId)).messages).toBeGreaterThan(0);

    // The cron drains it over several runs, each within its bound.
    const at = Date.now();
    let runs = 0;
    while (await env.DB.prepare('SELECT 1 FROM listings WHERE id = ?1').bind(listingId).first()) {
      const outcome = await runCronJob(FREQUENT_CRON, 'listing-deletions', at, env);
      expect(outcome.ok).toBe(true);
      // About four rows written a row deleted (its indexes, a bell entry folded).
      expect(outcome.written).toBeLessThanOrEqual(4 * DELETION_STEPS_PER_CALL * DELETION_ROWS_PER_STEP);
      expect(outcome.used).toBeLessThanOrEqual(40);
      runs += 1;
      expect(runs).toBeLessThan(40);
    }
    expect(runs).toBeGreaterThan(1);
    // Nothing left: no row refers to the listing, no foreign key is broken, the bell entries are folded as the cascade left them.
    const left = await dependants(listingId);
    expect(Object.keys(left).sort()).toEqual([...LISTING_DEPENDANTS].sort());
    expect(Object.values(left).every((n) => n === 0)).toBe(true);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM pragma_foreign_key_check').first<{ n: number }>())!.n).toBe(
      0,
    );
    const entries = await env.DB.prepare(
      `SELECT count(*) AS n, sum(count) AS texts, sum(base IS NOT NULL) AS based FROM notifications WHERE user_id = ?1 AND subject_key LIKE ?2`,
    )
      .bind(owner.id, `message:${listingId}:%`)
      .first<{ n: number; texts: number; based: number }>();
    expect(entries).toEqual({ n: CONVERSATIONS, texts: 2 * CONVERSATIONS, based: 0 });
    expect(await count()).toBe(before - 1);
    // Every statement of the steps reads through an index (the listing's rows of each table, the marked listings).
    const statements = new Set<string>();
    // 60 conversations and 120 messages: more than the request's step, so the cron has steps to run.
    const second = await insertListing(owner, 'Spare bicycle wheel');
    await crowdedListing(owner, second, 60);
    expect((await call(`/api/listings/${second}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    await runListingDeletions(recording(statements));
    expect(statements.size).toBeGreaterThan(3);
    expect(await tableScans(statements, /^(?!CONSTANT$)\w+$/)).toEqual([]);
    // A further run finds nothing.
    expect((await runCronJob(FREQUENT_CRON, 'listing-deletions', at, env)).written ?? 0).toBe(0);
  }, 120_000);

  it('keeps moderation, account deletion and the admin counts right while a listing is being deleted', async () => {
    const [owner, reporter, other, admin] = await Promise.all([signUp(), signUp(), signUp(), signUpAdmin()]);
    const listingId = await insertListing(owner, 'Vintage typewriter');
    const kept = await insertListing(owner, 'Kept garden bench');
    await crowdedListing(owner, listingId, 150);
    // The reporter wants it and reviewed a completed barter about it.
    await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?1, ?2)').bind(reporter.id, listingId).run();
    const barter = (await env.DB.prepare(
      "INSERT INTO barters (listing_id, initiator_id, recipient_id, status) VALUES (?1, ?2, ?3, 'completed') RETURNING id",
    )
      .bind(listingId, reporter.id, owner.id)
      .first<{ id: number }>())!.id;
    await env.DB.prepare(
      'INSERT INTO reviews (reviewer_id, user_id, listing_id, barter_id, rating, comment) VALUES (?1, ?2, ?3, ?4, 5, ?5)',
    )
      .bind(reporter.id, owner.id, listingId, barter, 'Lovely typewriter, thank you')
      .run();
    // And a pending barter 20 days old, due for its "did it happen?" prompt (14 days), not yet cancelled (30).
    const pending = (await env.DB.prepare(
      "INSERT INTO barters (listing_id, initiator_id, recipient_id, status, created_at) VALUES (?1, ?2, ?3, 'pending', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-20 days')) RETURNING id",
    )
      .bind(listingId, other.id, owner.id)
      .first<{ id: number }>())!.id;
    const wanted = async () =>
      (await json(await call('/api/wants', { cookie: reporter.cookie }))).map(
        (w: { listing?: { id: number }; id?: number }) => w.listing?.id ?? w.id,
      );
    const reviewed = async () => JSON.stringify(await json(await call(`/api/users/${owner.id}/reviews`)));
    expect(await wanted()).toContain(listingId);
    expect(await reviewed()).toContain('Lovely typewriter');
    const filed = await json(
      await call('/api/reports', {
        cookie: reporter.cookie,
        body: { reason: 'spam', targetType: 'listing', targetId: listingId },
      }),
    );
    const adminCount = async () =>
      (await env.DB.prepare(`SELECT value FROM admin_counters WHERE name = 'listings'`).first<{ value: number }>())!
        .value;
    const rows = async () =>
      (await env.DB.prepare(`SELECT count(*) AS n FROM listings WHERE status <> 'deleted'`).first<{ n: number }>())!.n;
    expect(await adminCount()).toBe(await rows());

    expect((await call(`/api/listings/${listingId}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect(await env.DB.prepare('SELECT status FROM listings WHERE id = ?1').bind(listingId).first()).toEqual({
      status: 'deleted',
    });
    expect(await adminCount()).toBe(await rows());
    // Its want, review and barter are gone for members at once (their rows go with the cron).
    expect(await wanted()).not.toContain(listingId);
    expect(await reviewed()).not.toContain('Lovely typewriter');
    expect((await call(`/api/barters/${barter}`, { cookie: reporter.cookie })).status).toBe(404);
    // It can no longer be reported, and its unread messages send no email notice.
    const again = await call('/api/reports', {
      cookie: other.cookie,
      body: { reason: 'spam', targetType: 'listing', targetId: listingId },
    });
    expect(again.status).toBe(404);
    await env.DB.prepare('UPDATE users SET email_verified = 1, email_notifications = 1 WHERE id = ?1')
      .bind(owner.id)
      .run();
    await env.DB.prepare(
      `UPDATE messages SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-20 minutes') WHERE listing_id = ?1`,
    )
      .bind(listingId)
      .run();
    await runMessageEmailNotices(env, Date.now() + 11 * 60_000);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ?1 AND kind = 'notice'")
        .bind(owner.email)
        .first(),
    ).toEqual({ n: 0 });
    // The pending barter gets no prompt.
    await cleanupBarters(env, Date.now());
    expect(await env.DB.prepare('SELECT last_prompted_at FROM barters WHERE id = ?1').bind(pending).first()).toEqual({
      last_prompted_at: null,
    });
    // Hiding it now finds no listing (it no longer exists for members or admins), and leaves it marked.
    expect(
      (
        await call(`/api/admin/reports/${filed.id}/resolve`, {
          cookie: admin.cookie,
          body: { action: 'hide', note: 'Not allowed here' },
        })
      ).status,
    ).toBe(404);
    expect(await env.DB.prepare('SELECT status FROM listings WHERE id = ?1').bind(listingId).first()).toEqual({
      status: 'deleted',
    });
    const adminList = await json(await call('/api/admin/listings', { cookie: admin.cookie }));
    expect(adminList.map((l: { id: number }) => l.id)).not.toContain(listingId);

    // The owner's account goes meanwhile: everything with it, the counts still right.
    expect((await call(`/api/users/${owner.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM listings WHERE id IN (?1, ?2)').bind(listingId, kept).first(),
    ).toEqual({ n: 0 });
    expect(await adminCount()).toBe(await rows());
    expect(Object.values(await dependants(listingId)).every((n) => n === 0)).toBe(true);
    expect((await runListingDeletions(env))?.steps ?? 0).toBe(0);
  });
});
