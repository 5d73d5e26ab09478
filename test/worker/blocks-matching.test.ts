// A block keeps two members out of each other's wants, matches, trade circles and saved-search
// alerts, both ways (docs/api/blocks.md): a want of the other side's listing is 404, wants already
// made are hidden (and come back on unblock); neither is the other's match, and no match entry is
// written; the circle engine never proposes a circle joining them (adjacent or not, incremental
// search and global pass, and the proposal's own guard); a proposed circle joining them is called
// off when the block is made, every member told with a line naming nobody; new listings of the
// other side raise no alert.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FREQUENT_CRON } from '@worker/cron/index';
import { SAVED_SEARCH_JOB } from '@worker/cron/saved-search-alerts';
import worker from '@worker/index';
import { legsKey, type CircleLeg } from '@worker/lib/trade-circles/legs';
import { proposeCircle } from '@worker/services/trade-circles/propose';
import { runCirclePass, searchAfterWant } from '@worker/services/trade-circles/search';
import { call, createListing, json, signUp, unique, type Member } from './helpers';
import { bellOf, block, unblock } from './blocks-helpers';

const putWant = (member: Member, id: number) => call(`/api/wants/${id}`, { method: 'PUT', cookie: member.cookie });
const wantsOf = async (member: Member) =>
  (await json<any[]>(await call('/api/wants', { cookie: member.cookie }))).map((l) => l.id);
const matchesOf = async (member: Member) => {
  const response = await call('/api/matches', { cookie: member.cookie });
  expect(response.status).toBe(200);
  return (await json<any[]>(response)).map((m) => m.member.id);
};
const matchEntries = async (member: Member) => (await bellOf(member)).filter((e) => e.kind === 'match');
const insertWant = (member: Member | number, listingId: number) =>
  env.DB.prepare('INSERT OR IGNORE INTO wants (user_id, listing_id) VALUES (?, ?)')
    .bind(typeof member === 'number' ? member : member.id, listingId)
    .run();

/** A listing whose wants in return name nothing the other test listings offer unless told. */
const plain = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'In good condition, pick up any evening.',
  whatUserWants: 'Quokka figurines',
  whatUserWantsOptions: [],
  categoriesOffered: ['goods'],
  ...extra,
});

describe('wants across a block', () => {
  it.each([
    ['the owner blocked the member', true],
    ['the member blocked the owner', false],
  ])('a want of the other side’s listing is 404 like an unknown listing when %s', async (_name, ownerBlocks) => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, plain('Cordless drill'));
    if (ownerBlocks) await block(owner, member);
    else await block(member, owner);
    const response = await putWant(member, listing.id);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'Listing not found', code: 'listing_not_found' });
    // And the owner, the other way round.
    const theirs = await createListing(member, plain('Two-person tent'));
    expect((await putWant(owner, theirs.id)).status).toBe(404);
    expect(await wantsOf(member)).toEqual([]);
  });

  it('a want made before the block is hidden from the list, stays stored, and shows again on unblock', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, plain('Cordless drill'));
    const other = await createListing((await signUp()) as Member, plain('Garden hose reel'));
    expect((await putWant(member, listing.id)).status).toBe(200);
    expect((await putWant(member, other.id)).status).toBe(200);
    await block(owner, member);
    expect(await wantsOf(member)).toEqual([other.id]);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM wants WHERE user_id = ?')
        .bind(member.id)
        .first<{ n: number }>())!.n,
    ).toBe(2);
    await unblock(owner, member);
    expect((await wantsOf(member)).sort()).toEqual([listing.id, other.id].sort());
  });
});

describe('matches across a block', () => {
  it('neither member is the other’s match, explicit or by text, both ways; unblocked, the match is back', async () => {
    const [ana, ben] = await Promise.all([signUp(), signUp()]);
    const drill = await createListing(ana, plain('Cordless drill', { whatUserWants: 'Two-person tent' }));
    const tent = await createListing(ben, plain('Two-person tent'));
    expect((await putWant(ben, drill.id)).status).toBe(200);
    expect(await matchesOf(ana)).toEqual([ben.id]);
    expect(await matchesOf(ben)).toEqual([ana.id]);
    await block(ben, ana);
    expect(await matchesOf(ana)).toEqual([]);
    expect(await matchesOf(ben)).toEqual([]);
    await unblock(ben, ana);
    expect(await matchesOf(ana)).toEqual([ben.id]);
    expect(tent.id).toBeGreaterThan(0);
  });

  it('a new listing makes no match (and no match entry) with the other side of a block', async () => {
    const [ana, ben, cat] = await Promise.all([signUp(), signUp(), signUp()]);
    const tag = unique('k');
    await createListing(ben, plain(`Kayak paddle ${tag}`, { whatUserWants: `Canoe trailer ${tag}` }));
    await createListing(cat, plain(`Kayak paddle ${tag} blue`, { whatUserWants: `Canoe trailer ${tag}` }));
    await block(ana, ben);
    // Ana's new listing is what both want, and wants what both offer (text matches both ways).
    await createListing(ana, plain(`Canoe trailer ${tag}`, { whatUserWants: `Kayak paddle ${tag}` }));
    await expect.poll(async () => (await matchEntries(ana)).length).toBe(1);
    expect((await matchEntries(ana))[0]!.text).toContain(cat.user.displayName);
    expect(await matchEntries(ben)).toEqual([]);
    expect(await matchesOf(ana)).toEqual([cat.id]);
  });
});

/** A ring of members, listings and wants: member i gives listing i to member i + 1. */
async function ring(n: number) {
  const members = await Promise.all(Array.from({ length: n }, () => signUp()));
  const listings: any[] = [];
  for (const [i, m] of members.entries())
    listings.push(await createListing(m, plain(`Ring item ${i + 1} ${unique('r')}`)));
  const legs: CircleLeg[] = members.map((m, i) => ({
    giverId: m.id,
    listingId: listings[i].id,
    receiverId: members[(i + 1) % n]!.id,
  }));
  for (let i = 0; i < n; i++) await insertWant(members[(i + 1) % n]!, listings[i].id);
  return { members, listings, legs };
}

const circleRow = (id: number) =>
  env.DB.prepare('SELECT status FROM trade_circles WHERE id = ?').bind(id).first<{ status: string }>();
const openCirclesOf = async (memberId: number) =>
  (
    await env.DB.prepare('SELECT DISTINCT circle_id FROM trade_circle_legs WHERE giver_id = ? AND open = 1')
      .bind(memberId)
      .all<{ circle_id: number }>()
  ).results.map((r) => r.circle_id);

describe('trade circles across a block', () => {
  it('the incremental search never proposes a ring joining two members of a block, even when they are not neighbours', async () => {
    // Control: the same ring of four without a block is proposed.
    const control = await ring(4);
    const found = await searchAfterWant(env, control.members[0]!.id, control.listings[3].id);
    expect(found.circleId).toBeTypeOf('number');

    const { members, listings } = await ring(4);
    // Members 0 and 2 never give to each other: only the ring joins them.
    await block(members[2]!, members[0]!);
    const result = await searchAfterWant(env, members[0]!.id, listings[3].id);
    expect(result.circleId).toBeNull();
    // Left out by the engine (the load reads the blocks among its members), not only refused by
    // the proposal's guard: the control found its ring, this search found none.
    expect(found.found).toBeGreaterThan(0);
    expect(result.found).toBe(0);
    expect(await openCirclesOf(members[0]!.id)).toEqual([]);
  });

  it('nor does the global pass, nor the proposal itself (the last guard)', async () => {
    const { members, legs } = await ring(3);
    await block(members[0]!, members[1]!);
    expect(await proposeCircle(env, legs)).toBeNull();
    await env.DB.prepare("DELETE FROM cron_state WHERE job LIKE 'trade-circles%'").run();
    // A day apart, so each run finds the sweep due (its pages are paced: decision 046).
    for (let i = 0; i < 60; i++) {
      const report = (await runCirclePass(env, Date.now() + (i + 1) * 24 * 60 * 60 * 1000))!;
      if (report.wrapped) break;
    }
    for (const m of members) expect(await openCirclesOf(m.id)).toEqual([]);
  });

  it('a proposed circle joining them is called off when the block is made; every member is told without names; other circles stay', async () => {
    const { members, legs } = await ring(3);
    const id = (await proposeCircle(env, legs))!;
    expect(id).toBeTypeOf('number');
    const other = await ring(3);
    const otherId = (await proposeCircle(env, other.legs))!;
    await block(members[1]!, members[2]!);
    expect(await circleRow(id)).toEqual({ status: 'declined' });
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM trade_circle_legs WHERE circle_id = ? AND open = 1')
        .bind(id)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    expect(await circleRow(otherId)).toEqual({ status: 'proposed' });
    for (const m of members) {
      const entry = (await bellOf(m)).find((e) => e.subject_key === `circle:${id}`);
      expect(entry?.text).toBe('A trade circle was called off: it can no longer go ahead as proposed');
      for (const name of members.map((x) => x.user.displayName)) expect(entry!.text).not.toContain(name);
    }
    // The circle's page says so to its members.
    const page = await json(await call(`/api/trade-circles/${id}`, { cookie: members[0]!.cookie }));
    expect(page.status).toBe('declined');
    // Its set of legs is never proposed again, even after an unblock (a declined circle's rule).
    await unblock(members[1]!, members[2]!);
    expect(await proposeCircle(env, legs)).toBeNull();
    expect(legsKey(legs)).toBeTruthy();
  });

  it('an agreed circle is left as it is (its barters are under way)', async () => {
    const { members, legs } = await ring(2);
    const id = (await proposeCircle(env, legs))!;
    for (const m of members)
      expect((await call(`/api/trade-circles/${id}/accept`, { method: 'POST', cookie: m.cookie })).status).toBe(200);
    expect(await circleRow(id)).toEqual({ status: 'agreed' });
    await block(members[0]!, members[1]!);
    expect(await circleRow(id)).toEqual({ status: 'agreed' });
  });
});

describe('saved-search alerts across a block', () => {
  const MINUTE = 60_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  async function tick(scheduledTime: number) {
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ cron: FREQUENT_CRON, scheduledTime }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  it.each([
    ['the searcher blocked the owner', true],
    ['the owner blocked the searcher', false],
  ])('leave the other side’s new listings out when %s; others still alert', async (_name, searcherBlocks) => {
    // Far from the other tests' times (the ledger's previous run is at most a day back).
    const T = Date.now() + (searcherBlocks ? 500 : 520) * 24 * 60 * MINUTE;
    await env.DB.prepare('INSERT INTO cron_runs (job, scheduled_at) VALUES (?, ?)')
      .bind(SAVED_SEARCH_JOB, iso(T - 30 * MINUTE))
      .run();
    const [searcher, owner, other] = await Promise.all([signUp(), signUp(), signUp()]);
    const w = unique('bike');
    await env.DB.prepare(
      'INSERT INTO stored_searches (user_id, query, category, notifications_enabled, created_at) VALUES (?, ?, NULL, 1, ?)',
    )
      .bind(searcher.id, w, iso(T - 2 * 24 * 60 * MINUTE))
      .run();
    const dated = async (m: Member, title: string) => {
      const { id } = await createListing(m, { title });
      await env.DB.prepare('UPDATE listings SET created_at = ? WHERE id = ?')
        .bind(iso(T - 10 * MINUTE), id)
        .run();
    };
    if (searcherBlocks) await block(searcher, owner);
    else await block(owner, searcher);
    await dated(owner, `Red ${w} with bell`);
    await dated(other, `Blue ${w} with basket`);
    await tick(T);
    const entries = (await bellOf(searcher)).filter((e) => e.kind === 'saved_search');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.text).toBe(`1 new listing matches "${w}"`);
  });
});
