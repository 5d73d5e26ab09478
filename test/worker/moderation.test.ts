// The moderation queue and its actions (docs/api/moderation.md): who may call what (visitor,
// member, the member acted on, admin, the admin on themselves), the queue's page and count, each
// action's effect (dismiss, warn, hide; suspension has its own file), the audit log with the
// make-admin and featured toggles in it, hostile input, and two admins racing on one report.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { proposeCircle } from '@worker/services/trade-circles/propose';
import { call, createListing, json, signUp, signUpAdmin, waitForEmailTo, type Member } from './helpers';

const REMOVED = 'This message was removed by a moderator';

const report = async (member: Member, body: Record<string, unknown>) => {
  const response = await call('/api/reports', { cookie: member.cookie, body: { reason: 'spam', ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return json(response);
};
const resolve = (admin: Member | null, id: number | string, body: unknown) =>
  call(`/api/admin/reports/${id}/resolve`, { cookie: admin?.cookie, body });
const queue = async (admin: Member, query = '') => {
  const response = await call(`/api/admin/reports${query}`, { cookie: admin.cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return { items: await json<any[]>(response), next: response.headers.get('X-Next-Cursor') };
};
/** The queue's item for a report, from an open (or resolved) page walked to the end. */
async function itemOf(admin: Member, reportId: number, status = 'open') {
  let before: string | null = null;
  for (let i = 0; i < 100; i++) {
    const { items, next } = await queue(
      admin,
      `?status=${status}&limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    );
    const found = items.find((item) => item.id === reportId);
    if (found) return found;
    if (!next) return undefined;
    before = next;
  }
  return undefined;
}
const scalar = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const bell = async (member: Member) =>
  (await json(await call('/api/notifications', { cookie: member.cookie }))).notifications as any[];
const audit = async (admin: Member, query = '') =>
  json<any[]>(await call(`/api/admin/audit${query}`, { cookie: admin.cookie }));

async function send(from: Member, to: Member, listingId: number, content: string): Promise<number> {
  const response = await call('/api/messages', {
    cookie: from.cookie,
    body: { senderId: from.id, receiverId: to.id, listingId, content },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json(response)).id;
}

describe('who may use the admin routes', () => {
  it('visitors get 401 and members 403 on every admin route; nothing changes', async () => {
    const [owner, reporter] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const filed = await report(reporter, { targetType: 'listing', targetId: listing.id });
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/reports?status=resolved'],
      ['GET', '/api/admin/reports/count'],
      ['GET', '/api/admin/audit'],
      ['POST', `/api/admin/reports/${filed.id}/resolve`, { action: 'dismiss', note: 'Fine' }],
      ['POST', `/api/admin/users/${owner.id}/reinstate`, { note: 'Fine' }],
    ];
    for (const [method, path, body] of routes) {
      const visitor = await call(path, { method, body });
      expect(visitor.status, `${method} ${path}`).toBe(401);
      expect(await json(visitor)).toEqual({ message: 'Authentication required', code: 'auth_required' });
      // The member the report is about, and the reporter: members like any other.
      for (const member of [owner, reporter]) {
        const refused = await call(path, { method, body, cookie: member.cookie });
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(await json(refused)).toEqual({ message: 'Admin access required', code: 'admin_required' });
      }
    }
    expect(await scalar('SELECT count(*) AS n FROM reports WHERE id = ? AND status = ?', filed.id, 'open')).toBe(1);
  });

  it('checks the admin’s session in the action’s own batch: a voided session is 401 and a member 403, before any 404, 400 or 409', async () => {
    const [admin, owner, reporter] = await Promise.all([signUpAdmin(), signUp(), signUp()]);
    const filed = await report(reporter, { targetType: 'user', targetId: owner.id });
    const body = { action: 'warn', note: 'Careful' };
    for (const [id, payload] of [
      [filed.id, body],
      [999_999_999, body],
      [filed.id, { action: 'nope' }],
    ] as const) {
      expect((await resolve(owner, id, payload)).status).toBe(403);
    }
    // Sign out everywhere: the old cookie is void.
    const stale = admin.cookie;
    await call('/api/auth/logout-everywhere', { method: 'POST', cookie: admin.cookie });
    for (const id of [filed.id, 999_999_999]) {
      const refused = await call(`/api/admin/reports/${id}/resolve`, { cookie: stale, body });
      expect(refused.status).toBe(401);
      expect(await json(refused)).toEqual({ message: 'Authentication required', code: 'auth_required' });
    }
    expect(await scalar('SELECT count(*) AS n FROM reports WHERE id = ? AND status = ?', filed.id, 'open')).toBe(1);
    // A demoted admin loses the right at once.
    const other = await signUpAdmin();
    await env.DB.prepare('UPDATE users SET is_admin = 0 WHERE id = ?').bind(other.id).run();
    expect((await resolve(other, filed.id, body)).status).toBe(403);
    expect(await scalar('SELECT count(*) AS n FROM moderation_actions WHERE report_id = ?', filed.id)).toBe(0);
  });

  it('an admin cannot act on themselves: not on a report about them or their listing, nor reinstate themselves', async () => {
    const [admin, other, reporter] = await Promise.all([signUpAdmin(), signUpAdmin(), signUp()]);
    const listing = await createListing(admin, { title: 'Admin’s own listing' });
    const onListing = await report(reporter, { targetType: 'listing', targetId: listing.id });
    const onAdmin = await report(reporter, { targetType: 'user', targetId: admin.id });
    for (const [id, action] of [
      [onListing.id, 'dismiss'],
      [onListing.id, 'hide'],
      [onAdmin.id, 'warn'],
      [onAdmin.id, 'suspend'],
      [onAdmin.id, 'ban'],
    ] as const) {
      const refused = await resolve(admin, id, { action, days: 3, note: 'Me' });
      expect(refused.status, action).toBe(403);
      expect(await json(refused)).toEqual({ message: 'Admins cannot act on themselves', code: expect.any(String) });
    }
    const self = await call(`/api/admin/users/${admin.id}/reinstate`, { cookie: admin.cookie, body: { note: 'Me' } });
    expect(self.status).toBe(403);
    expect(await json(self)).toEqual({ message: 'Admins cannot act on themselves', code: expect.any(String) });
    // Another admin may act on it.
    expect((await resolve(other, onAdmin.id, { action: 'dismiss', note: 'Not a breach' })).status).toBe(200);
    expect(await scalar('SELECT count(*) AS n FROM moderation_actions WHERE actor_id = ?', admin.id)).toBe(0);
  });
});

describe('the queue', () => {
  it('gives each report with its reporter, the member responsible, the snapshot, the current content, the open count and hidden', async () => {
    const admin = await signUpAdmin();
    const [owner, first, second] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner, {
      title: 'Cheap phones, no questions',
      description: 'Brand new, still sealed.',
    });
    const a = await report(first, {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'scam',
      details: 'Looks stolen',
    });
    await report(second, { targetType: 'listing', targetId: listing.id, reason: 'prohibited' });
    // The listing changes after it was reported: the queue shows both.
    expect(
      (
        await call(`/api/listings/${listing.id}`, {
          method: 'PUT',
          cookie: owner.cookie,
          body: { title: 'Phones for swap' },
        })
      ).status,
    ).toBe(200);
    const item = await itemOf(admin, a.id);
    expect(item).toEqual({
      id: a.id,
      targetType: 'listing',
      targetId: listing.id,
      reason: 'scam',
      details: 'Looks stolen',
      guard: null,
      status: 'open',
      resolution: null,
      createdAt: expect.any(String),
      resolvedAt: null,
      reporter: { id: first.id, username: first.username, displayName: first.user.displayName, avatarUrl: null },
      targetUser: {
        id: owner.id,
        username: owner.username,
        displayName: owner.user.displayName,
        avatarUrl: null,
        suspendedUntil: null,
        createdAt: owner.user.createdAt,
      },
      snapshot: {
        label: 'Cheap phones, no questions',
        text: 'Brand new, still sealed.',
        imageUrl: null,
        link: `/listing/${listing.id}`,
      },
      current: {
        label: 'Phones for swap',
        text: 'Brand new, still sealed.',
        imageUrl: null,
        link: `/listing/${listing.id}`,
      },
      openCount: 2,
      hidden: false,
    });
    // A deleted target: no current content, the snapshot stays.
    await call(`/api/listings/${listing.id}`, { method: 'DELETE', cookie: owner.cookie });
    const gone = await itemOf(admin, a.id);
    expect(gone.current).toBeNull();
    expect(gone.snapshot.label).toBe('Cheap phones, no questions');
  });

  it('pages open reports oldest first and resolved ones newest first with X-Next-Cursor, and counts the open ones', async () => {
    const admin = await signUpAdmin();
    const reporter = await signUp();
    const targets = await Promise.all(Array.from({ length: 5 }, () => signUp()));
    const filed = [];
    for (const target of targets) filed.push(await report(reporter, { targetType: 'user', targetId: target.id }));
    const count = async () => (await json(await call('/api/admin/reports/count', { cookie: admin.cookie }))).count;
    expect(await count()).toBe(await scalar("SELECT count(*) AS n FROM reports WHERE status = 'open'"));

    // Every open report, in order, through pages of 2.
    const seen: number[] = [];
    let before: string | null = null;
    for (let i = 0; i < 10_000; i++) {
      const { items, next } = await queue(admin, `?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`);
      seen.push(...items.map((r) => r.id));
      if (!next) break;
      before = next;
    }
    const open = await env.DB.prepare("SELECT id FROM reports WHERE status = 'open' ORDER BY created_at, id").all<{
      id: number;
    }>();
    expect(seen).toEqual(open.results.map((r) => r.id));

    const before1 = await count();
    for (const r of filed.slice(0, 3))
      expect((await resolve(admin, r.id, { action: 'dismiss', note: 'Nothing wrong' })).status).toBe(200);
    expect(await count()).toBe(before1 - 3);
    const { items } = await queue(admin, '?status=resolved&limit=3');
    expect(items.map((r) => r.id)).toEqual(
      filed
        .slice(0, 3)
        .map((r) => r.id)
        .reverse(),
    );
    expect(items.every((r) => r.status === 'resolved' && r.resolution === 'dismiss')).toBe(true);
  });

  it('answers bad paging and status with 400s naming the parameter', async () => {
    const admin = await signUpAdmin();
    for (const [query, field] of [
      ['?status=closed', 'status'],
      ['?status=', 'status'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
      ['?before=yesterday', 'before'],
      ['?before=2026-01-01T00:00:00.000Z_-1', 'before'],
    ]) {
      const response = await call(`/api/admin/reports${query}`, { cookie: admin.cookie });
      expect(response.status, query).toBe(400);
      expect(Object.keys((await json(response)).errors)).toEqual([field]);
    }
  });
});

describe('actions', () => {
  it('dismiss resolves every open report on the target and brings back a listing the threshold hid', async () => {
    const admin = await signUpAdmin();
    const owner = await signUp();
    const reporters = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Misunderstood sculpture' });
    const filed = [];
    for (const reporter of reporters)
      filed.push(await report(reporter, { targetType: 'listing', targetId: listing.id }));
    expect((await call(`/api/listings/${listing.id}`)).status).toBe(404);
    const guard = await scalar(
      "SELECT id AS n FROM reports WHERE guard = 'report_threshold' AND target_id = ?",
      listing.id,
    );
    const guardItem = await itemOf(admin, guard);
    expect(guardItem).toMatchObject({ guard: 'report_threshold', reporter: null, openCount: 4, hidden: true });

    const response = await resolve(admin, filed[1].id, { action: 'dismiss', note: 'Art, not a scam' });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      id: filed[1].id,
      status: 'resolved',
      resolution: 'dismiss',
      openCount: 0,
      hidden: false,
    });
    expect(
      await scalar(
        "SELECT count(*) AS n FROM reports WHERE target_type = 'listing' AND target_id = ? AND status = 'open'",
        listing.id,
      ),
    ).toBe(0);
    expect((await json(await call(`/api/listings/${listing.id}`))).status).toBe('active');
    // The reporter learns the outcome, not the note.
    const mine = await json<any[]>(await call('/api/reports', { cookie: reporters[0]!.cookie }));
    expect(mine[0]).toMatchObject({ id: filed[0].id, status: 'resolved', resolution: 'dismiss' });
    expect(JSON.stringify(mine)).not.toContain('Art, not a scam');
    // Once resolved, acting again is a conflict.
    const again = await resolve(admin, filed[0].id, { action: 'hide', note: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ message: 'This report has already been resolved', code: expect.any(String) });
  });

  it('warn tells the member in the bell and by email, whatever their email setting, and keeps the note internal', async () => {
    const admin = await signUpAdmin();
    const [member, reporter] = await Promise.all([signUp(), signUp()]);
    await env.DB.prepare('UPDATE users SET email_notifications = 0 WHERE id = ?').bind(member.id).run();
    const listing = await createListing(reporter);
    const messageId = await send(member, reporter, listing.id, 'You will regret this');
    const filed = await report(reporter, { targetType: 'message', targetId: messageId, reason: 'harassment' });
    const response = await resolve(admin, filed.id, { action: 'warn', note: 'First rude message, internal remark' });
    expect(response.status).toBe(200);
    const notices = await bell(member);
    const warning = notices.find((n) => n.kind === 'moderation');
    expect(warning).toMatchObject({ kind: 'moderation', read: false, link: '/community-standards' });
    expect(warning.text).toBe(
      `A moderator warned you about your message about “${listing.title}”: harassment. Please follow the community standards.`,
    );
    const email = await waitForEmailTo(member.email, /warning/);
    expect(email.text).toContain('harassment');
    expect(email.text).not.toContain('internal remark');
    // The message itself is untouched by a warning.
    expect(await scalar('SELECT hidden_at IS NULL AS n FROM messages WHERE id = ?', messageId)).toBe(1);
  });

  it('hide takes a listing out of view for everyone but its owner and admins; its owner cannot change its status; its circle is called off', async () => {
    const admin = await signUpAdmin();
    const members = await Promise.all([signUp(), signUp(), signUp()]);
    const [owner] = members;
    const items = await Promise.all(members.map((m, i) => createListing(m, { title: `Hidden circle item ${i}` })));
    for (let i = 0; i < 3; i++)
      await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?, ?)')
        .bind(members[(i + 1) % 3]!.id, items[i].id)
        .run();
    const circleId = await proposeCircle(
      env,
      members.map((m, i) => ({ giverId: m.id, listingId: items[i].id, receiverId: members[(i + 1) % 3]!.id })),
    );
    const reporter = await signUp();
    const filed = await report(reporter, { targetType: 'listing', targetId: items[0].id, reason: 'prohibited' });
    expect((await resolve(admin, filed.id, { action: 'hide', note: 'Weapons are not allowed' })).status).toBe(200);

    const row = await env.DB.prepare('SELECT status, held_status, hidden_reason FROM listings WHERE id = ?')
      .bind(items[0].id)
      .first();
    expect(row).toEqual({ status: 'hidden', held_status: 'active', hidden_reason: 'moderation' });
    expect((await call(`/api/listings/${items[0].id}`)).status).toBe(404);
    expect((await call(`/api/listings/${items[0].id}`, { cookie: reporter.cookie })).status).toBe(404);
    expect((await json(await call(`/api/listings/${items[0].id}`, { cookie: owner!.cookie }))).status).toBe('hidden');
    expect((await json(await call(`/api/listings/${items[0].id}`, { cookie: admin.cookie }))).status).toBe('hidden');
    // Out of browse and search, and of the owner's public listings; the owner still sees it on theirs.
    const browse = await json<any[]>(await call(`/api/listings?search=${encodeURIComponent('Hidden circle item 0')}`));
    expect(browse.map((l) => l.id)).not.toContain(items[0].id);
    expect((await json<any[]>(await call(`/api/users/${owner!.id}/listings`))).map((l) => l.id)).not.toContain(
      items[0].id,
    );
    expect(
      (await json<any[]>(await call(`/api/users/${owner!.id}/listings`, { cookie: owner!.cookie }))).map((l) => l.id),
    ).toContain(items[0].id);
    // The owner may edit its text, not its status.
    const status = await call(`/api/listings/${items[0].id}`, {
      method: 'PUT',
      cookie: owner!.cookie,
      body: { status: 'active' },
    });
    expect(status.status).toBe(409);
    expect(await json(status)).toEqual({ message: 'This listing was hidden by a moderator', code: expect.any(String) });
    expect(
      (
        await call(`/api/listings/${items[0].id}`, {
          method: 'PUT',
          cookie: owner!.cookie,
          body: { title: 'A harmless title' },
        })
      ).status,
    ).toBe(200);
    expect(await scalar('SELECT status = ? AS n FROM listings WHERE id = ?', 'hidden', items[0].id)).toBe(1);
    // The circle is called off, its members told.
    expect(await scalar("SELECT status = 'declined' AS n FROM trade_circles WHERE id = ?", circleId)).toBe(1);
    await expect
      .poll(async () => (await bell(members[1]!)).some((n) => n.kind === 'trade_circle' && /called off/.test(n.text)))
      .toBe(true);
    // The owner is told.
    expect((await bell(owner!)).find((n) => n.kind === 'moderation')?.text).toBe(
      'A moderator hid your listing “Hidden circle item 0” for prohibited items or services.',
    );
  });

  it('hide replaces a message’s text for both members everywhere they read it; admins still read it in the queue', async () => {
    const admin = await signUpAdmin();
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    await send(owner, member, listing.id, 'Hello, it is available');
    const bad = await send(member, owner, listing.id, 'Send me money first at scam.example');
    const filed = await report(owner, { targetType: 'message', targetId: bad, reason: 'scam' });
    expect((await resolve(admin, filed.id, { action: 'hide', note: 'Scam' })).status).toBe(200);

    for (const reader of [owner, member]) {
      const partner = reader === owner ? member : owner;
      const whole = await json<any[]>(
        await call(`/api/conversations/${reader.id}/${partner.id}/${listing.id}`, { cookie: reader.cookie }),
      );
      expect(whole.find((m) => m.id === bad)?.content).toBe(REMOVED);
      const paged = await json<any[]>(
        await call(`/api/conversations/${reader.id}/${partner.id}/${listing.id}?limit=10`, { cookie: reader.cookie }),
      );
      expect(paged.find((m) => m.id === bad)?.content).toBe(REMOVED);
      const all = await json<any[]>(await call(`/api/users/${reader.id}/messages`, { cookie: reader.cookie }));
      expect(all.find((m) => m.id === bad)?.content).toBe(REMOVED);
      const list = await json<any[]>(await call('/api/conversations', { cookie: reader.cookie }));
      expect(list.find((c) => c.listing.id === listing.id)?.lastMessage).toBe(REMOVED);
    }
    const item = await itemOf(admin, filed.id, 'resolved');
    expect(item).toMatchObject({ hidden: true, current: { text: 'Send me money first at scam.example' } });
  });

  it('hide replaces a trade circle chat line for every member', async () => {
    const admin = await signUpAdmin();
    const members = await Promise.all([signUp(), signUp(), signUp()]);
    const items = await Promise.all(members.map((m, i) => createListing(m, { title: `Chat hide item ${i}` })));
    for (let i = 0; i < 3; i++)
      await env.DB.prepare('INSERT INTO wants (user_id, listing_id) VALUES (?, ?)')
        .bind(members[(i + 1) % 3]!.id, items[i].id)
        .run();
    const circleId = await proposeCircle(
      env,
      members.map((m, i) => ({ giverId: m.id, listingId: items[i].id, receiverId: members[(i + 1) % 3]!.id })),
    );
    const line = await json(
      await call(`/api/trade-circles/${circleId}/messages`, {
        cookie: members[0]!.cookie,
        body: { content: 'Pay me outside the app' },
      }),
    );
    const filed = await report(members[1]!, { targetType: 'circle_message', targetId: line.id, reason: 'scam' });
    expect((await resolve(admin, filed.id, { action: 'hide', note: 'Off-platform payment' })).status).toBe(200);
    for (const member of members) {
      const chat = await json<any[]>(await call(`/api/trade-circles/${circleId}/messages`, { cookie: member.cookie }));
      expect(chat.find((m) => m.id === line.id)?.content).toBe(REMOVED);
    }
  });

  it('hide applies only to a listing or a message', async () => {
    const admin = await signUpAdmin();
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const offer = await json(
      await call('/api/offers', { cookie: member.cookie, body: { listingId: listing.id, text: 'A song' } }),
    );
    for (const filed of [
      await report(owner, { targetType: 'user', targetId: member.id }),
      await report(owner, { targetType: 'offer', targetId: offer.id }),
    ]) {
      const refused = await resolve(admin, filed.id, { action: 'hide', note: 'Hide it' });
      expect(refused.status).toBe(400);
      expect((await json(refused)).message).toBe('Only a listing or a message can be hidden');
    }
  });

  it('refuses hostile bodies and ids with the contract’s answers, changing nothing', async () => {
    const admin = await signUpAdmin();
    const [owner, reporter] = await Promise.all([signUp(), signUp()]);
    const filed = await report(reporter, { targetType: 'user', targetId: owner.id });
    const cases: [unknown, string, string][] = [
      [{ action: 'suspend', days: 0, note: 'x' }, 'days', 'Days must be a whole number from 1 to 90'],
      [{ action: 'suspend', days: 91, note: 'x' }, 'days', 'Days must be a whole number from 1 to 90'],
      [{ action: 'suspend', days: 1.5, note: 'x' }, 'days', 'Days must be a whole number from 1 to 90'],
      [{ action: 'suspend', days: '3', note: 'x' }, 'days', 'Days must be a whole number from 1 to 90'],
      [{ action: 'suspend', note: 'x' }, 'days', 'Days must be a whole number from 1 to 90'],
      [{ action: 'dismiss' }, 'note', 'Please add a note saying why'],
      [{ action: 'dismiss', note: '   ' }, 'note', 'Please add a note saying why'],
      [{ action: 'dismiss', note: 'x'.repeat(1001) }, 'note', 'Note must be at most 1000 characters'],
      [{ action: 'delete', note: 'x' }, 'action', 'Action must be one of dismiss, warn, hide, suspend or ban'],
      [{ note: 'x' }, 'action', 'Action must be one of dismiss, warn, hide, suspend or ban'],
    ];
    for (const [body, field, message] of cases) {
      const response = await resolve(admin, filed.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await json(response);
      expect(answer.message).toBe(message);
      expect(answer.errors[field]).toBe(message);
    }
    const malformed = await resolve(admin, filed.id, '{"action": ');
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).message).toBe('Malformed JSON body');
    for (const id of ['999999999', '0', '1e3', '-1', '99999999999999999999']) {
      expect((await resolve(admin, id, { action: 'dismiss', note: 'x' })).status, id).toBe(404);
    }
    const missingMember = await call('/api/admin/users/999999999/reinstate', {
      cookie: admin.cookie,
      body: { note: 'x' },
    });
    expect(missingMember.status).toBe(404);
    expect((await call(`/api/admin/users/${owner.id}/reinstate`, { cookie: admin.cookie, body: {} })).status).toBe(400);
    const notSuspended = await call(`/api/admin/users/${owner.id}/reinstate`, {
      cookie: admin.cookie,
      body: { note: 'x' },
    });
    expect(notSuspended.status).toBe(409);
    expect(await json(notSuspended)).toEqual({ message: 'This member is not suspended', code: expect.any(String) });
    expect(await scalar('SELECT count(*) AS n FROM reports WHERE id = ? AND status = ?', filed.id, 'open')).toBe(1);
    expect(await scalar('SELECT count(*) AS n FROM moderation_actions WHERE actor_id = ?', admin.id)).toBe(0);
  });

  it('two admins acting on one report at once: one action applies, the other is 409, one audit row', async () => {
    const [first, second] = await Promise.all([signUpAdmin(), signUpAdmin()]);
    const [owner, reporter] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner);
    const filed = await report(reporter, { targetType: 'listing', targetId: listing.id });
    const [a, b] = await Promise.all([
      resolve(first, filed.id, { action: 'hide', note: 'Hide' }),
      resolve(second, filed.id, { action: 'dismiss', note: 'Fine' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await scalar('SELECT count(*) AS n FROM moderation_actions WHERE report_id = ?', filed.id)).toBe(1);
    const winner = a.status === 200 ? 'hide' : 'dismiss';
    expect(await scalar('SELECT resolution = ? AS n FROM reports WHERE id = ?', winner, filed.id)).toBe(1);
    expect(await scalar("SELECT status = 'hidden' AS n FROM listings WHERE id = ?", listing.id)).toBe(
      winner === 'hide' ? 1 : 0,
    );
  });
});

describe('the audit log', () => {
  it('records every action with its actor, target, note and time, newest first, and the make-admin and featured toggles', async () => {
    const admin = await signUpAdmin();
    const [owner, reporter, promoted] = await Promise.all([signUp(), signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Audited lamp' });
    const filed = await report(reporter, { targetType: 'listing', targetId: listing.id });
    await resolve(admin, filed.id, { action: 'warn', note: 'Please fix the photos' });
    expect(
      (await call(`/api/admin/listings/${listing.id}/featured`, { cookie: admin.cookie, body: { isFeatured: true } }))
        .status,
    ).toBe(200);
    // A repeat changes nothing, and logs nothing.
    expect(
      (await call(`/api/admin/listings/${listing.id}/featured`, { cookie: admin.cookie, body: { isFeatured: true } }))
        .status,
    ).toBe(200);
    expect(
      (await call(`/api/admin/listings/${listing.id}/featured`, { cookie: admin.cookie, body: { isFeatured: false } }))
        .status,
    ).toBe(200);
    expect(
      (await call(`/api/admin/users/${promoted.id}/make-admin`, { method: 'POST', cookie: admin.cookie })).status,
    ).toBe(200);
    expect(
      (await call(`/api/admin/users/${promoted.id}/make-admin`, { method: 'POST', cookie: admin.cookie })).status,
    ).toBe(200);

    const mine = (await audit(admin, '?limit=100')).filter((e) => e.actor.id === admin.id);
    expect(mine.map((e) => e.action)).toEqual(['make_admin', 'unfeature', 'feature', 'warn']);
    expect(mine[3]).toEqual({
      id: expect.any(Number),
      actor: { id: admin.id, name: admin.username },
      action: 'warn',
      targetType: 'listing',
      targetId: listing.id,
      targetLabel: 'Audited lamp',
      targetUserId: owner.id,
      reportId: filed.id,
      days: null,
      note: 'Please fix the photos',
      createdAt: expect.any(String),
    });
    expect(mine[0]).toMatchObject({
      targetType: 'user',
      targetId: promoted.id,
      targetLabel: promoted.username,
      targetUserId: promoted.id,
    });

    // One member's history (the queue's "earlier actions on the same member").
    const history = await audit(admin, `?userId=${owner.id}`);
    expect(history.map((e) => e.action)).toEqual(['unfeature', 'feature', 'warn']);
    // Pages follow X-Next-Cursor.
    const page = await call(`/api/admin/audit?userId=${owner.id}&limit=2`, { cookie: admin.cookie });
    const next = page.headers.get('X-Next-Cursor');
    expect(next).not.toBeNull();
    const rest = await audit(admin, `?userId=${owner.id}&limit=2&before=${encodeURIComponent(next!)}`);
    expect([...(await json<any[]>(page)), ...rest].map((e) => e.action)).toEqual(['unfeature', 'feature', 'warn']);
    for (const query of ['?userId=abc', '?userId=0', '?userId=-3', '?limit=0', '?before=nope']) {
      expect((await call(`/api/admin/audit${query}`, { cookie: admin.cookie })).status, query).toBe(400);
    }
  });

  it('keeps the log and the reports when the accounts they name are deleted', async () => {
    const admin = await signUpAdmin();
    const [owner, reporter] = await Promise.all([signUp(), signUp()]);
    const listing = await createListing(owner, { title: 'Soon gone' });
    const filed = await report(reporter, {
      targetType: 'listing',
      targetId: listing.id,
      reason: 'scam',
      details: 'Evidence',
    });
    await resolve(admin, filed.id, { action: 'warn', note: 'Kept' });
    for (const member of [owner, reporter])
      expect((await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(200);
    const row = await env.DB.prepare('SELECT reporter_id, target_user_id, details, snapshot FROM reports WHERE id = ?')
      .bind(filed.id)
      .first<any>();
    expect(row).toMatchObject({ reporter_id: null, target_user_id: null, details: 'Evidence' });
    expect(JSON.parse(row.snapshot).label).toBe('Soon gone');
    const entry = (await audit(admin)).find((e) => e.reportId === filed.id);
    expect(entry).toMatchObject({ action: 'warn', targetLabel: 'Soon gone', targetUserId: null, note: 'Kept' });
    const item = await itemOf(admin, filed.id, 'resolved');
    expect(item).toMatchObject({ reporter: null, targetUser: null, current: null });
  });
});
