// A cron invocation's bell pushes are capped (decision 042): each push is a call into a member's
// MemberSockets object, an invocation held to 8 ms of CPU in the bench, and the barter upkeep's 21
// pushes from one invocation passed that bound. The reminders and entries are all written; only
// the pushes are capped.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BARTER_PUSHES, runBarterCleanup } from '@worker/cron/barter-cleanup';
import { emptyCounts, meterEnv } from '@worker/lib/meter';
import { call, insertListing, json, signUp } from './helpers';

const DAY = 86_400_000;

describe('bell pushes per cron invocation', () => {
  it('the barter upkeep pushes at most BARTER_PUSHES bells and still writes every reminder entry', async () => {
    const due = BARTER_PUSHES + 3;
    const barters: { id: number; owner: number }[] = [];
    for (let i = 0; i < due; i++) {
      const [owner, member] = await Promise.all([signUp(), signUp()]);
      const listingId = await insertListing(owner, `Canoe number ${i + 1}`);
      expect(
        (
          await call('/api/messages', {
            cookie: member.cookie,
            body: { senderId: member.id, receiverId: owner.id, listingId, content: 'Shall we trade?' },
          })
        ).status,
      ).toBe(201);
      const recorded = await call('/api/barters', {
        cookie: member.cookie,
        body: { listingId, initiatorId: member.id, recipientId: owner.id },
      });
      expect(recorded.status).toBe(201);
      barters.push({ id: (await json(recorded)).id, owner: owner.id });
    }
    const now = Date.now() + 1_000 * DAY;
    await env.DB.prepare('UPDATE barters SET created_at = ?1 WHERE id IN (SELECT value FROM json_each(?2))')
      .bind(new Date(now - 15 * DAY).toISOString(), JSON.stringify(barters.map((b) => b.id)))
      .run();
    const counts = emptyCounts();
    const result = await runBarterCleanup(meterEnv(env, counts), now);
    expect(result?.prompted).toBe(due);
    expect(counts.doRequests).toBeLessThanOrEqual(BARTER_PUSHES);
    const entries = await env.DB.prepare(
      `SELECT count(*) AS n FROM notifications WHERE kind = 'barter_pending' AND user_id IN (SELECT value FROM json_each(?1))`,
    )
      .bind(JSON.stringify(barters.map((b) => b.owner)))
      .first<{ n: number }>();
    expect(entries!.n).toBe(due);
  });
});
