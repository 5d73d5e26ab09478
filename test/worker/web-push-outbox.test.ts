// A fan-out past 20 pushes (decision 064, "Fan-out"): the invocation that made the change sends the
// newest 20 itself and hands the rest to a PushOutbox in one call; the outbox sends one page of at
// most 20 an alarm, each alarm an invocation of its own, until every push is out, then forgets
// everything. The outbox's clock and outbound fetch are injected here, so each alarm is run by
// hand and counted; a second test lets the alarms run on their own.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { PUSH_PAGE } from '@worker/durable-objects/push-pages';
import { PUSH_FANOUT_MAX, pushToMembers } from '@worker/services/web-push';
import type { PushItem } from '@worker/lib/web-push/delivery';
import {
  driveOutbox,
  globalPushService,
  outboxState,
  outboxStub,
  pushService,
  recipients,
  readPush,
  runDurableObjectAlarm,
} from './web-push-service';

const message = {
  title: 'Sam in your trade circle',
  body: 'Saturday at ten?',
  url: '/trade-circles/1',
  tag: 'circle-chat-1',
};

const subscriptionCount = async (endpoints: string[]) =>
  (await env.DB.prepare(
    'SELECT count(*) AS n FROM push_subscriptions WHERE endpoint IN (SELECT value FROM json_each(?))',
  )
    .bind(JSON.stringify(endpoints))
    .first<{ n: number }>())!.n;

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('a burst of 100 pushes', () => {
  it('sends 20 in the call and 20 in each of four alarms of the outbox; a 410 there deletes its subscription', async () => {
    const { ids, browsers } = await recipients(100);
    // One browser of the outbox's last page is gone (chosen when the outbox is handed its pushes).
    let gone = '';
    const service = pushService((endpoint) => (endpoint === gone ? 410 : 201));
    // The clock a day ahead: the outbox's alarms wait for this test to run them, one at a time.
    const later = Date.now() + 24 * 3600_000;
    let outbox: string | null = null;
    const queue = async (_env: Env, items: PushItem[]) => {
      gone = items.at(-1)!.endpoint;
      const id = env.PUSH_OUTBOX.newUniqueId().toString();
      await driveOutbox(id, () => later, service.fetch);
      expect(await outboxStub(id).enqueue(items)).toBe(Math.ceil(items.length / PUSH_PAGE));
      return (outbox = id);
    };
    const report = await pushToMembers(env, createDb(env.DB), ids, 'message', message, { ...service, queue });
    expect(report).toMatchObject({ sent: PUSH_FANOUT_MAX, queued: 100 - PUSH_FANOUT_MAX, outbox });
    expect(service.received).toHaveLength(PUSH_FANOUT_MAX);
    expect(await outboxState(outbox!)).toEqual({
      pages: ['page:000001', 'page:000002', 'page:000003', 'page:000004'],
      alarm: later,
    });

    const perAlarm: number[] = [];
    for (;;) {
      const before = service.received.length;
      if (!(await runDurableObjectAlarm(outboxStub(outbox!)))) break;
      perAlarm.push(service.received.length - before);
    }
    expect(perAlarm).toEqual([20, 20, 20, 20]);
    expect(Math.max(...perAlarm)).toBeLessThanOrEqual(PUSH_PAGE);
    // Every browser once, each readable with its own keys.
    expect(new Set(service.received.map((r) => r.endpoint))).toEqual(new Set(browsers.map((b) => b.endpoint)));
    expect(service.received).toHaveLength(100);
    for (const browser of [browsers[0]!, browsers[99]!])
      expect(
        await readPush(
          service.received.find((r) => r.endpoint === browser.endpoint)!,
          browser.keys,
        ),
      ).toEqual(message);
    // The outbox forgot everything; the gone subscription is deleted, the others kept.
    expect(await outboxState(outbox!)).toEqual({ pages: [], alarm: null });
    expect(await subscriptionCount([gone])).toBe(0);
    expect(await subscriptionCount(browsers.map((b) => b.endpoint))).toBe(99);
  });

  it('is delivered in full by the alarms on their own', async () => {
    const { ids, browsers } = await recipients(100);
    const service = globalPushService();
    restore = service.restore;
    const report = await pushToMembers(env, createDb(env.DB), ids, 'trade_circle', message);
    expect(report).toMatchObject({ sent: PUSH_FANOUT_MAX, queued: 100 - PUSH_FANOUT_MAX });
    await expect.poll(() => service.received.length).toBe(100);
    expect(new Set(service.received.map((r) => r.endpoint)).size).toBe(browsers.length);
    await expect.poll(() => outboxState(report.outbox!)).toEqual({ pages: [], alarm: null });
  });
});
