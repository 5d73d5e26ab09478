// The SPA's reconnecting socket offline and with the server away (issue 25 item 12, decision 061):
// backoff with jitter from an injected clock and random, and no connect at all while the browser
// says it is offline, then one at once when it is back. A fake socket and a manual clock: nothing
// waits for real time.
import { describe, expect, it } from 'vitest';
import { ConversationConnection, reconnectDelay, type Clock } from '@/lib/live-socket';
import { FakeSocket } from './fake-socket';
import { serverFrameSchema } from '@/shared/ws-frames';

/** Timers run in order of their time when the test moves the clock on. */
class ManualClock implements Clock {
  now = 0;
  private next = 1;
  private timers = new Map<number, { at: number; run: () => void }>();
  setTimeout(run: () => void, ms: number) {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, run });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      let first: [number, { at: number; run: () => void }] | null = null;
      for (const entry of this.timers) if (entry[1].at <= end && (!first || entry[1].at < first[1].at)) first = entry;
      if (!first) break;
      this.timers.delete(first[0]);
      this.now = first[1].at;
      first[1].run();
    }
    this.now = end;
  }
  get pending() {
    return this.timers.size;
  }
}

function setup(random: () => number = () => 0.5) {
  const clock = new ManualClock();
  const network = { online: true };
  const made: FakeSocket[] = [];
  const states: string[] = [];
  const conn = new ConversationConnection({
    frames: serverFrameSchema,
    url: 'ws://localhost/api/notifications/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      made.push(socket);
      return socket;
    },
    random,
    clock,
    isOnline: () => network.online,
    onFrame: () => {},
    onOpen: () => {},
    onState: (state) => states.push(state),
  });
  /** Every connect made so far fails as soon as it is made (within the same clock step). */
  const failAll = () => made.filter((s) => s.readyState === 0).forEach((s) => s.fail());
  /** Moves the clock on in small steps, failing each connect as it is made. */
  const run = (ms: number, step = 50) => {
    for (let t = 0; t < ms; t += step) {
      clock.advance(step);
      failAll();
    }
  };
  return { clock, network, made, states, conn, failAll, run };
}

describe('the socket client offline (decision 061)', () => {
  it('makes no connect while the browser is offline, and one at once when it is back', () => {
    const { clock, network, made, states, conn, run } = setup();
    conn.start();
    made[0]!.open();
    // The network goes: the offline event drops the socket; nothing is scheduled.
    network.online = false;
    conn.drop();
    expect(states.at(-1)).toBe('closed');
    expect(conn.waitingForNetwork).toBe(true);
    run(60_000);
    expect(made).toHaveLength(1);
    expect(clock.pending).toBe(0);
    // The online event: one connect, at once.
    network.online = true;
    conn.reconnectNow();
    expect(made).toHaveLength(2);
    made[1]!.open();
    expect(states.at(-1)).toBe('open');
    expect(conn.waitingForNetwork).toBe(false);
    conn.stop();
  });

  it('starts nothing while offline, and a connect failing as the network goes schedules no retry', () => {
    const { clock, network, made, states, conn } = setup();
    network.online = false;
    conn.start();
    expect(made).toHaveLength(0);
    expect(states).toEqual(['closed']);
    network.online = true;
    conn.reconnectNow();
    expect(made).toHaveLength(1);
    // The browser learns it is offline while the connect is under way: the failure is not retried.
    network.online = false;
    made[0]!.fail();
    clock.advance(60_000);
    expect(made).toHaveLength(1);
    conn.stop();
  });

  it('the five sockets of a page offline for 10 s fail at most once each, where they retried ~5 times each', () => {
    const pages = Array.from({ length: 5 }, () => setup(Math.random));
    for (const page of pages) {
      page.conn.start();
      page.made[0]!.open();
      page.network.online = false;
      page.conn.drop();
      page.run(10_000);
    }
    // The drop closed each once; no connect was tried offline.
    expect(pages.reduce((n, page) => n + page.made.length - 1, 0)).toBe(0);
    for (const page of pages) page.conn.stop();
  });

  it('with the server away (the browser online) it backs off with jitter: a few connects in 10 s, spread apart', () => {
    const first = setup(() => 0);
    const second = setup(() => 1);
    for (const page of [first, second]) {
      page.conn.start();
      page.failAll();
      page.run(10_000, 10);
    }
    // Waits of 250/500/1000/2000/4000 ms at the least, 500/1000/2000/4000/8000 at the most.
    expect(first.made.length).toBeLessThanOrEqual(6);
    expect(second.made.length).toBeLessThanOrEqual(5);
    expect(first.made.length).toBeGreaterThan(second.made.length);
    // The jitter: the same attempt waits differently for different draws, never less than half the step.
    expect(reconnectDelay(3, () => 0)).toBe(2000);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
    expect(reconnectDelay(3, () => 0.5)).toBe(3000);
    first.conn.stop();
    second.conn.stop();
  });
});
