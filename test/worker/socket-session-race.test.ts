// A socket upgrade that overlaps the end of its session (issue 22, N1): the Worker checks the
// session, then the session ends (sign-out, sign-out everywhere) and its closing pass finds no
// socket to close, then the object accepts the socket. The member's MemberSockets registry is the
// one place every session end passes through, so it remembers recent ends and admits each new
// socket against them: the socket is closed with 4001 "Session ended" instead of living on.
// The race is made deterministic: the Worker's Durable Object binding is wrapped so the session
// ends exactly between the Worker's check and the object's registration (no timing involved).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { roomStub } from '@worker/durable-objects/conversation-room-client';
import { memberSocketsStub } from '@worker/durable-objects/member-sockets-client';
import { call, insertListing, ORIGIN, sessionCookie, signUp, type Member } from './helpers';
import { openSocket, settle } from './ws-client';

const SESSION_ENDED = { code: 4001, reason: 'Session ended' };
const upgrade = { Upgrade: 'websocket', Origin: ORIGIN };

/**
 * The Worker's env, with `binding`'s upgrades delayed until `before` has run (the session's end),
 * or, with `after`, the session ending once the object answered and before the Worker hands the
 * socket out.
 */
function envEndingSessionFirst(
  binding: 'CONVERSATION_ROOM' | 'MEMBER_SOCKETS',
  before: () => Promise<unknown>,
  after: () => Promise<unknown> = async () => {},
): Env {
  const namespace = env[binding] as DurableObjectNamespace;
  const wrapped = {
    idFromName: (name: string) => namespace.idFromName(name),
    idFromString: (id: string) => namespace.idFromString(id),
    get: (id: DurableObjectId) => {
      const stub = namespace.get(id);
      return {
        id: stub.id,
        fetch: async (request: Request) => {
          await before();
          const response = await stub.fetch(request);
          await after();
          return response;
        },
      };
    },
  };
  return { ...env, [binding]: wrapped } as unknown as Env;
}

async function upgradeThrough(raceEnv: Env, path: string, cookie: string) {
  const { app } = await import('@worker/app');
  return app.request(path, { headers: { ...upgrade, Cookie: cookie, 'CF-Connecting-IP': '10.9.8.7' } }, raceEnv);
}

async function signIn(member: Member): Promise<string> {
  const response = await call('/api/auth/login', { body: { username: member.username, password: member.password } });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

describe('a socket whose upgrade overlaps the end of its session', () => {
  it('a chat socket is closed with 4001 when sign-out ran between the Worker’s check and the room’s registration', async () => {
    const [member, owner] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const signOut = () => call('/api/auth/logout', { method: 'POST', cookie: member.cookie });
    const response = await upgradeThrough(
      envEndingSessionFirst('CONVERSATION_ROOM', signOut),
      `/api/conversations/${owner.id}/${listingId}/ws`,
      member.cookie,
    );
    const socket = openSocket(response);
    await expect.poll(() => socket.closeEvent()).toEqual(SESSION_ENDED);
    // The registry does not keep the room for a socket it refused.
    const room = roomStub(env, listingId, owner.id, member.id);
    await expect.poll(() => room.openSocketCount(member.id)).toBe(0);
    await expect.poll(() => memberSocketsStub(env, member.id).rooms()).toEqual([]);
  });

  it('a chat socket is closed with 4001 when sign-out everywhere ran in between; a session started after it is untouched', async () => {
    const [member, owner] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    let later = '';
    const everywhere = async () => {
      expect((await call('/api/auth/logout-everywhere', { method: 'POST', cookie: member.cookie })).status).toBe(200);
      later = await signIn(member);
    };
    const socket = openSocket(
      await upgradeThrough(
        envEndingSessionFirst('CONVERSATION_ROOM', everywhere),
        `/api/conversations/${owner.id}/${listingId}/ws`,
        member.cookie,
      ),
    );
    await expect.poll(() => socket.closeEvent()).toEqual(SESSION_ENDED);
    // The new session's socket opens and stays open.
    const fresh = openSocket(
      await call(`/api/conversations/${owner.id}/${listingId}/ws`, { cookie: later, headers: upgrade }),
    );
    await settle();
    expect(fresh.closed()).toBe(false);
    fresh.socket.close(1000, 'done');
  });

  it('a bell socket is closed with 4001 when sign-out ran between the Worker’s check and the object’s accepting it', async () => {
    const member = await signUp();
    const signOut = () => call('/api/auth/logout', { method: 'POST', cookie: member.cookie });
    const socket = openSocket(
      await upgradeThrough(envEndingSessionFirst('MEMBER_SOCKETS', signOut), '/api/notifications/ws', member.cookie),
    );
    await expect.poll(() => socket.closeEvent()).toEqual(SESSION_ENDED);
    await expect.poll(() => memberSocketsStub(env, member.id).bellSocketCount()).toBe(0);
  });

  it('a socket registered before the session ended is closed by the closing pass, even before the Worker hands it out', async () => {
    const [member, owner] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const signOut = () => call('/api/auth/logout', { method: 'POST', cookie: member.cookie });
    const chat = openSocket(
      await upgradeThrough(
        envEndingSessionFirst('CONVERSATION_ROOM', async () => {}, signOut),
        `/api/conversations/${owner.id}/${listingId}/ws`,
        member.cookie,
      ),
    );
    await expect.poll(() => chat.closeEvent()).toEqual(SESSION_ENDED);
    const other = await signUp();
    const signOutOther = () => call('/api/auth/logout', { method: 'POST', cookie: other.cookie });
    const bell = openSocket(
      await upgradeThrough(
        envEndingSessionFirst('MEMBER_SOCKETS', async () => {}, signOutOther),
        '/api/notifications/ws',
        other.cookie,
      ),
    );
    await expect.poll(() => bell.closeEvent()).toEqual(SESSION_ENDED);
  });

  it('another session’s socket opened at the same time is not affected', async () => {
    const [member, owner] = await Promise.all([signUp(), signUp()]);
    const listingId = await insertListing(owner);
    const other = await signIn(member);
    // Session A ends while session B's socket is being upgraded.
    const signOutA = () => call('/api/auth/logout', { method: 'POST', cookie: member.cookie });
    const socket = openSocket(
      await upgradeThrough(
        envEndingSessionFirst('CONVERSATION_ROOM', signOutA),
        `/api/conversations/${owner.id}/${listingId}/ws`,
        other,
      ),
    );
    const bell = openSocket(
      await upgradeThrough(
        envEndingSessionFirst('MEMBER_SOCKETS', async () => {}),
        '/api/notifications/ws',
        other,
      ),
    );
    await settle();
    expect(socket.closed()).toBe(false);
    expect(bell.closed()).toBe(false);
    socket.socket.close(1000, 'done');
    bell.socket.close(1000, 'done');
  });
});
