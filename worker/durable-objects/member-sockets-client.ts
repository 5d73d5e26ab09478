// Ending sessions closes their live-chat sockets at once (docs/api/live-chat.md, "Ending sessions";
// decision 012). One call to the member's MemberSockets registry, which asks only the rooms where
// the member has a socket open. Routes call closeMemberSockets right after they void sessions.
import type { Context } from 'hono';
import type { MemberSockets } from './member-sockets';
import type { AppEnv } from '@worker/types';
import { sha256Hex } from '@worker/lib/crypto';

/**
 * Which of a member's sessions ended, as the rooms match them: one session (by the SHA-256 of its
 * id), every session created at or before a time (ms, compared with the session's createdAt), or
 * all of them.
 */
export type EndedSessions = { sessionKey: string } | { createdAtOrBefore: number } | { all: true };

/** What the routes pass: the session id itself (hashed here), a time, or every session. */
export type SessionsToClose = { sessionId: string } | { createdAtOrBefore: number } | { all: true };

/** A socket's session is named by this key in the room, never by the session id. */
export const sessionKeyOf = (sessionId: string) => sha256Hex(sessionId);

export function memberSocketsStub(env: Env, userId: number): DurableObjectStub<MemberSockets> {
  return env.MEMBER_SOCKETS.get(env.MEMBER_SOCKETS.idFromName(`member:${userId}`));
}

/**
 * Closes the member's live-chat sockets of the ended sessions with 4001 and `reason`. Never
 * throws: the sessions are already void when this runs, so a failure is logged and the request
 * answers as usual (the socket then lives on until it drops, and any reconnect is refused).
 * Returns how many sockets were closed, or null when the registry or a room could not be reached.
 */
export async function closeMemberSockets(
  env: Env,
  userId: number,
  sessions: SessionsToClose,
  reason?: string,
): Promise<number | null> {
  try {
    const ended: EndedSessions =
      'sessionId' in sessions ? { sessionKey: await sessionKeyOf(sessions.sessionId) } : sessions;
    return await memberSocketsStub(env, userId).closeSockets(userId, ended, reason);
  } catch (error) {
    console.error(`member sockets: closing the sockets of user ${userId} failed`, error);
    return null;
  }
}

/** Plain sign-out: only the signed-out session's sockets close (the request's own session). */
export async function closeCurrentSessionSockets(c: Context<AppEnv>): Promise<void> {
  const session = c.get('session');
  if (session) await closeMemberSockets(c.env, session.userId, { sessionId: session.id });
}

/**
 * The hook for moderation: a suspended (or banned) member's sockets close at once, with the
 * reason "Account suspended". Call it after the suspension is stored and the member's sessions are
 * voided (users.sessions_valid_after), so the client's follow-up check finds the member signed out.
 */
export function closeSocketsOfSuspendedMember(env: Env, userId: number): Promise<number | null> {
  return closeMemberSockets(env, userId, { all: true }, 'Account suspended');
}

/**
 * A block closes the live chat between the two members at once (docs/api/blocks.md): each
 * member's registry asks the rooms where that member has a socket open to close every socket of a
 * conversation between the two (both members' sockets there) with 4003 "Conversation closed".
 * Two registry calls (a member with no socket open costs one registry read), made after the reply.
 * Never throws; returns how many sockets closed, or null when a registry or a room failed.
 */
export async function closeConversationsBetween(env: Env, a: number, b: number): Promise<number | null> {
  const results = await Promise.allSettled([
    memberSocketsStub(env, a).closeConversationsWith(a, b),
    memberSocketsStub(env, b).closeConversationsWith(b, a),
  ]);
  let closed = 0;
  let failed = false;
  for (const result of results) {
    if (result.status === 'fulfilled') closed += result.value;
    else {
      failed = true;
      console.error(`member sockets: closing the conversations between users ${a} and ${b} failed`, result.reason);
    }
  }
  return failed ? null : closed;
}

/**
 * Members told per call: each is one Durable Object request (a subrequest of the invocation), so a
 * cron run that writes many members' entries tells the first ones and leaves the rest to the bell's
 * slow poll and its refetch on focus (docs/api/notifications.md, "Live updates").
 */
export const MAX_BELL_PUSHES = 40;

/**
 * The one way a change to notification rows reaches the members' bells: every writer (new or bumped
 * entries, entries marked read) calls this after its write has committed, with the members whose
 * rows changed. Each member's MemberSockets object sends every bell socket of the member a frame
 * carrying the bell as it now stands. Never throws: a failed push only delays the bell until its
 * next refetch. Returns how many members' objects were reached.
 */
export async function pushNotificationChanges(env: Env, userIds: Iterable<number>): Promise<number> {
  const members = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, MAX_BELL_PUSHES);
  const results = await Promise.allSettled(members.map((id) => memberSocketsStub(env, id).notificationsChanged()));
  let reached = 0;
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') reached += 1;
    else console.error(`member sockets: telling user ${members[i]}'s bell failed`, result.reason);
  });
  return reached;
}
