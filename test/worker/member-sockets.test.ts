// Ending sessions closes their live-chat sockets (docs/api/live-chat.md, "Ending sessions"): sign-out
// closes that session's sockets; sign-out everywhere, password change and reset, and account
// deletion close every older one. Driven through the Worker's routes, with a member who has two
// sessions and sockets in two conversations; the MemberSockets registry is checked after each.
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REMEMBER_ENDS_MS } from '@worker/durable-objects/ended-session-marks';
import { CHECK_AFTER_MS } from '@worker/durable-objects/member-sockets';
import { roomStub } from '@worker/durable-objects/conversation-room-client';
import { closeSocketsOfSuspendedMember, memberSocketsStub } from '@worker/durable-objects/member-sockets-client';
import {
  call,
  insertListing,
  json,
  ORIGIN,
  sessionCookie,
  signUp,
  signUpAdmin,
  tokenFromEmail,
  type Member,
} from './helpers';
import { openSocket, settle, type TestSocket } from './ws-client';

const SESSION_ENDED = { code: 4001, reason: 'Session ended' };

async function connect(cookie: string, partnerId: number, listingId: number) {
  return openSocket(
    await call(`/api/conversations/${partnerId}/${listingId}/ws`, {
      cookie,
      headers: { Upgrade: 'websocket', Origin: ORIGIN },
    }),
  );
}

async function signIn(member: Member): Promise<string> {
  const response = await call('/api/auth/login', { body: { username: member.username, password: member.password } });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

/**
 * A member signed in twice: session A (from sign-up) has sockets in two conversations, session B
 * (a later sign-in) in the first one. Each conversation's other member has a socket open too.
 */
async function scene() {
  const [member, owner1, owner2] = await Promise.all([signUp(), signUp(), signUp()]);
  const cookieA = member.cookie;
  const cookieB = await signIn(member);
  const [listing1, listing2] = await Promise.all([insertListing(owner1), insertListing(owner2)]);
  const sockets = {
    a1: await connect(cookieA, owner1.id, listing1),
    a2: await connect(cookieA, owner2.id, listing2),
    b1: await connect(cookieB, owner1.id, listing1),
    owner1: await connect(owner1.cookie, member.id, listing1),
    owner2: await connect(owner2.cookie, member.id, listing2),
  };
  const room1 = roomStub(env, listing1, owner1.id, member.id).id.toString();
  const room2 = roomStub(env, listing2, owner2.id, member.id).id.toString();
  const registry = memberSocketsStub(env, member.id);
  expect((await registry.rooms()).sort()).toEqual([room1, room2].sort());
  return { member, owner1, owner2, cookieA, cookieB, listing1, listing2, sockets, room1, room2, registry };
}

async function expectClosed(...sockets: TestSocket[]) {
  for (const socket of sockets) await expect.poll(() => socket.closeEvent()).toEqual(SESSION_ENDED);
}

async function expectOpen(...sockets: TestSocket[]) {
  await settle();
  for (const socket of sockets) expect(socket.closed()).toBe(false);
}

function closeAll(...sockets: TestSocket[]) {
  for (const socket of sockets) if (!socket.closed()) socket.socket.close(1000, 'done');
}

describe('ending sessions closes their live-chat sockets', () => {
  it('sign-out closes only that session’s sockets, and the registry keeps only rooms with a socket still open', async () => {
    const { cookieA, sockets, room1, registry } = await scene();
    const response = await call('/api/auth/logout', { method: 'POST', cookie: cookieA });
    expect(response.status).toBe(200);
    await expectClosed(sockets.a1, sockets.a2);
    await expectOpen(sockets.b1, sockets.owner1, sockets.owner2);
    expect(await registry.rooms()).toEqual([room1]);
    // The surviving session's socket still works.
    sockets.owner1.send({ type: 'typing' });
    expect(await sockets.b1.next((f) => f.type === 'typing')).toMatchObject({ type: 'typing' });
    // Its close is noticed by the registry too.
    sockets.b1.socket.close(1000, 'bye');
    await expect.poll(() => registry.rooms()).toEqual([]);
    closeAll(sockets.owner1, sockets.owner2);
  });

  it('sign-out everywhere closes every session’s sockets in every conversation, and the registry forgets them', async () => {
    const { cookieB, owner1, sockets, room1, registry } = await scene();
    const response = await call('/api/auth/logout-everywhere', { method: 'POST', cookie: cookieB });
    expect(response.status).toBe(200);
    await expectClosed(sockets.a1, sockets.a2, sockets.b1);
    await expectOpen(sockets.owner1, sockets.owner2);
    expect(await registry.rooms()).toEqual([]);
    // The other members' entries are their own.
    expect(await memberSocketsStub(env, owner1.id).rooms()).toEqual([room1]);
    closeAll(sockets.owner1, sockets.owner2);
  });

  it('a password change closes the sockets of every session created before it; the new session connects and stays open', async () => {
    const { member, owner1, cookieA, cookieB, listing1, sockets, room1, registry } = await scene();
    const response = await call('/api/auth/change-password', {
      cookie: cookieB,
      body: { currentPassword: member.password, newPassword: 'a-new-password-42' },
    });
    expect(response.status).toBe(200);
    const cookieC = sessionCookie(response);
    await expectClosed(sockets.a1, sockets.a2, sockets.b1);
    await expectOpen(sockets.owner1, sockets.owner2);
    expect(await registry.rooms()).toEqual([]);

    // The device that changed the password reconnects with its new session; the old ones cannot.
    expect(
      (
        await call(`/api/conversations/${owner1.id}/${listing1}/ws`, {
          cookie: cookieA,
          headers: { Upgrade: 'websocket', Origin: ORIGIN },
        })
      ).status,
    ).toBe(401);
    const c1 = await connect(cookieC, owner1.id, listing1);
    expect(await registry.rooms()).toEqual([room1]);
    await expectOpen(c1);
    sockets.owner1.send({ type: 'typing' });
    expect(await c1.next((f) => f.type === 'typing')).toMatchObject({ type: 'typing', userId: owner1.id });
    closeAll(c1, sockets.owner1, sockets.owner2);
  });

  it('a password reset closes every session’s sockets', async () => {
    const { member, sockets, registry } = await scene();
    expect((await call('/api/auth/forgot-password', { body: { email: member.email } })).status).toBe(200);
    const token = await tokenFromEmail(member.email, /Reset/);
    const response = await call('/api/auth/reset-password', { body: { token, password: 'a-reset-password-42' } });
    expect(response.status).toBe(200);
    await expectClosed(sockets.a1, sockets.a2, sockets.b1);
    await expectOpen(sockets.owner1, sockets.owner2);
    expect(await registry.rooms()).toEqual([]);
    closeAll(sockets.owner1, sockets.owner2);
  });

  it('deleting the account closes every session’s sockets, and the registry keeps nothing', async () => {
    const { member, cookieA, sockets, registry } = await scene();
    const response = await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: cookieA });
    expect(response.status).toBe(200);
    await expectClosed(sockets.a1, sockets.a2, sockets.b1);
    await expectOpen(sockets.owner1, sockets.owner2);
    expect(await registry.rooms()).toEqual([]);
    // Its storage is cleared, not just emptied, once the end is no longer remembered (decision
    // 039: a socket whose upgrade overlapped the deletion is refused meanwhile): its alarm comes back for it.
    const alarmAt = await runInDurableObject(registry, (_instance, state) => state.storage.getAlarm());
    expect(alarmAt).not.toBeNull();
    expect(alarmAt! - Date.now()).toBeLessThanOrEqual(REMEMBER_ENDS_MS + 1);
    await runInDurableObject(registry, (_instance, state) =>
      state.storage.sql.exec('UPDATE ended_sessions SET at = at - ?', REMEMBER_ENDS_MS + 1),
    );
    expect(await runDurableObjectAlarm(registry)).toBe(true);
    expect(
      await runInDurableObject(
        registry,
        (_instance, state) =>
          state.storage.sql.exec("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").one().n,
      ),
    ).toBe(0);
    expect(await runInDurableObject(registry, (_instance, state) => state.storage.getAlarm())).toBeNull();
    closeAll(sockets.owner1, sockets.owner2);
  });

  it('an admin deleting a member closes that member’s sockets, not the admin’s', async () => {
    const { member, owner1, sockets, registry } = await scene();
    const admin = await signUpAdmin();
    const adminListing = await insertListing(admin);
    const adminSocket = await connect(admin.cookie, owner1.id, adminListing);
    const response = await call(`/api/users/${member.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(response.status).toBe(200);
    await expectClosed(sockets.a1, sockets.a2, sockets.b1);
    await expectOpen(adminSocket, sockets.owner1, sockets.owner2);
    expect(await registry.rooms()).toEqual([]);
    closeAll(adminSocket, sockets.owner1, sockets.owner2);
  });

  it('the suspension hook closes every socket of the member with "Account suspended"', async () => {
    const { member, sockets, registry } = await scene();
    expect(await closeSocketsOfSuspendedMember(env, member.id)).toBe(3);
    for (const socket of [sockets.a1, sockets.a2, sockets.b1])
      await expect.poll(() => socket.closeEvent()).toEqual({ code: 4001, reason: 'Account suspended' });
    await expectOpen(sockets.owner1, sockets.owner2);
    expect(await registry.rooms()).toEqual([]);
    closeAll(sockets.owner1, sockets.owner2);
  });

  it('signing out without sockets, or as a visitor, still answers as before', async () => {
    const member = await signUp();
    expect((await call('/api/auth/logout', { method: 'POST', cookie: member.cookie })).status).toBe(200);
    expect(await json(await call('/api/auth/logout', { method: 'POST' }))).toEqual({ message: 'Logged out' });
    expect(await memberSocketsStub(env, member.id).rooms()).toEqual([]);
  });
});

describe('MemberSockets', () => {
  it('forgets a room its socket left without a close (an evicted room) at the next session end', async () => {
    const { member, cookieA, sockets, room2, registry } = await scene();
    // The registry lists a room where no socket of the member is open any more.
    sockets.a2.socket.close(1000, 'bye');
    await expect.poll(() => registry.rooms()).not.toContain(room2);
    await registry.track(room2, member.id);
    expect(await registry.rooms()).toContain(room2);
    await call('/api/auth/logout', { method: 'POST', cookie: cookieA });
    await expectClosed(sockets.a1);
    expect(await registry.rooms()).not.toContain(room2);
    closeAll(sockets.b1, sockets.owner1, sockets.owner2);
  });

  it('checks entries a day old with their rooms: drops those without an open socket, keeps the rest, and clears itself when empty', async () => {
    const { member, sockets, room1, room2, registry } = await scene();
    // Both entries a day old; then the member's sockets in the second conversation go away
    // without the room telling the registry (as when a room is evicted with its sockets).
    const dayOld = Date.now() - CHECK_AFTER_MS - 1000;
    await runInDurableObject(registry, (_instance, state) =>
      state.storage.sql.exec('UPDATE rooms SET seen_at = ?', dayOld),
    );
    sockets.a2.socket.close(1000, 'bye');
    await settle();
    await registry.track(room2, member.id);
    await runInDurableObject(registry, (_instance, state) =>
      state.storage.sql.exec('UPDATE rooms SET seen_at = ?', dayOld),
    );

    expect(await runDurableObjectAlarm(registry)).toBe(true);
    expect(await registry.rooms()).toEqual([room1]);
    const seen = await runInDurableObject(
      registry,
      (_instance, state) => state.storage.sql.exec<{ seen_at: number }>('SELECT seen_at FROM rooms').one().seen_at,
    );
    expect(seen).toBeGreaterThan(dayOld);
    expect(await runInDurableObject(registry, (_instance, state) => state.storage.getAlarm())).not.toBeNull();

    closeAll(sockets.a1, sockets.b1);
    await expect.poll(() => registry.rooms()).toEqual([]);
    expect(await runDurableObjectAlarm(registry)).toBe(true);
    expect(await runInDurableObject(registry, (_instance, state) => state.storage.getAlarm())).toBeNull();
    closeAll(sockets.owner1, sockets.owner2);
  });
});
