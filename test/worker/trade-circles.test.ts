// Trade circles (docs/api/wants-matches-circles.md, "Trade circles"; decision 024): proposing and
// its rules, each member's decision, agreement into one pending barter per leg (also under
// concurrent accepts), dissolving by decline, want withdrawal, listing deletion or deactivation and
// account deletion, expiry in the 15-minute cron, and the circle's group chat, live.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FREQUENT_CRON, runScheduled } from '@worker/cron/index';
import { emptyCounts, meterEnv } from '@worker/lib/meter';
import { EXPIRY_PAGE, expireCircles } from '@worker/services/trade-circles/circles';
import { legsKey, type CircleLeg } from '@worker/lib/trade-circles/legs';
import { dissolveCirclesForWant, proposeCircle } from '@worker/services/trade-circles/propose';
import { CIRCLE_MESSAGES } from '@worker/routes/trade-circles';
import { call, createListing, json, ORIGIN, signUp, signUpAdmin, type Member } from './helpers';
import { openSocket, settle } from './ws-client';

const DAY = 24 * 60 * 60 * 1000;

async function want(member: Member, listingId: number) {
  await env.DB.prepare('INSERT OR IGNORE INTO wants (user_id, listing_id) VALUES (?, ?)')
    .bind(member.id, listingId)
    .run();
}

/**
 * A ring of `n` members: member i gives listing i to member i+1, who wants it. Returns the members,
 * their listings and the legs in ring order (not yet proposed).
 */
async function ring(n = 3) {
  const members = await Promise.all(Array.from({ length: n }, () => signUp()));
  const listings = await Promise.all(members.map((m, i) => createListing(m, { title: `Circle item ${i + 1}` })));
  const legs: CircleLeg[] = members.map((m, i) => ({
    giverId: m.id,
    listingId: listings[i].id,
    receiverId: members[(i + 1) % n]!.id,
  }));
  for (let i = 0; i < n; i++) await want(members[(i + 1) % n]!, listings[i].id);
  return { members, listings, legs };
}

async function proposed(n = 3) {
  const setup = await ring(n);
  const id = await proposeCircle(env, setup.legs);
  expect(id).toBeTypeOf('number');
  return { ...setup, id: id! };
}

const get = (member: Member | null, path: string) => call(path, { cookie: member?.cookie });
const act = (member: Member | null, id: number, action: 'accept' | 'decline') =>
  call(`/api/trade-circles/${id}/${action}`, { cookie: member?.cookie, method: 'POST' });

async function circle(member: Member, id: number) {
  const response = await get(member, `/api/trade-circles/${id}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return json(response);
}

const scalar = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const openLegs = (id: number) =>
  scalar('SELECT count(*) AS n FROM trade_circle_legs WHERE circle_id = ? AND open = 1', id);
const bartersOf = (listingIds: number[]) =>
  env.DB.prepare(
    `SELECT id, listing_id, initiator_id, recipient_id, status FROM barters WHERE listing_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  )
    .bind(JSON.stringify(listingIds))
    .all<{ id: number; listing_id: number; initiator_id: number; recipient_id: number; status: string }>()
    .then((r) => r.results);

async function notificationsOf(member: Member) {
  return (await json(await get(member, '/api/notifications'))).notifications as {
    kind: string;
    text: string;
    link: string;
    count: number;
  }[];
}

describe('legsKey', () => {
  it('is the sorted "giver:listing:receiver" strings joined with commas, wherever the ring starts', () => {
    const legs = [
      { giverId: 12, listingId: 5, receiverId: 3 },
      { giverId: 3, listingId: 40, receiverId: 7 },
      { giverId: 7, listingId: 9, receiverId: 12 },
    ];
    expect(legsKey(legs)).toBe('12:5:3,3:40:7,7:9:12');
    expect(legsKey([legs[1]!, legs[2]!, legs[0]!])).toBe(legsKey(legs));
  });
});

describe('proposeCircle', () => {
  it('inserts the circle and its legs in ring order and notifies every member', async () => {
    const { members, listings, legs, id } = await proposed(3);
    const row = await env.DB.prepare('SELECT status, legs_key, created_at, expires_at FROM trade_circles WHERE id = ?')
      .bind(id)
      .first<any>();
    expect(row.status).toBe('proposed');
    expect(row.legs_key).toBe(legsKey(legs));
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(7 * DAY);
    const stored = await env.DB.prepare(
      'SELECT position, giver_id, receiver_id, listing_id, open, decision FROM trade_circle_legs WHERE circle_id = ? ORDER BY position',
    )
      .bind(id)
      .all<any>();
    expect(stored.results).toEqual(
      legs.map((leg, i) => ({
        position: i,
        giver_id: leg.giverId,
        receiver_id: leg.receiverId,
        listing_id: leg.listingId,
        open: 1,
        decision: null,
      })),
    );
    for (const [i, member] of members.entries()) {
      const [latest] = await notificationsOf(member);
      expect(latest).toMatchObject({
        kind: 'trade_circle',
        link: `/trade-circles/${id}`,
        text: `A trade circle of 3 members was proposed: you give “${listings[i].title}” and get “${listings[(i + 2) % 3].title}”. Accept or decline within 7 days.`,
      });
    }
  });

  it('calls a circle of two a direct swap', async () => {
    const { members, id } = await proposed(2);
    expect((await notificationsOf(members[0]!))[0]!.text).toMatch(
      /^A direct swap was proposed: you give “Circle item 1” and get “Circle item 2”/,
    );
    expect(id).toBeGreaterThan(0);
  });

  it('refuses legs that are not a ring of 2 to 5 distinct members, writing nothing', async () => {
    const { members, listings, legs } = await ring(3);
    const before = await scalar('SELECT count(*) AS n FROM trade_circles');
    // Out of order, broken, one member, a repeated member, a repeated listing, too many, bad ids.
    expect(await proposeCircle(env, [legs[0]!, legs[2]!, legs[1]!])).toBeNull();
    expect(await proposeCircle(env, legs.slice(0, 2))).toBeNull();
    expect(
      await proposeCircle(env, [{ giverId: members[0]!.id, listingId: listings[0].id, receiverId: members[0]!.id }]),
    ).toBeNull();
    expect(await proposeCircle(env, [legs[0]!, { ...legs[1]!, receiverId: members[0]!.id }, legs[0]!])).toBeNull();
    expect(await proposeCircle(env, [legs[0]!, { ...legs[1]!, listingId: listings[0].id }, legs[2]!])).toBeNull();
    const six = await ring(6);
    expect(await proposeCircle(env, six.legs)).toBeNull();
    expect(await proposeCircle(env, [{ ...legs[0]!, giverId: 1.5 }, legs[1]!, legs[2]!])).toBeNull();
    expect(await proposeCircle(env, [])).toBeNull();
    expect(await scalar('SELECT count(*) AS n FROM trade_circles')).toBe(before);
  });

  it('refuses an inactive listing, a listing its giver does not own, and a receiver without a want', async () => {
    const inactive = await ring(3);
    await call(`/api/listings/${inactive.listings[1].id}`, {
      method: 'PUT',
      cookie: inactive.members[1]!.cookie,
      body: { status: 'paused' },
    });
    expect(await proposeCircle(env, inactive.legs)).toBeNull();

    const stranger = await signUp();
    const notTheirs = await ring(3);
    const foreign = await createListing(stranger, { title: 'Not theirs' });
    await want(notTheirs.members[2]!, foreign.id);
    expect(
      await proposeCircle(env, [
        notTheirs.legs[0]!,
        { ...notTheirs.legs[1]!, listingId: foreign.id },
        notTheirs.legs[2]!,
      ]),
    ).toBeNull();

    const unwanted = await ring(3);
    await env.DB.prepare('DELETE FROM wants WHERE user_id = ? AND listing_id = ?')
      .bind(unwanted.members[0]!.id, unwanted.listings[2].id)
      .run();
    expect(await proposeCircle(env, unwanted.legs)).toBeNull();
    for (const legs of [inactive.legs, unwanted.legs])
      expect(await scalar('SELECT count(*) AS n FROM trade_circles WHERE legs_key = ?', legsKey(legs))).toBe(0);
  });

  it('keeps a listing in at most one open circle, also when two proposals race', async () => {
    const { members, listings, legs, id } = await proposed(3);
    // Another ring through the first member's listing.
    const other = await signUp();
    const otherListing = await createListing(other, { title: 'Other item' });
    await want(other, listings[0].id);
    await want(members[0]!, otherListing.id);
    const swap: CircleLeg[] = [
      { giverId: members[0]!.id, listingId: listings[0].id, receiverId: other.id },
      { giverId: other.id, listingId: otherListing.id, receiverId: members[0]!.id },
    ];
    expect(await proposeCircle(env, swap)).toBeNull();
    // The same circle again (rotated) is refused too: its listings are open.
    expect(await proposeCircle(env, [legs[1]!, legs[2]!, legs[0]!])).toBeNull();

    // Two fresh proposals sharing a listing, at once: exactly one wins.
    const a = await ring(2);
    const third = await signUp();
    const thirdListing = await createListing(third, { title: 'Third item' });
    await want(third, a.listings[0].id);
    await want(a.members[0]!, thirdListing.id);
    const rival: CircleLeg[] = [
      { giverId: a.members[0]!.id, listingId: a.listings[0].id, receiverId: third.id },
      { giverId: third.id, listingId: thirdListing.id, receiverId: a.members[0]!.id },
    ];
    const results = await Promise.all([proposeCircle(env, a.legs), proposeCircle(env, rival)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(
      await scalar('SELECT count(*) AS n FROM trade_circle_legs WHERE listing_id = ? AND open = 1', a.listings[0].id),
    ).toBe(1);
    expect(id).toBeGreaterThan(0);
  });

  it('never proposes a declined or expired set of legs again', async () => {
    const declined = await proposed(3);
    expect((await act(declined.members[1]!, declined.id, 'decline')).status).toBe(200);
    expect(await proposeCircle(env, declined.legs)).toBeNull();
    expect(await proposeCircle(env, [declined.legs[2]!, declined.legs[0]!, declined.legs[1]!])).toBeNull();

    const old = await ring(2);
    const id = await proposeCircle(env, old.legs, new Date(Date.now() - 8 * DAY));
    await runScheduled(FREQUENT_CRON, Date.now(), env);
    expect(await scalar('SELECT count(*) AS n FROM trade_circles WHERE id = ? AND status = ?', id, 'expired')).toBe(1);
    expect(await proposeCircle(env, old.legs)).toBeNull();
    // A different set of legs among the same members is a new circle.
    const other = await createListing(old.members[0]!, { title: 'Another item' });
    await want(old.members[1]!, other.id);
    expect(await proposeCircle(env, [{ ...old.legs[0]!, listingId: other.id }, old.legs[1]!])).toBeTypeOf('number');
  });
});

describe('GET /api/trade-circles', () => {
  it('returns one circle in ring order to its members and admins; 403 to others, 404 unknown, 401 visitors', async () => {
    const { members, listings, id } = await proposed(3);
    const shaped = await circle(members[1]!, id);
    expect(shaped).toMatchObject({ id, status: 'proposed' });
    expect(Object.keys(shaped).sort()).toEqual([
      'createdAt',
      'endReason',
      'expiresAt',
      'id',
      'legs',
      'status',
      'updatedAt',
    ]);
    expect(shaped.legs).toHaveLength(3);
    for (const [i, leg] of shaped.legs.entries()) {
      expect(leg).toEqual({
        giver: {
          id: members[i]!.id,
          username: members[i]!.username,
          displayName: members[i]!.user.displayName,
          avatarUrl: null,
        },
        receiver: {
          id: members[(i + 1) % 3]!.id,
          username: members[(i + 1) % 3]!.username,
          displayName: members[(i + 1) % 3]!.user.displayName,
          avatarUrl: null,
        },
        listing: { id: listings[i].id, title: listings[i].title, imageUrls: [] },
        decision: null,
        barterId: null,
        barterStatus: null,
      });
      expect(leg.receiver.id).toBe(shaped.legs[(i + 1) % 3].giver.id);
    }
    const admin = await signUpAdmin();
    expect((await get(admin, `/api/trade-circles/${id}`)).status).toBe(200);
    const stranger = await signUp();
    const refused = await get(stranger, `/api/trade-circles/${id}`);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ message: CIRCLE_MESSAGES.notMember, code: expect.any(String) });
    const unknown = await get(stranger, '/api/trade-circles/99999999');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ message: CIRCLE_MESSAGES.notFound, code: expect.any(String) });
    expect((await get(stranger, '/api/trade-circles/abc')).status).toBe(404);
    expect((await get(null, `/api/trade-circles/${id}`)).status).toBe(401);
  });

  it("lists the member's circles newest first, and nobody else's", async () => {
    const first = await proposed(2);
    const member = first.members[0]!;
    const listing = await createListing(member, { title: 'Second thing' });
    const partner = await signUp();
    const theirs = await createListing(partner, { title: 'Their thing' });
    await want(partner, listing.id);
    await want(member, theirs.id);
    const second = await proposeCircle(env, [
      { giverId: member.id, listingId: listing.id, receiverId: partner.id },
      { giverId: partner.id, listingId: theirs.id, receiverId: member.id },
    ]);
    const mine = await json(await get(member, '/api/trade-circles'));
    expect(mine.map((c: any) => c.id)).toEqual([second, first.id]);
    expect(mine[0].legs).toHaveLength(2);
    expect((await json(await get(partner, '/api/trade-circles'))).map((c: any) => c.id)).toEqual([second]);
    expect(await json(await get(await signUp(), '/api/trade-circles'))).toEqual([]);
    expect((await get(null, '/api/trade-circles')).status).toBe(401);
  });
});

describe('accept and decline', () => {
  it("records each member's decision; the same decision again changes nothing; non-members get 403", async () => {
    const { members, id } = await proposed(3);
    const response = await act(members[0]!, id, 'accept');
    expect(response.status).toBe(200);
    const after = await json(response);
    expect(after.status).toBe('proposed');
    expect(after.legs.map((l: any) => l.decision)).toEqual(['accepted', null, null]);
    // The others were told.
    expect((await notificationsOf(members[1]!))[0]!.text).toBe(
      `${members[0]!.user.displayName} accepted the trade circle (1 of 3 accepted)`,
    );
    const updatedAt = after.updatedAt;
    const again = await act(members[0]!, id, 'accept');
    expect(again.status).toBe(200);
    expect((await json(again)).legs.map((l: any) => l.decision)).toEqual(['accepted', null, null]);
    expect((await circle(members[0]!, id)).updatedAt).toBe(updatedAt);

    const stranger = await signUp();
    const refused = await act(stranger, id, 'accept');
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ message: CIRCLE_MESSAGES.notMember, code: expect.any(String) });
    const admin = await signUpAdmin();
    expect((await act(admin, id, 'decline')).status).toBe(403);
    expect((await act(stranger, 99999999, 'accept')).status).toBe(404);
    expect((await act(null, id, 'accept')).status).toBe(401);
    expect((await circle(members[0]!, id)).status).toBe('proposed');
  });

  it('one decline declines the circle for all and closes its legs; any decision after is 409', async () => {
    const { members, listings, id } = await proposed(3);
    await act(members[0]!, id, 'accept');
    const response = await act(members[2]!, id, 'decline');
    expect(response.status).toBe(200);
    const after = await json(response);
    expect(after.status).toBe('declined');
    expect(after.endReason).toBe(`${members[2]!.user.displayName} declined`);
    expect(after.legs.map((l: any) => l.decision)).toEqual(['accepted', null, 'declined']);
    expect(await openLegs(id)).toBe(0);
    for (const member of members) {
      expect((await notificationsOf(member))[0]).toMatchObject({
        kind: 'trade_circle',
        text: `${members[2]!.user.displayName} declined the trade circle, so it is called off`,
      });
    }
    for (const [member, action] of [
      [members[1]!, 'accept'],
      [members[1]!, 'decline'],
      [members[2]!, 'decline'],
    ] as const) {
      const late = await act(member, id, action);
      expect(late.status).toBe(409);
      expect(await json(late)).toEqual({ message: CIRCLE_MESSAGES.notProposed, code: expect.any(String) });
    }
    expect(await bartersOf(listings.map((l: any) => l.id))).toEqual([]);
  });

  it('all accepted: agreed, and each leg a pending barter from its giver to its receiver, made once', async () => {
    const { members, listings, legs, id } = await proposed(3);
    await act(members[1]!, id, 'accept');
    await act(members[2]!, id, 'accept');
    const response = await act(members[0]!, id, 'accept');
    expect(response.status).toBe(200);
    const after = await json(response);
    expect(after.status).toBe('agreed');
    const barters = await bartersOf(listings.map((l: any) => l.id));
    expect(barters).toHaveLength(3);
    for (const [i, leg] of legs.entries()) {
      const barter = barters.find((b) => b.listing_id === leg.listingId)!;
      expect(barter).toMatchObject({ initiator_id: leg.giverId, recipient_id: leg.receiverId, status: 'pending' });
      expect(after.legs[i]).toMatchObject({ decision: 'accepted', barterId: barter.id, barterStatus: 'pending' });
    }
    expect(await openLegs(id)).toBe(3);
    for (const member of members)
      expect((await notificationsOf(member))[0]!.text).toMatch(/^Everyone accepted: the trade circle is agreed/);
    // Any decision now is 409, and makes nothing.
    expect((await act(members[0]!, id, 'accept')).status).toBe(409);
    expect((await act(members[1]!, id, 'decline')).status).toBe(409);
    expect(await bartersOf(listings.map((l: any) => l.id))).toHaveLength(3);

    // The two-sided completion works per leg: the giver and the receiver each confirm the handover
    // (decision 060); the second confirmation completes it.
    const first = barters.find((b) => b.listing_id === legs[0]!.listingId)!;
    const given = await call(`/api/barters/${first.id}/complete`, { method: 'PATCH', cookie: members[0]!.cookie });
    expect(given.status, await given.clone().text()).toBe(200);
    expect((await circle(members[2]!, id)).legs[0].barterStatus).toBe('pending');
    const completed = await call(`/api/barters/${first.id}/complete`, { method: 'PATCH', cookie: members[1]!.cookie });
    expect(completed.status, await completed.clone().text()).toBe(200);
    expect((await circle(members[2]!, id)).legs[0].barterStatus).toBe('completed');
  });

  it('concurrent accepts make exactly one set of barters', async () => {
    for (const n of [2, 3, 5]) {
      const { members, listings, id } = await proposed(n);
      // Every member at once, each twice (a double click).
      const responses = await Promise.all([...members, ...members].map((m) => act(m, id, 'accept')));
      expect(responses.map((r) => r.status).every((s) => s === 200 || s === 409)).toBe(true);
      expect((await circle(members[0]!, id)).status).toBe('agreed');
      const barters = await bartersOf(listings.map((l: any) => l.id));
      expect(barters).toHaveLength(n);
      expect(new Set(barters.map((b) => b.listing_id)).size).toBe(n);
      const linked = await env.DB.prepare(
        'SELECT barter_id FROM trade_circle_legs WHERE circle_id = ? ORDER BY position',
      )
        .bind(id)
        .all<{ barter_id: number }>();
      expect(linked.results.map((r) => r.barter_id).sort()).toEqual(barters.map((b) => b.id).sort());
    }
  });

  it('a decline racing the last accept leaves either an agreed circle with all its barters or a declined one with none', async () => {
    const { members, listings, id } = await proposed(3);
    await act(members[0]!, id, 'accept');
    await act(members[1]!, id, 'accept');
    const [accepted, declined] = await Promise.all([act(members[2]!, id, 'accept'), act(members[1]!, id, 'decline')]);
    const status = (await circle(members[0]!, id)).status;
    const barters = await bartersOf(listings.map((l: any) => l.id));
    if (status === 'agreed') {
      expect(barters).toHaveLength(3);
      expect(declined.status).toBe(409);
    } else {
      expect(status).toBe('declined');
      expect(barters).toHaveLength(0);
      expect(await openLegs(id)).toBe(0);
      expect([200, 409]).toContain(accepted.status);
    }
  });
});

describe('dissolving', () => {
  it('a listing deleted mid-decision declines the circle in the same batch and leaves no barter', async () => {
    const { members, listings, id } = await proposed(3);
    await act(members[0]!, id, 'accept');
    await act(members[1]!, id, 'accept');
    const deleted = await call(`/api/listings/${listings[2].id}`, { method: 'DELETE', cookie: members[2]!.cookie });
    expect(deleted.status).toBe(200);
    const after = await circle(members[0]!, id);
    expect(after.status).toBe('declined');
    // The deleted listing's leg keeps its place in the ring.
    expect(after.legs.map((l: any) => l.listing?.id ?? null)).toEqual([listings[0].id, listings[1].id, null]);
    expect(after.legs[2].giver.id).toBe(members[2]!.id);
    expect(await openLegs(id)).toBe(0);
    expect((await notificationsOf(members[0]!))[0]!.text).toBe(
      'A trade circle was called off: one of its listings was deleted',
    );
    expect(after.endReason).toBe('One of its listings was deleted');
    const late = await act(members[2]!, id, 'accept');
    expect(late.status).toBe(409);
    expect(await bartersOf(listings.map((l: any) => l.id))).toEqual([]);
  });

  it('a listing deleted while the last accepts race leaves no half-made barters', async () => {
    const { members, listings, id } = await proposed(3);
    await act(members[0]!, id, 'accept');
    const results = await Promise.all([
      act(members[1]!, id, 'accept'),
      act(members[2]!, id, 'accept'),
      call(`/api/listings/${listings[1].id}`, { method: 'DELETE', cookie: members[1]!.cookie }),
    ]);
    expect(results[2]!.status).toBe(200);
    const status = (await env.DB.prepare('SELECT status FROM trade_circles WHERE id = ?')
      .bind(id)
      .first<{ status: string }>())!.status;
    const barters = await bartersOf(listings.map((l: any) => l.id));
    if (status === 'agreed') {
      // Agreed before the delete: the deleted listing's barter went with it, the others stand whole.
      expect(barters.map((b) => b.listing_id).sort()).toEqual([listings[0].id, listings[2].id].sort());
    } else {
      expect(status).toBe('declined');
      expect(barters).toEqual([]);
    }
  });

  it('deactivating a listing declines its proposed circle', async () => {
    const { members, listings, id } = await proposed(2);
    const paused = await call(`/api/listings/${listings[0].id}`, {
      method: 'PUT',
      cookie: members[0]!.cookie,
      body: { status: 'paused' },
    });
    expect(paused.status).toBe(200);
    const after = await circle(members[1]!, id);
    expect(after.status).toBe('declined');
    expect(after.endReason).toBe('One of its listings is no longer available');
    expect(await openLegs(id)).toBe(0);
    expect((await notificationsOf(members[1]!))[0]!.text).toBe(
      'A trade circle was called off: one of its listings is no longer available',
    );
  });

  it('a listing that went inactive without the dissolve still makes no barter: the last accept dissolves the circle', async () => {
    const { members, listings, id } = await proposed(3);
    await act(members[0]!, id, 'accept');
    await act(members[1]!, id, 'accept');
    await env.DB.prepare("UPDATE listings SET status = 'completed' WHERE id = ?").bind(listings[0].id).run();
    const last = await act(members[2]!, id, 'accept');
    expect(last.status).toBe(200);
    expect((await json(last)).status).toBe('declined');
    expect(await bartersOf(listings.map((l: any) => l.id))).toEqual([]);
    expect(await openLegs(id)).toBe(0);
  });

  it('withdrawing a want declines the circle in which the member receives that listing, and only it', async () => {
    const { members, listings, id } = await proposed(3);
    const other = await proposed(2);
    // members[1] receives listings[0]; withdrawing another want changes nothing.
    expect(await dissolveCirclesForWant(env, members[1]!.id, listings[1].id)).toEqual([]);
    expect((await circle(members[0]!, id)).endReason).toBeNull();
    expect(await dissolveCirclesForWant(env, members[1]!.id, listings[0].id)).toEqual([id]);
    const after = await circle(members[0]!, id);
    expect(after.status).toBe('declined');
    // The others read why, by name (decision 061).
    const why = `${members[1]!.user.displayName} no longer wants “Circle item 1”`;
    expect(after.endReason).toBe(why);
    expect(await openLegs(id)).toBe(0);
    expect((await circle(other.members[0]!, other.id)).status).toBe('proposed');
    expect((await circle(other.members[0]!, other.id)).endReason).toBeNull();
    for (const member of members)
      expect((await notificationsOf(member))[0]!.text).toBe(`A trade circle was called off: ${why}`);
    // An agreed circle is not dissolved by a withdrawn want.
    await Promise.all(other.members.map((m) => act(m, other.id, 'accept')));
    expect(await dissolveCirclesForWant(env, other.members[1]!.id, other.listings[0].id)).toEqual([]);
    expect((await circle(other.members[0]!, other.id)).status).toBe('agreed');
  });

  it('the want route calls the circle off with words that keep a hostile title as text', async () => {
    const members = [await signUp(), await signUp()];
    const title = "<img src=x onerror=alert(1)> “quoted” '; DROP TABLE wants; --";
    const listings = [await createListing(members[0]!, { title }), await createListing(members[1]!)];
    await want(members[1]!, listings[0].id);
    await want(members[0]!, listings[1].id);
    const id = (await proposeCircle(env, [
      { giverId: members[0]!.id, listingId: listings[0].id, receiverId: members[1]!.id },
      { giverId: members[1]!.id, listingId: listings[1].id, receiverId: members[0]!.id },
    ]))!;
    expect(id).toBeTypeOf('number');
    // Another member's withdrawal of a want they do not have calls nothing off.
    const stranger = await signUp();
    expect((await call(`/api/wants/${listings[0].id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(
      204,
    );
    expect((await circle(members[0]!, id)).status).toBe('proposed');
    const withdrawn = await call(`/api/wants/${listings[0].id}`, { method: 'DELETE', cookie: members[1]!.cookie });
    expect(withdrawn.status).toBe(204);
    const after = await circle(members[0]!, id);
    expect(after.status).toBe('declined');
    expect(after.endReason).toBe(`${members[1]!.user.displayName} no longer wants “${title}”`);
    expect((await notificationsOf(members[0]!))[0]!.text).toBe(`A trade circle was called off: ${after.endReason}`);
    expect(await scalar('SELECT count(*) AS n FROM wants')).toBeGreaterThan(0);
  });

  it("deleting a member's account declines their proposed circles", async () => {
    const { members, id } = await proposed(3);
    const response = await call(`/api/users/${members[1]!.id}`, { method: 'DELETE', cookie: members[1]!.cookie });
    expect(response.status).toBe(200);
    const after = await circle(members[0]!, id);
    expect(after.status).toBe('declined');
    expect(after.endReason).toBe('One of its members left');
    expect(after.legs[1].giver).toBeNull();
    expect(after.legs[0].receiver).toBeNull();
    expect(after.legs[1].listing).toBeNull();
  });
});

describe('expiry (15-minute cron)', () => {
  it('expires proposals after 7 days, closes their legs and tells every member; agreed and fresh circles stay', async () => {
    const now = Date.now();
    const stale = await ring(3);
    const staleId = (await proposeCircle(env, stale.legs, new Date(now - 7 * DAY - 60_000)))!;
    const fresh = await ring(2);
    const freshId = (await proposeCircle(env, fresh.legs, new Date(now - 6 * DAY)))!;
    const agreed = await ring(2);
    const agreedId = (await proposeCircle(env, agreed.legs, new Date(now - 8 * DAY)))!;
    await Promise.all(agreed.members.map((m) => act(m, agreedId, 'accept')));

    await runScheduled(FREQUENT_CRON, now, env);
    expect((await circle(stale.members[0]!, staleId)).status).toBe('expired');
    expect(await openLegs(staleId)).toBe(0);
    for (const member of stale.members)
      expect((await notificationsOf(member))[0]!.text).toBe(
        'A trade circle expired: not every member accepted within 7 days',
      );
    expect((await circle(fresh.members[0]!, freshId)).status).toBe('proposed');
    expect((await circle(agreed.members[0]!, agreedId)).status).toBe('agreed');
    const late = await act(stale.members[0]!, staleId, 'accept');
    expect(late.status).toBe(409);
    // A rerun of the same run changes nothing.
    await runScheduled(FREQUENT_CRON, now, env);
    expect((await circle(fresh.members[0]!, freshId)).status).toBe('proposed');
  });
});

describe('expiry within the cron budget', () => {
  it('pages a backlog of due proposals, 100 a run, in five statements, and reads almost nothing when none is due', async () => {
    const [a, b] = await Promise.all([signUp(), signUp()]);
    const count = 150;
    const past = new Date(Date.now() - 8 * DAY).toISOString();
    // Listings and circles written in bulk: member a gives a_i to b, b gives b_i to a.
    const insertListings = (owner: Member) =>
      env.DB.prepare(
        `INSERT INTO listings (user_id, title, description, what_user_wants, location, distance)
         SELECT ?1, 'Bulk item ' || value, 'A bulk listing for the expiry budget', 'Anything', 'Oakland, CA', 25 FROM json_each(?2) RETURNING id`,
      )
        .bind(owner.id, JSON.stringify(Array.from({ length: count }, (_, i) => i)))
        .all<{ id: number }>();
    const [mine, theirs] = [(await insertListings(a)).results, (await insertListings(b)).results];
    const rows = mine.map((l, i) => [
      l.id,
      theirs[i]!.id,
      legsKey([
        { giverId: a.id, listingId: l.id, receiverId: b.id },
        { giverId: b.id, listingId: theirs[i]!.id, receiverId: a.id },
      ]),
    ]);
    await env.DB.prepare(
      `INSERT INTO trade_circles (status, legs_key, created_at, expires_at, updated_at)
       SELECT 'proposed', json_extract(value, '$[2]'), ?2, ?2, ?2 FROM json_each(?1)`,
    )
      .bind(JSON.stringify(rows), past)
      .run();
    await env.DB.prepare(
      `INSERT INTO trade_circle_legs (circle_id, position, giver_id, receiver_id, listing_id)
       SELECT c.id, 0, ?2, ?3, json_extract(j.value, '$[0]') FROM json_each(?1) j JOIN trade_circles c ON c.legs_key = json_extract(j.value, '$[2]')
       UNION ALL
       SELECT c.id, 1, ?3, ?2, json_extract(j.value, '$[1]') FROM json_each(?1) j JOIN trade_circles c ON c.legs_key = json_extract(j.value, '$[2]')`,
    )
      .bind(JSON.stringify(rows), a.id, b.id)
      .run();
    const keys = JSON.stringify(rows.map((r) => r[2]));
    const byStatus = (status: string) =>
      scalar(
        `SELECT count(*) AS n FROM trade_circles WHERE status = ?1 AND legs_key IN (SELECT value FROM json_each(?2))`,
        status,
        keys,
      );

    const runAt = async (at: number) => {
      const counts = emptyCounts();
      await runScheduled(FREQUENT_CRON, at, meterEnv(env, counts));
      return counts;
    };
    const first = await runAt(Date.now());
    expect(first.d1Statements).toBeLessThanOrEqual(50);
    expect(await byStatus('expired')).toBe(EXPIRY_PAGE);
    const second = await runAt(Date.now() + 15 * 60_000);
    expect(second.d1Statements).toBeLessThanOrEqual(50);
    expect(await byStatus('expired')).toBe(count);
    expect(
      await scalar(
        `SELECT count(*) AS n FROM trade_circle_legs WHERE open = 1 AND listing_id IN (SELECT id FROM listings WHERE user_id = ?)`,
        a.id,
      ),
    ).toBe(0);
    // One entry per member and circle.
    expect(
      await scalar(`SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'trade_circle'`, b.id),
    ).toBe(count);

    // The job alone: four statements with work and the members' Web Push subscriptions read (none
    // here, so no outbox call), one indexed read without.
    const busy = emptyCounts();
    const more = await ring(2);
    await proposeCircle(env, more.legs, new Date(Date.now() - 8 * DAY));
    expect(await expireCircles(meterEnv(env, busy), new Date())).toHaveLength(1);
    expect(busy.d1Statements).toBe(5);
    const idle = emptyCounts();
    expect(await expireCircles(meterEnv(env, idle), new Date())).toEqual([]);
    expect(idle.d1Statements).toBe(1);
    expect(idle.d1RowsRead).toBeLessThanOrEqual(1);
  });
});

describe('group chat', () => {
  it('members post and read messages (validated like conversation messages); others get 403', async () => {
    const { members, id } = await proposed(3);
    const post = (m: Member | null, body: unknown) =>
      call(`/api/trade-circles/${id}/messages`, { cookie: m?.cookie, body });
    let response = await post(members[0]!, { content: '   ' });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: 'Message cannot be empty',
      code: 'message_empty',
      errors: { content: 'Message cannot be empty' },
    });
    response = await post(members[0]!, { content: 'x'.repeat(2001) });
    expect((await json(response)).message).toBe('Message must be at most 2000 characters');
    response = await post(members[0]!, {});
    expect(response.status).toBe(400);
    response = await post(members[0]!, '{bad json');
    expect(response.status).toBe(400);

    response = await post(members[0]!, { content: '  When could we meet?  ' });
    expect(response.status).toBe(201);
    const created = await json(response);
    expect(created).toMatchObject({ circleId: id, senderId: members[0]!.id, content: 'When could we meet?' });
    expect(Object.keys(created).sort()).toEqual(['circleId', 'content', 'createdAt', 'id', 'senderId']);
    await post(members[1]!, { content: 'Saturday works for me' });
    const list = await json(await get(members[2]!, `/api/trade-circles/${id}/messages`));
    expect(list.map((m: any) => m.content)).toEqual(['When could we meet?', 'Saturday works for me']);
    // The others were told (one entry per member for the chat, counting its messages); the sender was not.
    const third = await notificationsOf(members[2]!);
    expect(third.find((n) => n.text.startsWith(members[1]!.user.displayName))).toMatchObject({
      text: `${members[1]!.user.displayName} wrote in your trade circle: Saturday works for me`,
      link: `/trade-circles/${id}`,
      count: 2,
    });
    expect((await notificationsOf(members[0]!)).some((n) => n.text.includes('wrote in your trade circle: When'))).toBe(
      false,
    );

    const stranger = await signUp();
    expect((await post(stranger, { content: 'Hello' })).status).toBe(403);
    expect((await get(stranger, `/api/trade-circles/${id}/messages`)).status).toBe(403);
    expect((await get(await signUpAdmin(), `/api/trade-circles/${id}/messages`)).status).toBe(403);
    expect((await post(null, { content: 'Hello' })).status).toBe(401);
    expect(
      (await post(stranger, { content: 'Hello' }).then(() => get(stranger, '/api/trade-circles/99999999/messages')))
        .status,
    ).toBe(404);

    // A declined circle's chat is closed for new messages but stays readable.
    await act(members[1]!, id, 'decline');
    const closed = await post(members[0]!, { content: 'Too late?' });
    expect(closed.status).toBe(409);
    expect(await json(closed)).toEqual({ message: CIRCLE_MESSAGES.ended, code: expect.any(String) });
    expect((await json(await get(members[0]!, `/api/trade-circles/${id}/messages`))).length).toBe(2);
  });

  it('is live: messages, typing and changes reach the members sockets; sockets need membership and a same-origin page', async () => {
    const { members, id } = await proposed(3);
    const ws = (m: Member | null, headers: Record<string, string> = {}) =>
      call(`/api/trade-circles/${id}/ws`, { cookie: m?.cookie, headers: { Upgrade: 'websocket', ...headers } });
    const a = openSocket(await ws(members[0]!, { Origin: ORIGIN }));
    const b = openSocket(await ws(members[1]!));
    const stranger = await signUp();
    expect((await ws(stranger)).status).toBe(403);
    expect((await ws(members[2]!, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await ws(null)).status).toBe(401);
    expect((await call(`/api/trade-circles/${id}/ws`, { cookie: members[0]!.cookie })).status).toBe(426);

    const posted = await json(
      await call(`/api/trade-circles/${id}/messages`, { cookie: members[2]!.cookie, body: { content: 'Hi all' } }),
    );
    for (const socket of [a, b])
      expect(await socket.next((f) => f.type === 'circle_message')).toEqual({
        type: 'circle_message',
        message: posted,
      });

    a.send({ type: 'typing' });
    expect(await b.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: members[0]!.id });
    await settle();
    expect(a.frames.some((f) => f.type === 'typing')).toBe(false);

    // A read mark settles the member's chat notification.
    const chatEntry = async (m: Member) =>
      (await notificationsOf(m)).find((n) => n.text.includes('wrote in your trade circle: Hi all')) as
        { read: boolean } | undefined;
    expect((await chatEntry(members[1]!))?.read).toBe(false);
    b.send({ type: 'read', upTo: posted.id });
    const until = Date.now() + 2000;
    while ((await chatEntry(members[1]!))?.read !== true && Date.now() < until) await settle(20);
    expect((await chatEntry(members[1]!))?.read).toBe(true);
    expect((await chatEntry(members[0]!))?.read).toBe(false);

    await act(members[0]!, id, 'accept');
    expect(await b.next((f) => f.type === 'circle')).toEqual({ type: 'circle', circleId: id });

    // Signing out closes the member's circle socket like a conversation's.
    await call('/api/auth/logout', { method: 'POST', cookie: members[1]!.cookie });
    const deadline = Date.now() + 2000;
    while (!b.closed() && Date.now() < deadline) await settle(20);
    expect(b.closeEvent()).toEqual({ code: 4001, reason: 'Session ended' });
    expect(a.closed()).toBe(false);
    a.socket.close(1000);
  });
});
