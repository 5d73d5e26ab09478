// Daily barter upkeep: prompts after 14 days, cancellation after 30, deletion 30 days after a
// cancel, and the image cleanup 90 days after completion; every rerun changes nothing.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BARTER_CLEANUP_JOB, runBarterCleanup } from '@worker/cron/barter-cleanup';
import { DAILY_CRON } from '@worker/cron/index';
import worker from '@worker/index';
import { recording, tableScans } from './job-query-plans';
import { call, insertListing, json, signUp, type Member } from './helpers';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

// Scheduled times are unique across the file (the ledger skips a second run for the same time).
let tickCount = 0;
const at = (ms: number) => ms + ++tickCount;

async function daily(scheduledTime: number) {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const verify = (m: Member) => env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id = ?').bind(m.id).run();

/** A verified owner and member who talked about the owner's listing; the member records a barter. */
async function pendingBarter(title = 'Canoe with paddles') {
  const [owner, member] = await Promise.all([signUp(), signUp()]);
  await Promise.all([verify(owner), verify(member)]);
  const listingId = await insertListing(owner, title);
  const sent = await call('/api/messages', {
    cookie: member.cookie,
    body: { senderId: member.id, receiverId: owner.id, listingId, content: 'Shall we trade?' },
  });
  expect(sent.status).toBe(201);
  const recorded = await call('/api/barters', {
    cookie: member.cookie,
    body: { listingId, initiatorId: member.id, recipientId: owner.id },
  });
  expect(recorded.status).toBe(201);
  return { owner, member, listingId, barterId: (await json(recorded)).id as number };
}

interface BarterRow {
  status: string;
  last_prompted_at: string | null;
  original_image_urls: string;
  thumbnail_urls: string;
  image_cleanup_scheduled_at: string | null;
  barter_deletion_scheduled_at: string | null;
  completed_at: string | null;
}
const barterRow = (id: number) => env.DB.prepare('SELECT * FROM barters WHERE id = ?').bind(id).first<BarterRow>();
const setCreated = (id: number, ms: number) =>
  env.DB.prepare('UPDATE barters SET created_at = ? WHERE id = ?').bind(iso(ms), id).run();

async function stateOf(...members: Member[]) {
  const ids = members.map((m) => m.id);
  const emails = members.map((m) => m.email);
  const q = (n: number) => Array.from({ length: n }, () => '?').join(',');
  const [notifications, outbox] = await Promise.all([
    env.DB.prepare(
      `SELECT user_id, kind, subject_key, text, count, read_at FROM notifications WHERE user_id IN (${q(ids.length)}) ORDER BY id`,
    )
      .bind(...ids)
      .all(),
    env.DB.prepare(
      `SELECT to_address, subject, text_body FROM email_outbox WHERE to_address IN (${q(emails.length)}) AND subject NOT LIKE 'Verify your email%' ORDER BY id`,
    )
      .bind(...emails)
      .all<{ to_address: string; subject: string; text_body: string }>(),
  ]);
  return { notifications: notifications.results, outbox: outbox.results };
}

describe('pending barters', () => {
  it('prompts both members once after 14 days', async () => {
    const { owner, member, listingId, barterId } = await pendingBarter();
    const T = at(Date.now());
    await setCreated(barterId, T - 13 * DAY);
    const before = await stateOf(owner, member);
    await daily(T);
    expect((await barterRow(barterId))!.last_prompted_at).toBeNull();
    expect(await stateOf(owner, member)).toEqual(before);

    const later = at(T + 2 * DAY);
    await daily(later);
    expect(await barterRow(barterId)).toMatchObject({ status: 'pending', last_prompted_at: iso(later) });
    const after = await stateOf(owner, member);
    const entry = after.notifications.find(
      (n: any) => n.user_id === owner.id && n.subject_key === `barter:${barterId}`,
    ) as any;
    // The recording's unread entry is bumped with the reminder.
    expect(entry).toMatchObject({
      kind: 'barter_pending',
      count: 2,
      read_at: null,
      text: `Reminder: ${member.user.displayName} recorded a barter for "Canoe with paddles" — confirm it`,
    });
    expect(after.notifications.filter((n: any) => n.user_id === member.id && n.kind.startsWith('barter'))).toEqual([]);
    const reminders = after.outbox.slice(before.outbox.length);
    expect(reminders.map((e) => [e.to_address, e.subject])).toEqual([
      [owner.email, 'Reminder: confirm your barter for "Canoe with paddles"'],
      [member.email, 'Your barter for "Canoe with paddles" is still pending'],
    ]);
    expect(reminders[0]!.text_body).toContain(
      `http://localhost:8787/messages/${listingId}-${Math.min(owner.id, member.id)}-${Math.max(owner.id, member.id)}`,
    );
    expect(reminders[1]!.text_body).toContain(
      `/messages/${listingId}-${Math.min(owner.id, member.id)}-${Math.max(owner.id, member.id)}`,
    );

    // A rerun for the same time, and the next days' runs, prompt nobody again.
    await daily(later);
    expect(await runBarterCleanup(env, later)).toBeNull();
    await daily(at(later + DAY));
    expect(await stateOf(owner, member)).toEqual(after);
  });

  it('cancels a barter still pending after 30 days and deletes it 30 days later', async () => {
    const { owner, member, barterId } = await pendingBarter();
    const T = at(Date.now());
    await setCreated(barterId, T - 31 * DAY);
    await daily(T);
    const cancelled = await barterRow(barterId);
    expect(cancelled).toMatchObject({ status: 'cancelled', barter_deletion_scheduled_at: iso(T + 30 * DAY) });
    // Its "confirm it" entry is settled.
    const { notifications } = await stateOf(owner, member);
    expect(notifications.filter((n: any) => n.subject_key === `barter:${barterId}` && n.read_at === null)).toEqual([]);

    await daily(at(T + 29 * DAY));
    expect(await barterRow(barterId)).toEqual(cancelled);
    const deletion = at(T + 30 * DAY);
    await daily(deletion);
    expect(await barterRow(barterId)).toBeNull();
    // The same run again finds nothing to do.
    await env.DB.prepare('DELETE FROM cron_runs WHERE job = ? AND scheduled_at = ?')
      .bind(BARTER_CLEANUP_JOB, iso(deletion))
      .run();
    expect(await runBarterCleanup(env, deletion)).toEqual({
      deleted: 0,
      cancelled: 0,
      prompted: 0,
      imageBarters: 0,
      imagesDeleted: 0,
    });
  });

  it('deletes a barter a member cancelled 30 days after the cancel', async () => {
    const { member, barterId } = await pendingBarter();
    const response = await call(`/api/barters/${barterId}/cancel`, { method: 'PATCH', cookie: member.cookie });
    const scheduled = Date.parse((await json(response)).barterDeletionScheduledAt);
    await daily(at(scheduled - DAY));
    expect((await barterRow(barterId))!.status).toBe('cancelled');
    await daily(at(scheduled));
    expect(await barterRow(barterId)).toBeNull();
  });
});

describe('bounded per night (decision 042, "Bounded prunes")', () => {
  it('deletes at most 400 cancelled barters and cancels at most 200 stale pending ones a night; the rest the next nights', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner, 'Many barters');
    const T = Date.now() + 3000 * DAY;
    const seed = (count: number, status: string, deletionAt: string | null, createdAt: string) =>
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO barters (listing_id, initiator_id, recipient_id, status, barter_deletion_scheduled_at, created_at) SELECT ?2, ?3, ?4, ?5, ?6, ?7 FROM n`,
      )
        .bind(count, listingId, member.id, owner.id, status, deletionAt, createdAt)
        .run();
    await seed(500, 'cancelled', iso(T - DAY), iso(T - 90 * DAY));
    await seed(250, 'pending', null, iso(T - 31 * DAY));
    // Counted over the whole table: barters of the file's other tests may be due too.
    const count = async (where: string, time: number) =>
      (await env.DB.prepare(`SELECT count(*) AS n FROM barters WHERE ${where}`).bind(iso(time)).first<{ n: number }>())!
        .n;
    const due = (time: number) => count(`status = 'cancelled' AND barter_deletion_scheduled_at <= ?1`, time);
    const stale = (time: number) => count(`status = 'pending' AND created_at <= ?1`, time - 30 * DAY);
    const [dueBefore, staleBefore] = [await due(T), await stale(T)];
    await daily(at(T));
    expect(await stale(T)).toBe(staleBefore - 200);
    // 400 of the due deleted (the 200 just cancelled are due in 30 days).
    expect(await due(T)).toBe(dueBefore - 400);
    await daily(at(T + DAY));
    expect(await stale(T + DAY)).toBe(Math.max(0, staleBefore - 400));
    expect(await due(T + DAY)).toBe(Math.max(0, dueBefore - 800));
    expect(await count(`listing_id = ${listingId} AND status = 'pending' AND ?1 IS NOT NULL`, T)).toBe(0);
  });
});

describe('image cleanup of completed barters', () => {
  async function image(owner: Member) {
    const key = `uploads/${crypto.randomUUID()}`;
    await env.IMAGES.put(key, JPEG);
    await env.DB.prepare('INSERT INTO uploads (key, user_id, stored_at, attached_at) VALUES (?, ?, ?, ?)')
      .bind(key, owner.id, iso(Date.now()), iso(Date.now()))
      .run();
    return { key, path: `/${key.replace('uploads/', 'objects/uploads/')}` };
  }

  it('after 90 days deletes the originals nothing uses any more, keeps the rest, and clears the schedule', async () => {
    const { owner, member, listingId, barterId } = await pendingBarter();
    const [kept, removed, avatar] = await Promise.all([image(owner), image(owner), image(owner)]);
    await env.DB.prepare('UPDATE listings SET image_urls = ? WHERE id = ?')
      .bind(JSON.stringify([kept.path, removed.path, avatar.path]), listingId)
      .run();
    const completed = await json(
      await call(`/api/barters/${barterId}/complete`, { method: 'PATCH', cookie: owner.cookie }),
    );
    expect(completed.originalImageUrls).toEqual([kept.path, removed.path, avatar.path]);

    // Later the owner edits the listing down to one image; say the R2 deletes did not happen.
    // One of the removed images is the member's avatar now.
    await env.DB.prepare('UPDATE listings SET image_urls = ? WHERE id = ?')
      .bind(JSON.stringify([kept.path]), listingId)
      .run();
    await env.DB.prepare('DELETE FROM uploads WHERE key IN (?, ?)').bind(removed.key, avatar.key).run();
    await env.DB.prepare('UPDATE users SET avatar_url = ? WHERE id = ?')
      .bind(`http://localhost${avatar.path}`, member.id)
      .run();

    const due = Date.parse(completed.imageCleanupScheduledAt);
    await daily(at(due - DAY));
    expect((await barterRow(barterId))!.image_cleanup_scheduled_at).toBe(completed.imageCleanupScheduledAt);
    for (const { key } of [kept, removed, avatar]) expect(await env.IMAGES.head(key)).not.toBeNull();

    const run = at(due);
    await daily(run);
    expect(await env.IMAGES.head(removed.key)).toBeNull();
    expect(await env.IMAGES.head(kept.key)).not.toBeNull();
    expect(await env.IMAGES.head(avatar.key)).not.toBeNull();
    const after = await barterRow(barterId);
    expect(after).toMatchObject({
      status: 'completed',
      image_cleanup_scheduled_at: null,
      original_image_urls: JSON.stringify([kept.path, avatar.path]),
      thumbnail_urls: JSON.stringify([kept.path, avatar.path]),
    });

    // Reruns, for the same time and later, change nothing.
    await daily(run);
    await daily(at(run + DAY));
    expect(await barterRow(barterId)).toEqual(after);
    expect(await env.IMAGES.head(kept.key)).not.toBeNull();
    expect(await env.IMAGES.head(avatar.key)).not.toBeNull();
  });
});

describe('query plans', () => {
  it('every statement of the job reads through an index', async () => {
    const { barterId } = await pendingBarter();
    await setCreated(barterId, Date.now() - 15 * DAY);
    const statements = new Set<string>();
    const result = await runBarterCleanup(recording(statements), at(Date.now() + DAY));
    expect(result!.prompted).toBeGreaterThanOrEqual(1);
    expect(statements.size).toBeGreaterThan(4);
    expect(await tableScans(statements)).toEqual([]);
    expect(await tableScans(new Set(['SELECT id FROM barters WHERE last_prompted_at = ?1']))).toHaveLength(1);
  });
});
