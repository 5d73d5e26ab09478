// The live sockets' protocol apart from any frame's shape: the close codes both ends use and how
// a frame is parsed against a schema (src/shared/ws-frames.ts declares the frames). The SPA's
// socket client imports only this, so a page loads the schemas of its own sockets and no others.
import * as v from 'valibot';

/**
 * The close code the room sends when the member's session ended (sign-out, sign-out everywhere,
 * password change or reset, account deletion, suspension). The client does not reconnect after it
 * on its own; it asks the API whether the member is still signed in (docs/api/live-chat.md).
 */
export const SESSION_ENDED_CLOSE_CODE = 4001;
export const SESSION_ENDED_CLOSE_REASON = 'Session ended';

/**
 * The close code the room sends when one of the two members blocked the other (docs/api/blocks.md):
 * the conversation can no longer be written to, and a reconnect is refused (403), so the client
 * stays closed and keeps the thread readable. The reason names nobody.
 */
export const CONVERSATION_CLOSED_CLOSE_CODE = 4003;
export const CONVERSATION_CLOSED_CLOSE_REASON = 'Conversation closed';

/**
 * A cap on open sockets was reached (decision 039): the member's bell or live-chat sockets, or the
 * community feed's sockets from one address. The socket is closed at once; the client does not
 * reconnect on its own for a while (TOO_MANY_SOCKETS_RETRY_MS), only when the tab comes back or
 * the network returns, and meanwhile the screen reads over HTTP as it does without a socket.
 */
export const TOO_MANY_SOCKETS_CLOSE_CODE = 4029;
export const TOO_MANY_SOCKETS_CLOSE_REASON = 'Too many open sockets';

/**
 * A push-only socket (the community feed, the bell) received a frame: each one is a metered
 * Durable Object request, so the socket is closed. The SPA never sends on them.
 */
export const RECEIVE_ONLY_CLOSE_CODE = 4008;
export const RECEIVE_ONLY_CLOSE_REASON = 'This socket only receives';

/**
 * The community feed closed a socket that stayed open without a reconnect for its idle time
 * (decision 039): the page reconnects on the next sign of a person (the tab shown, focus, a key or
 * a pointer), not on a timer.
 */
export const IDLE_CLOSE_CODE = 4002;
export const IDLE_CLOSE_REASON = 'Idle timeout';

/** How long a client waits before trying again after a 4029 or 4008 close (unless the tab comes back). */
export const TOO_MANY_SOCKETS_RETRY_MS = 5 * 60 * 1000;

/** The largest client frame the room reads; anything longer is refused before parsing. */
export const MAX_CLIENT_FRAME_CHARS = 1024;

export type FrameResult<T> = { ok: true; frame: T } | { ok: false; error: string };

export function parseFrame<S extends v.GenericSchema>(
  schema: S,
  raw: string | ArrayBuffer,
  maxChars: number,
): FrameResult<v.InferOutput<S>> {
  if (typeof raw !== 'string') return { ok: false, error: 'Frames must be JSON text' };
  if (raw.length > maxChars) return { ok: false, error: 'Frame too large' };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'Malformed JSON frame' };
  }
  const result = v.safeParse(schema, data);
  return result.success
    ? { ok: true, frame: result.output }
    : { ok: false, error: result.issues[0]?.message ?? 'Invalid frame' };
}

/** A frame of a socket whose server sends `schema`'s frames (each socket passes its own). */
export const parseServerFrame = <S extends v.GenericSchema>(schema: S, raw: string | ArrayBuffer) =>
  parseFrame(schema, raw, Number.MAX_SAFE_INTEGER);
