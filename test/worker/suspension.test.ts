// Suspension and its end (docs/api/moderation.md, "Enforcement"): the whole cascade of a suspension
// (sessions and sockets ended, sign-in refused with the end date, listings out of view, open offers
// closed, pending barters cancelled, proposed and agreed circles called off, every other member
// told), the cron job ending it (listings back as they were), a ban and reinstatement, the session
// rule itself, and a suspension racing a barter confirmation with nothing half-done.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PERMANENT_SUSPENSION } from '@/shared/constants';
import { unlimited } from '@worker/lib/cron-budget';
import { runSuspensionEnd } from '@worker/cron/suspension-end';
import { readableDate } from '@worker/lib/moderation/standing';
import { proposeCircle } from '@worker/services/trade-circles/propose';
import {
  call,
  createListing,
  json,
  ORIGIN,
  sessionCookie,
  signUp,
  signUpAdmin,
  waitForEmailTo,
  type Member,
} from './helpers';
import { openSocket } from './ws-client';

const DAY = 24 * 60 * 60 * 1000;
const scalar = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const rowOf = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<any>();
const bell = async (member: Member) =>
  (await json(await call('/api/notifications', { cookie: member.cookie }))).notifications as any[];
const signIn = (member: Member) =>
  call('/api/auth/login', { body: { username: member.username, password: member.password } });

async function send(from: Member, to: Member, listingId: number, content: string) {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function reportOf(reporter: Member, targetType: string, targetId: number) {
  const response = await call('/api/reports', {
    cookie: reporter.cookie,
    body: { targetType, targetId, reason: 'scam' },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json(response)).id as number;
}

const resolve = (admin: Member, id: number, body: unknown) =>
  call(`/api/admin/reports/${id}/resolve`, { cookie: admin.cookie, body });

/** A ring of three whose first giver is `first`; proposed (and, with `agree`, accepted by all). */
async function circleWith(first: Member, agree: boolean, title: string) {
  const others = await Promise.all([signUp(), signUp()]);
  const members = [first, ...others];
  const items = await Promise.all(members.map((m, i) => createListing(m, { title: `${title} ${i}` })));
  for (let i = 0; i < 3; i++)
    await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?, ?)')
      .bind(members[(i + 1) % 3]!.id, items[i].id)
      .run();
  const id = (await proposeCircle(
    env,
    members.map((m, i) => ({ giverId: m.id, listingId: items[i].id, receiverId: members[(i + 1) % 3]!.id })),
  ))!;
  expect(id).toBeTypeOf('number');
  if (agree)
    for (const m of members)
      expect((await call(`/api/trade-circles/${id}/accept`, { method: 'POST', cookie: m.cookie })).status).toBe(200);
  return { id, members, others, items };
}

describe('a suspension', () => {
  it('ends every session and socket, refuses sign-in with the end date, and takes down everything the member had going', async () => {
    const admin = await signUpAdmin();
    const [member, seller, buyer, partner] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    const mine = await createListing(member, { title: 'Suspended member’s bike' });
    const paused = await createListing(member, { title: 'Suspended member’s paused lamp' });
    expect(
      (await call(`/api/listings/${paused.id}`, { method: 'PUT', cookie: member.cookie, body: { status: 'paused' } }))
        .status,
    ).toBe(200);
    const sellers = await createListing(seller, { title: 'Seller’s guitar' });

    // An open offer the member made, and one made to them.
    await send(member, seller, sellers.id, 'Would you swap?');
    const made = await json(
      await call('/api/offers', {
        cookie: member.cookie,
        body: { listingId: sellers.id, text: 'Two hours of painting' },
      }),
    );
    const received = await json(
      await call('/api/offers', { cookie: buyer.cookie, body: { listingId: mine.id, text: 'A basket of apples' } }),
    );
    // A pending barter with the member.
    await send(partner, member, mine.id, 'Swapped yesterday, thanks!');
    const recorded = await call('/api/barters', {
      cookie: partner.cookie,
      body: { listingId: mine.id, recipientId: member.id },
    });
    expect(recorded.status).toBe(201);
    const barterId = (await json(recorded)).id;
    // A proposed circle and an agreed one (with a pending barter per leg).
    const proposed = await circleWith(member, false, 'Proposed ring item');
    const agreed = await circleWith(member, true, 'Agreed ring item');
    expect(
      await scalar(
        "SELECT count(*) AS n FROM barters WHERE listing_id IN (SELECT value FROM json_each(?)) AND status = 'pending'",
        JSON.stringify(agreed.items.map((l) => l.id)),
      ),
    ).toBe(3);

    // A live-chat socket of the member's.
    const socket = openSocket(
      await call(`/api/conversations/${seller.id}/${sellers.id}/ws`, {
        cookie: member.cookie,
        headers: { Upgrade: 'websocket', Origin: ORIGIN },
      }),
    );

    const reportId = await reportOf(seller, 'user', member.id);
    const before = Date.now();
    const response = await resolve(admin, reportId, { action: 'suspend', days: 7, note: 'Repeated scams' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await json(response)).toMatchObject({
      status: 'resolved',
      resolution: 'suspend',
      targetUser: { id: member.id, suspendedUntil: expect.any(String) },
    });

    // Sessions and sockets end at once.
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(401);
    await expect.poll(() => socket.closeEvent()).toEqual({ code: 4001, reason: 'Account suspended' });
    const until = (await rowOf('SELECT suspended_until FROM users WHERE id = ?', member.id)).suspended_until as string;
    expect(Date.parse(until) - before).toBeGreaterThanOrEqual(7 * DAY);
    expect(Date.parse(until) - Date.now()).toBeLessThanOrEqual(7 * DAY);
    const refused = await signIn(member);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({
      message: `Your account is suspended until ${readableDate(until)}`,
      code: expect.any(String),
    });
    // No session cookie (a write may set the D1 bookmark's `d1b`: decision 057).
    expect(refused.headers.get('Set-Cookie') ?? '').not.toMatch(/\bsid=/);
    // The wrong password still learns nothing.
    expect(
      (await call('/api/auth/login', { body: { username: member.username, password: 'wrong-password' } })).status,
    ).toBe(401);

    // Listings out of view right after the reply, each keeping the status it comes back with.
    await expect
      .poll(() => scalar("SELECT count(*) AS n FROM listings WHERE user_id = ? AND status <> 'hidden'", member.id))
      .toBe(0);
    const listings = await env.DB.prepare(
      'SELECT id, status, held_status, hidden_reason FROM listings WHERE user_id = ? ORDER BY id',
    )
      .bind(member.id)
      .all<any>();
    expect(listings.results.every((l) => l.status === 'hidden' && l.hidden_reason === 'suspension')).toBe(true);
    expect(listings.results.find((l) => l.id === paused.id).held_status).toBe('paused');
    expect((await call(`/api/listings/${mine.id}`)).status).toBe(404);
    expect(await json(await call(`/api/users/${member.id}/listings`))).toEqual([]);
    const browse = await json<any[]>(
      await call(`/api/listings?search=${encodeURIComponent('Suspended member')}`, { cookie: buyer.cookie }),
    );
    expect(browse).toEqual([]);

    // Offers closed, each with its line and a notice to the other member.
    expect(await scalar('SELECT status = ? AS n FROM offers WHERE id = ?', 'withdrawn', made.id)).toBe(1);
    expect(await scalar('SELECT status = ? AS n FROM offers WHERE id = ?', 'declined', received.id)).toBe(1);
    const name = member.user.displayName;
    expect(
      await scalar(
        'SELECT count(*) AS n FROM messages WHERE event_key IN (?, ?)',
        `offer:${made.id}:withdrawn`,
        `offer:${received.id}:declined`,
      ),
    ).toBe(2);
    expect((await bell(seller)).find((n) => n.kind === 'offer')?.text).toBe(
      `${name}’s offer on “Seller’s guitar” was closed: their account is unavailable`,
    );
    expect((await bell(buyer)).find((n) => n.kind === 'offer')?.text).toBe(
      `Your offer on “Suspended member’s bike” was closed: ${name}’s account is unavailable`,
    );

    // The barter cancelled, its partner told in the bell and the conversation.
    expect(await rowOf('SELECT status FROM barters WHERE id = ?', barterId)).toEqual({ status: 'cancelled' });
    expect(
      (await rowOf('SELECT content FROM messages WHERE event_key = ?', `barter:${barterId}:cancelled`)).content,
    ).toBe(`${name}’s account is unavailable, so this barter was cancelled`);
    expect((await bell(partner)).find((n) => n.link.includes(`${mine.id}-`) && n.kind === 'barter_pending')?.text).toBe(
      `Your barter for “Suspended member’s bike” was cancelled: ${name}’s account is unavailable`,
    );

    // Both circles called off; the agreed one's barters cancelled, every leg's; the others told without a name.
    expect(
      await scalar(
        "SELECT count(*) AS n FROM trade_circles WHERE id IN (?, ?) AND status = 'declined'",
        proposed.id,
        agreed.id,
      ),
    ).toBe(2);
    expect(
      await scalar(
        'SELECT count(*) AS n FROM trade_circle_legs WHERE circle_id IN (?, ?) AND open = 1',
        proposed.id,
        agreed.id,
      ),
    ).toBe(0);
    expect(
      await scalar(
        "SELECT count(*) AS n FROM barters WHERE listing_id IN (SELECT value FROM json_each(?)) AND status = 'cancelled'",
        JSON.stringify(agreed.items.map((l) => l.id)),
      ),
    ).toBe(3);
    for (const other of [...proposed.others, ...agreed.others]) {
      const notice = (await bell(other)).find((n) => n.kind === 'trade_circle');
      expect(notice?.text).toBe('A trade circle was called off: one of its members is unavailable');
      expect(notice?.text).not.toContain(name);
    }

    // The member is told (bell, and email), and the audit log has it.
    expect(
      await rowOf(
        "SELECT kind, text FROM notifications WHERE user_id = ? AND subject_key = 'moderation:standing'",
        member.id,
      ),
    ).toEqual({
      kind: 'moderation',
      text: `Your account was suspended until ${readableDate(until)} for a suspected scam.`,
    });
    expect((await waitForEmailTo(member.email, /suspended/)).subject).toBe(
      `Your Barter Market account is suspended until ${readableDate(until)}`,
    );
    expect(
      await rowOf(
        'SELECT action, target_type, target_id, days, note FROM moderation_actions WHERE report_id = ?',
        reportId,
      ),
    ).toEqual({
      action: 'suspend',
      target_type: 'user',
      target_id: member.id,
      days: 7,
      note: 'Repeated scams',
    });

    // The end: the cron job, once the time has passed, brings the member and the listings back.
    expect(await runSuspensionEnd(env, Date.parse(until) - 1000, unlimited)).toBe(0);
    expect(await runSuspensionEnd(env, Date.parse(until) + 1000, unlimited)).toBeGreaterThanOrEqual(1);
    expect(await rowOf('SELECT suspended_until FROM users WHERE id = ?', member.id)).toEqual({ suspended_until: null });
    const back = await env.DB.prepare(
      'SELECT id, status, held_status, hidden_reason FROM listings WHERE user_id = ? ORDER BY id',
    )
      .bind(member.id)
      .all<any>();
    expect(back.results.find((l) => l.id === mine.id)).toEqual({
      id: mine.id,
      status: 'active',
      held_status: null,
      hidden_reason: null,
    });
    expect(back.results.find((l) => l.id === paused.id)).toMatchObject({ status: 'paused', held_status: null });
    expect(
      await rowOf(
        "SELECT actor_id, actor_name, action FROM moderation_actions WHERE target_user_id = ? AND action = 'suspension_ended'",
        member.id,
      ),
    ).toEqual({
      actor_id: null,
      actor_name: 'Automatic',
      action: 'suspension_ended',
    });
    const again = await signIn(member);
    expect(again.status).toBe(200);
    expect((await bell({ ...member, cookie: sessionCookie(again) })).find((n) => n.kind === 'moderation')?.text).toBe(
      'Your account is active again. Please follow the community standards.',
    );
    // A second run changes nothing.
    expect(await runSuspensionEnd(env, Date.parse(until) + 2000, unlimited)).toBe(0);
  });

  it('a ban is permanent: its own sign-in message, never ended by the cron job, lifted only by reinstatement', async () => {
    const admin = await signUpAdmin();
    const [member, reporter] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(member, { title: 'Banned member’s stool' });
    // A listing an admin hid before stays hidden after the ban is lifted.
    const other = await createListing(member, { title: 'Banned member’s hidden poster' });
    const hideReport = await reportOf(reporter, 'listing', other.id);
    expect((await resolve(admin, hideReport, { action: 'hide', note: 'Offensive' })).status).toBe(200);
    const banReport = await reportOf(reporter, 'listing', listing.id);
    expect((await resolve(admin, banReport, { action: 'ban', days: 5, note: 'Serious scam' })).status).toBe(200);
    expect(await rowOf('SELECT suspended_until FROM users WHERE id = ?', member.id)).toEqual({
      suspended_until: PERMANENT_SUSPENSION,
    });
    const refused = await signIn(member);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({
      message: 'Your account has been suspended permanently',
      code: expect.any(String),
    });
    expect(await rowOf('SELECT days FROM moderation_actions WHERE report_id = ?', banReport)).toEqual({ days: null });
    expect(await runSuspensionEnd(env, Date.now() + 100 * 365 * DAY, unlimited)).toBe(0);

    const reinstated = await call(`/api/admin/users/${member.id}/reinstate`, {
      cookie: admin.cookie,
      body: { note: 'Appeal accepted' },
    });
    expect(reinstated.status).toBe(200);
    expect(await json(reinstated)).toEqual({
      id: member.id,
      username: member.username,
      displayName: member.user.displayName,
      avatarUrl: null,
      suspendedUntil: null,
      createdAt: member.user.createdAt,
    });
    expect((await signIn(member)).status).toBe(200);
    // The listing hidden for the ban comes back right after the reply; the one an admin hid before stays hidden.
    expect(
      await scalar(
        "SELECT count(*) AS n FROM listings WHERE user_id = ? AND status = 'hidden' AND hidden_reason = 'moderation'",
        member.id,
      ),
    ).toBe(1);
    await expect
      .poll(() => scalar("SELECT count(*) AS n FROM listings WHERE id = ? AND status = 'active'", listing.id))
      .toBe(1);
    expect(
      await rowOf(
        "SELECT actor_id, note FROM moderation_actions WHERE action = 'reinstate' AND target_id = ?",
        member.id,
      ),
    ).toEqual({ actor_id: admin.id, note: 'Appeal accepted' });
    // Reinstating again: not suspended.
    expect(
      (await call(`/api/admin/users/${member.id}/reinstate`, { cookie: admin.cookie, body: { note: 'Again' } })).status,
    ).toBe(409);
  });

  it('the 15-minute job repairs listings the work after an action’s reply did not reach', async () => {
    const member = await signUp();
    const listing = await createListing(member, { title: 'Repaired listing' });
    const audit = (action: string) =>
      env.DB.prepare(
        "INSERT INTO moderation_actions (actor_name, action, target_type, target_id, target_user_id, note) VALUES ('admin', ?, 'user', ?, ?, 'x')",
      )
        .bind(action, member.id, member.id)
        .run();
    // Suspended (as the action's batch leaves it) but its listings still in view.
    await env.DB.prepare('UPDATE users SET suspended_until = ? WHERE id = ?')
      .bind(new Date(Date.now() + DAY).toISOString(), member.id)
      .run();
    await audit('suspend');
    expect(await runSuspensionEnd(env, Date.now(), unlimited)).toBe(0);
    expect(await rowOf('SELECT status, held_status, hidden_reason FROM listings WHERE id = ?', listing.id)).toEqual({
      status: 'hidden',
      held_status: 'active',
      hidden_reason: 'suspension',
    });
    // Reinstated, but its listings not yet back.
    await env.DB.prepare('UPDATE users SET suspended_until = NULL WHERE id = ?').bind(member.id).run();
    await audit('reinstate');
    expect(await runSuspensionEnd(env, Date.now(), unlimited)).toBe(0);
    expect(await rowOf('SELECT status, held_status, hidden_reason FROM listings WHERE id = ?', listing.id)).toEqual({
      status: 'active',
      held_status: null,
      hidden_reason: null,
    });
    // Outside the hour it looks back, nothing is touched.
    await env.DB.prepare('UPDATE users SET suspended_until = ? WHERE id = ?')
      .bind(new Date(Date.now() + DAY).toISOString(), member.id)
      .run();
    expect(await runSuspensionEnd(env, Date.now() + 2 * 60 * 60 * 1000, unlimited)).toBe(0);
    expect(await rowOf('SELECT status FROM listings WHERE id = ?', listing.id)).toEqual({ status: 'active' });
  });

  it('treats a suspended member as signed out on every kind of route, whatever session they hold', async () => {
    const [member, owner] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    await send(member, owner, listing.id, 'Hi');
    // Suspended in the database without voiding the sessions: the rule alone signs them out.
    await env.DB.prepare('UPDATE users SET suspended_until = ? WHERE id = ?')
      .bind(new Date(Date.now() + DAY).toISOString(), member.id)
      .run();
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(401);
    expect(
      (await call(`/api/conversations/${member.id}/${owner.id}/${listing.id}`, { cookie: member.cookie })).status,
    ).toBe(401);
    expect(
      (
        await call('/api/messages', {
          cookie: member.cookie,
          body: { receiverId: owner.id, listingId: listing.id, content: 'Still here?' },
        })
      ).status,
    ).toBe(401);
    const ws = await call(`/api/conversations/${owner.id}/${listing.id}/ws`, {
      cookie: member.cookie,
      headers: { Upgrade: 'websocket', Origin: ORIGIN },
    });
    expect(ws.status).toBe(401);
    // Once the time has passed, the same session works again (nothing voided it here).
    await env.DB.prepare('UPDATE users SET suspended_until = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), member.id)
      .run();
    expect((await call('/api/auth/current-user', { cookie: member.cookie })).status).toBe(200);
  });
});

describe('a suspension racing a barter confirmation', () => {
  it('leaves the barter either completed or cancelled, never both, and its lines and counts agree', async () => {
    const admin = await signUpAdmin();
    for (let round = 0; round < 4; round++) {
      const [member, partner] = await Promise.all([signUp(), signUp()]);
      const listing = await createListing(member, { title: `Raced barter ${round}` });
      await send(partner, member, listing.id, 'Deal?');
      // The member recorded it; the partner confirms while an admin suspends the member.
      const recorded = await call('/api/barters', {
        cookie: member.cookie,
        body: { listingId: listing.id, recipientId: partner.id },
      });
      const barterId = (await json(recorded)).id;
      const reportId = await reportOf(partner, 'user', member.id);
      const confirm = () => call(`/api/barters/${barterId}/complete`, { method: 'PATCH', cookie: partner.cookie });
      const suspend = () => resolve(admin, reportId, { action: 'suspend', days: 2, note: 'Race' });
      // Which request starts first alternates between rounds.
      let confirmed: Response;
      let suspended: Response;
      if (round % 2) [confirmed, suspended] = await Promise.all([confirm(), suspend()]);
      else [suspended, confirmed] = await Promise.all([suspend(), confirm()]);
      expect(suspended.status).toBe(200);
      const { status } = await rowOf('SELECT status FROM barters WHERE id = ?', barterId);
      const lines = await env.DB.prepare('SELECT event_key FROM messages WHERE event_key LIKE ? ORDER BY id')
        .bind(`barter:${barterId}:%`)
        .all<{ event_key: string }>();
      const counted = await scalar('SELECT barters_completed AS n FROM users WHERE id = ?', partner.id);
      if (status === 'completed') {
        expect(confirmed.status).toBe(200);
        expect(lines.results.map((l) => l.event_key)).toEqual([`barter:${barterId}:completed`]);
        expect(counted).toBe(1);
      } else {
        expect(status).toBe('cancelled');
        expect(confirmed.status).toBe(409);
        expect(lines.results.map((l) => l.event_key)).toEqual([`barter:${barterId}:cancelled`]);
        expect(counted).toBe(0);
      }
    }
  });
});
