// A new listing with matches across many partners (issue 22, decision 042): its request announces
// the best MATCH_PARTNERS_PER_REQUEST partners (two entries each) and leaves the rest to the cron,
// which announces every partner once; the request's rows written and bell pushes stay bounded.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MATCH_PARTNERS_PER_REQUEST } from '@worker/db/queries/matches';
import { runMatchFanout } from '@worker/cron/match-fanout';
import { metered } from './blocks-helpers';
import { signUp, validListing, type Member } from './helpers';

const PARTNERS = 8;

/** POST /api/listings, metered, once its work after the reply is done. */
const create = (member: Member, fields: Record<string, unknown>) =>
  metered('POST', '/api/listings', member, validListing(fields));

describe('match fan-out of a new listing', () => {
  it('announces a few partners in the request and the rest from the cron, each pair once', async () => {
    const hub = await signUp({ displayName: 'Hana Hub' });
    const partners = await Promise.all(Array.from({ length: PARTNERS }, () => signUp()));
    // Each partner offers a quokka figurine and wants a cordless drill (text wants both ways).
    // Each creation's work after the reply (its own match detection) ends before the next starts.
    for (const [i, p] of partners.entries()) {
      const { response } = await create(p, {
        title: `Quokka figurine number ${i + 1}`,
        description: 'Hand painted.',
        whatUserWants: 'Cordless drill',
        whatUserWantsOptions: [],
        categoriesOffered: ['goods'],
      });
      expect(response.status).toBe(201);
    }
    const { response, counts } = await create(hub, {
      title: 'Cordless drill',
      description: 'Two batteries.',
      whatUserWants: 'Quokka figurine',
      whatUserWantsOptions: [],
      categoriesOffered: ['goods'],
    });
    expect(response.status).toBe(201);
    const hubListing = (await response.json<{ id: number }>()).id;
    const entries = async () =>
      (
        await env.DB.prepare(
          `SELECT user_id FROM notifications WHERE kind = 'match' AND (user_id = ?1 OR subject_key LIKE ?2)`,
        )
          .bind(hub.id, `match:%:${hubListing}`)
          .all<{ user_id: number }>()
      ).results;

    // The request: two entries per announced partner, the queue row, one bell push per member.
    expect(await entries()).toHaveLength(2 * MATCH_PARTNERS_PER_REQUEST);
    expect(await env.DB.prepare('SELECT 1 FROM match_fanouts WHERE user_id = ?1').bind(hub.id).first()).not.toBeNull();
    expect(counts.doRequests).toBeLessThanOrEqual(MATCH_PARTNERS_PER_REQUEST + 1);
    expect(counts.d1RowsWritten).toBeLessThanOrEqual(60);

    // The cron announces the others, once; a second run finds nothing to do.
    expect(await runMatchFanout(env)).toBe(1);
    const all = await entries();
    expect(all).toHaveLength(2 * PARTNERS);
    expect(new Set(all.filter((e) => e.user_id !== hub.id).map((e) => e.user_id)).size).toBe(PARTNERS);
    expect(await env.DB.prepare('SELECT 1 FROM match_fanouts WHERE user_id = ?1').bind(hub.id).first()).toBeNull();
    expect(await runMatchFanout(env)).toBe(0);
    expect(await entries()).toHaveLength(2 * PARTNERS);
  });
});
