// The live chat's pure parts: merging messages from the API, the POST reply and socket frames by
// id; read marks; the typing throttle; what to do when the session ended. No React and no browser APIs here,
// so the Worker tests can run them (test/worker/conversation-socket.test.ts).
import { conversationRoutes } from '@/shared/contract/conversations';
import type { Message } from '@/shared/contract/messages';
import { urlOf } from './api-client';

/**
 * One list from two: every message once (by id), oldest first. A message seen twice keeps the
 * newer copy's fields, except `read`, which never goes back from true to false (a read mark can
 * arrive before a refetch that started earlier). Returns `current` itself when nothing changed,
 * so React Query and React see no new data.
 */
export function mergeMessages(current: readonly Message[] | undefined, incoming: readonly Message[]): Message[] {
  if (!current || current.length === 0) return sortById(dedupe(incoming));
  const byId = new Map<number, Message>();
  for (const m of current) byId.set(m.id, m);
  let changed = false;
  for (const m of incoming) {
    const old = byId.get(m.id);
    if (!old) {
      byId.set(m.id, m);
      changed = true;
      continue;
    }
    const next = old.read && !m.read ? { ...m, read: true } : m;
    if (!sameMessage(old, next)) {
      byId.set(m.id, next);
      changed = true;
    }
  }
  return changed ? sortById([...byId.values()]) : (current as Message[]);
}

const sameMessage = (a: Message, b: Message) =>
  a.id === b.id &&
  a.senderId === b.senderId &&
  a.receiverId === b.receiverId &&
  a.listingId === b.listingId &&
  a.content === b.content &&
  a.read === b.read &&
  a.createdAt === b.createdAt;

function dedupe(messages: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const m of messages) byId.set(m.id, m);
  return [...byId.values()];
}

// Ids come from one AUTOINCREMENT column, so they order the conversation as the API does.
const sortById = (messages: Message[]) => messages.sort((a, b) => a.id - b.id);

/** The reader's received messages with id <= upTo become read (a `read` frame from the room). */
export function markReadUpTo(
  messages: readonly Message[] | undefined,
  readerId: number,
  upTo: number,
): Message[] | undefined {
  if (!messages) return messages;
  let changed = false;
  const next = messages.map((m) => {
    if (m.receiverId !== readerId || m.id > upTo || m.read) return m;
    changed = true;
    return { ...m, read: true };
  });
  return changed ? next : (messages as Message[]);
}

/** The newest message the member received, the one a read mark should reach; null when none. */
export function lastReceivedId(messages: readonly Message[] | undefined, meId: number): number | null {
  if (!messages) return null;
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.receiverId === meId) return messages[i]!.id;
  return null;
}

/** The newest of the member's own messages the partner has read: where "Seen" goes. */
export function lastSeenOwnId(messages: readonly Message[] | undefined, meId: number): number | null {
  if (!messages) return null;
  for (let i = messages.length - 1; i >= 0; i--)
    if (messages[i]!.senderId === meId && messages[i]!.read) return messages[i]!.id;
  return null;
}

/** At most one typing frame per this many milliseconds while the member types. */
export const TYPING_SEND_INTERVAL_MS = 2500;
/** How long "… is typing" stays after the last typing frame (the sender repeats every 2.5 s). */
export const TYPING_SHOW_MS = 4000;
/** How long the socket may be down before "Reconnecting…" shows (short blips stay silent). */
export const RECONNECTING_NOTICE_MS = 3000;

/** A throttle over a clock: `ready(now)` is true (and starts a new window) at most once per interval. */
export function createThrottle(intervalMs: number) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    ready(now: number) {
      if (now - last < intervalMs) return false;
      last = now;
      return true;
    },
    reset() {
      last = Number.NEGATIVE_INFINITY;
    },
  };
}

/** The conversation socket's address on the page's own origin (ws: or wss: to match the page). */
export function conversationSocketUrl(
  location: { protocol: string; host: string },
  partnerId: number,
  listingId: number,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${urlOf(conversationRoutes.socket, { params: { partnerId, listingId } })}`;
}

/** How long after a sign-in check that found nobody the client looks once more. */
export const SESSION_RECHECK_MS = 2000;

export type SessionEndedOutcome = 'resume' | 'signed-out' | 'other-member';

/**
 * What the client does after the server closed its socket with 4001 (the session ended): asks who
 * is signed in. The same member (a password change gave this browser a new session) resumes; nobody
 * means signed out. Nobody is asked about once more after `recheckMs`, because a password change in
 * another tab replaces the shared cookie only when its response arrives, after the close. A failed
 * check counts as still signed in: the connection's usual retries take over.
 */
export async function afterSessionEnded(
  fetchUserId: () => Promise<number | null>,
  meId: number,
  wait: (ms: number) => Promise<unknown> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  recheckMs = SESSION_RECHECK_MS,
): Promise<SessionEndedOutcome> {
  const ask = async (): Promise<number | null | 'failed'> => {
    try {
      return await fetchUserId();
    } catch {
      return 'failed';
    }
  };
  let user = await ask();
  if (user === null) {
    await wait(recheckMs);
    user = await ask();
  }
  if (user === null) return 'signed-out';
  return user === 'failed' || user === meId ? 'resume' : 'other-member';
}
