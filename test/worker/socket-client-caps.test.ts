// The SPA's socket client on the closes of decision 039 (issue 22, N7 and N12): a cap's close
// (4029) or a push-only socket's (4008) is retried only after minutes, never in a tight loop, or at
// once when the tab or the network comes back; an idle close (4002) is not retried until a person
// is back (reconnectNow). A fake socket and a fake clock: nothing waits for real time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversationConnection, FAILED_CONNECTS_BEFORE_SLOW } from '@/lib/live-socket';
import { FakeSocket } from './fake-socket';
import { RECONNECT } from '@/lib/live-socket';
import { serverFrameSchema, TOO_MANY_SOCKETS_RETRY_MS } from '@/shared/ws-frames';

function connection(extra: { onIdleClosed?: () => void } = {}) {
  const made: FakeSocket[] = [];
  const states: string[] = [];
  const conn = new ConversationConnection({
    frames: serverFrameSchema,
    url: 'ws://localhost/api/analytics/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      made.push(socket);
      return socket;
    },
    random: () => 0,
    onFrame: () => {},
    onOpen: () => {},
    onState: (state) => states.push(state),
    ...extra,
  });
  return { conn, made, states };
}

describe('the socket client after a cap’s or an idle close', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  for (const [code, reason] of [
    [4029, 'Too many open sockets'],
    [4008, 'This socket only receives'],
  ] as const) {
    it(`waits minutes after ${code} before trying again, and tries at once when the tab comes back`, () => {
      const { conn, made, states } = connection();
      conn.start();
      made[0]!.open();
      made[0]!.closedBy(code, reason);
      expect(states.at(-1)).toBe('closed');
      // The ordinary backoff would have retried many times within a minute (0.5 s up to 10 s).
      vi.advanceTimersByTime(60_000);
      expect(made).toHaveLength(1);
      // Half the wait is random (0 here): it comes back after TOO_MANY_SOCKETS_RETRY_MS / 2.
      vi.advanceTimersByTime(TOO_MANY_SOCKETS_RETRY_MS / 2 - 60_000);
      expect(made).toHaveLength(2);
      // Refused again: the same long wait, not a tight loop.
      made[1]!.closedBy(code, reason);
      vi.advanceTimersByTime(TOO_MANY_SOCKETS_RETRY_MS / 2 - 1);
      expect(made).toHaveLength(2);
      // The tab is shown again: one try now.
      conn.reconnectNow();
      expect(made).toHaveLength(3);
      conn.stop();
    });
  }

  it('stays down after an idle close (4002) until a person is back', () => {
    let idle = 0;
    const { conn, made, states } = connection({ onIdleClosed: () => (idle += 1) });
    conn.start();
    made[0]!.open();
    made[0]!.closedBy(4002, 'Idle timeout');
    expect(idle).toBe(1);
    expect(states.at(-1)).toBe('closed');
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(made).toHaveLength(1);
    conn.reconnectNow();
    expect(made).toHaveLength(2);
    made[1]!.open();
    expect(states.at(-1)).toBe('open');
    conn.stop();
  });

  it('resumes at once after one 4001, and on a growing backoff while sockets keep closing with 4001 before any frame', () => {
    const { conn, made } = connection();
    conn.start();
    made[0]!.open();
    made[0]!.closedBy(4001, 'Session ended');
    conn.resume();
    expect(made).toHaveLength(2);
    made[1]!.open();
    made[1]!.closedBy(4001, 'Session ended');
    conn.resume();
    // The second in a row waits (0.25 s with this random), the third longer (0.5 s).
    expect(made).toHaveLength(2);
    vi.advanceTimersByTime(250);
    expect(made).toHaveLength(3);
    made[2]!.open();
    made[2]!.closedBy(4001, 'Session ended');
    conn.resume();
    vi.advanceTimersByTime(499);
    expect(made).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(made).toHaveLength(4);
    conn.stop();
  });

  it('still retries an ordinary drop with the short backoff', () => {
    const { conn, made } = connection();
    conn.start();
    made[0]!.open();
    made[0]!.closedBy(1006, '');
    vi.advanceTimersByTime(250);
    expect(made).toHaveLength(2);
    conn.stop();
  });
});

describe('the socket client when upgrades keep failing (a full feed answers 503 before any socket)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries quickly a few times, then only every few minutes, and at once when the tab comes back', () => {
    const { conn, made } = connection();
    conn.start();
    // Refused at the handshake: the browser reports a close (1006) without an open.
    const refuse = () => made.at(-1)!.closedBy(1006, '');
    refuse();
    for (let i = 1; i < FAILED_CONNECTS_BEFORE_SLOW; i++) {
      vi.advanceTimersByTime(RECONNECT.capMs);
      expect(made).toHaveLength(i + 1);
      refuse();
    }
    // Past the quick tries: nothing for a minute (before: one try every 5–10 s, forever).
    vi.advanceTimersByTime(60_000);
    expect(made).toHaveLength(FAILED_CONNECTS_BEFORE_SLOW);
    // The slow wait: half of TOO_MANY_SOCKETS_RETRY_MS fixed, half random (0 here).
    vi.advanceTimersByTime(TOO_MANY_SOCKETS_RETRY_MS / 2);
    expect(made).toHaveLength(FAILED_CONNECTS_BEFORE_SLOW + 1);
    refuse();
    conn.reconnectNow();
    expect(made).toHaveLength(FAILED_CONNECTS_BEFORE_SLOW + 2);
    // Once a socket opens, a later drop is retried quickly again.
    made.at(-1)!.open();
    made.at(-1)!.closedBy(1006, '');
    vi.advanceTimersByTime(RECONNECT.baseMs);
    expect(made).toHaveLength(FAILED_CONNECTS_BEFORE_SLOW + 3);
    conn.stop();
  });
});
