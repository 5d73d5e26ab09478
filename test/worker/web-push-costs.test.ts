// What a 100-push burst costs each invocation (decision 064, "Fan-out"; docs/performance.md, "Web
// Push"): the invocation that made the change (its push part: the subscriptions read, the first
// page of 20, the outbox call) and each outbox alarm, counted with the meter's binding wrappers and
// the stand-in push service: pushes (fetch subrequests), D1 queries, Durable Object calls, rows.
// Each invocation stays within 20 pushes and 50 subrequests. The figures are printed as one
// `PUSH_BURST` JSON line, which `npm run bench:push` reads (local workerd through miniflare).
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import type { PushOutbox } from '@worker/durable-objects/push-outbox';
import { PUSH_PAGE } from '@worker/durable-objects/push-pages';
import type { PushItem } from '@worker/lib/web-push/delivery';
import { emptyCounts, meterEnv, type MeterCounts } from '@worker/lib/meter';
import { pushToMembers } from '@worker/services/web-push';
import { driveOutbox, outboxStub, pushService, recipients, runDurableObjectAlarm } from './web-push-service';

const message = {
  title: 'Sam in your trade circle',
  body: 'Saturday at ten?',
  url: '/trade-circles/1',
  tag: 'circle-chat-1',
};

interface Invocation {
  invocation: string;
  pushes: number;
  d1Queries: number;
  doCalls: number;
  subrequests: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  ms: number;
}

const invocationOf = (name: string, pushes: number, counts: MeterCounts, ms: number): Invocation => ({
  invocation: name,
  pushes,
  d1Queries: counts.d1Queries,
  doCalls: counts.doRequests,
  subrequests: pushes + counts.d1Queries + counts.doRequests,
  d1RowsRead: counts.d1RowsRead,
  d1RowsWritten: counts.d1RowsWritten,
  ms,
});

describe('the cost of a 100-push burst', () => {
  it('five invocations of 20 pushes: the change, then four outbox alarms; each within 50 subrequests', async () => {
    const { ids, browsers } = await recipients(100);
    // Two browsers gone (in the outbox's pages): their deletes are counted where they happen.
    const gone = new Set<string>();
    const service = pushService((endpoint) => (gone.has(endpoint) ? 410 : 201));
    const later = Date.now() + 24 * 3600_000;
    const counts = emptyCounts();
    const metered = meterEnv(env, counts);
    let outbox = '';
    const queue = async (on: Env, items: PushItem[]) => {
      gone.add(items[0]!.endpoint).add(items.at(-1)!.endpoint);
      outbox = env.PUSH_OUTBOX.newUniqueId().toString();
      await driveOutbox(outbox, () => later, service.fetch);
      await on.PUSH_OUTBOX.get(on.PUSH_OUTBOX.idFromString(outbox)).enqueue(items);
      return outbox;
    };
    const started = Date.now();
    await pushToMembers(metered, createDb(metered.DB), ids, 'trade_circle', message, { fetch: service.fetch, queue });
    const invocations = [
      invocationOf('the change (its push part)', service.received.length, counts, Date.now() - started),
    ];

    for (let n = 1; ; n += 1) {
      const alarm = emptyCounts();
      // The alarm's bindings counted as the request's are (the object's env is the runtime's own).
      await runInDurableObject(outboxStub(outbox), (instance: PushOutbox) => {
        (instance as unknown as { env: Env }).env = meterEnv(env, alarm);
      });
      const before = service.received.length;
      const at = Date.now();
      if (!(await runDurableObjectAlarm(outboxStub(outbox)))) break;
      invocations.push(invocationOf(`outbox alarm ${n}`, service.received.length - before, alarm, Date.now() - at));
    }

    expect(invocations.map((i) => i.pushes)).toEqual([20, 20, 20, 20, 20]);
    for (const invocation of invocations) {
      expect(invocation.pushes).toBeLessThanOrEqual(PUSH_PAGE);
      expect(invocation.subrequests).toBeLessThanOrEqual(50);
    }
    // The change: the read and the outbox call; each alarm: no read, a delete only where a browser
    // was gone (the outbox's first and last pushes).
    expect(invocations.map((i) => [i.d1Queries, i.doCalls])).toEqual([
      [1, 1],
      [1, 0],
      [0, 0],
      [0, 0],
      [1, 0],
    ]);
    expect(invocations.map((i) => i.d1RowsWritten)).toEqual([0, 1, 0, 0, 1]);
    expect(new Set(service.received.map((r) => r.endpoint)).size).toBe(browsers.length);
    console.log(`PUSH_BURST ${JSON.stringify({ recipients: 100, invocations })}`);
  });
});
