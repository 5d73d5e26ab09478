// Sending Web Push to members (worker/services/web-push.ts): each subscription of the members
// named gets the message, encrypted for its browser; a member who switched the kind off gets
// none, nor one named in `except`; a subscription its push service no longer knows is deleted;
// one call sends at most PUSH_FANOUT_MAX (the free plan's subrequests) and queues the rest.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '@worker/db/client';
import { PUSH_FANOUT_MAX, pushToMembers } from '@worker/services/web-push';
import { call, signUp } from './helpers';
import { decrypt } from './web-push-browser';
import { pushService, subscribeBrowser } from './web-push-service';

const message = { title: 'New message', body: 'Is the bike still there?', url: '/messages', tag: 'conversation-1' };

describe('pushing to members', () => {
  it('reaches every browser of the members named, readable by each, and skips a kind switched off', async () => {
    const [reader, muted, bystander] = [await signUp(), await signUp(), await signUp()];
    const phone = await subscribeBrowser(reader.cookie);
    const laptop = await subscribeBrowser(reader.cookie);
    await subscribeBrowser(muted.cookie);
    await subscribeBrowser(bystander.cookie);
    await call('/api/push/settings', { method: 'PUT', cookie: muted.cookie, body: { kinds: { message: false } } });
    const service = pushService();
    const report = await pushToMembers(env, createDb(env.DB), [reader.id, muted.id], 'message', message, service);
    expect(report).toEqual({ sent: 2, failed: 0, gone: 0, queued: 0, outbox: null });
    expect(service.received.map((r) => r.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const { endpoint, headers, body } of service.received) {
      const keys = endpoint === phone.endpoint ? phone.keys : laptop.keys;
      expect(headers.get('Urgency')).toBe('high');
      expect(JSON.parse((await decrypt(body, keys)).text)).toEqual(message);
    }
    // The muted member still gets another kind.
    const offers = pushService();
    expect((await pushToMembers(env, createDb(env.DB), [muted.id], 'offer', message, offers)).sent).toBe(1);
  });

  it('deletes the subscriptions a push service answers 404 or 410 for, keeps those that failed', async () => {
    const member = await signUp();
    const gone = await subscribeBrowser(member.cookie);
    const expired = await subscribeBrowser(member.cookie);
    const busy = await subscribeBrowser(member.cookie);
    const service = pushService((endpoint) =>
      endpoint === gone.endpoint ? 410 : endpoint === expired.endpoint ? 404 : endpoint === busy.endpoint ? 503 : 201,
    );
    const report = await pushToMembers(env, createDb(env.DB), [member.id], 'match', message, service);
    expect(report).toEqual({ sent: 0, failed: 1, gone: 2, queued: 0, outbox: null });
    const left = await env.DB.prepare('SELECT endpoint FROM push_subscriptions WHERE user_id = ?')
      .bind(member.id)
      .all<{ endpoint: string }>();
    expect(left.results.map((row) => row.endpoint)).toEqual([busy.endpoint]);
  });

  it(`sends at most ${PUSH_FANOUT_MAX} in one call, the newest subscriptions first, and queues the rest`, async () => {
    const members = [];
    for (let i = 0; i < 5; i += 1) members.push(await signUp());
    const inOrder: string[] = [];
    for (const member of members)
      for (let i = 0; i < 9; i += 1) {
        const { endpoint } = await subscribeBrowser(member.cookie);
        inOrder.push(endpoint);
        await env.DB.prepare('UPDATE push_subscriptions SET created_at = ? WHERE endpoint = ?')
          .bind(new Date(Date.UTC(2026, 0, 1, 0, 0, inOrder.length)).toISOString(), endpoint)
          .run();
      }
    const service = pushService();
    const queued: { endpoint: string }[][] = [];
    const queue = async (_env: Env, items: { endpoint: string }[]) => (queued.push(items), 'outbox-id');
    const ids = members.map((member) => member.id);
    const report = await pushToMembers(env, createDb(env.DB), ids, 'trade_circle', message, { ...service, queue });
    expect(report).toEqual({
      sent: PUSH_FANOUT_MAX,
      failed: 0,
      gone: 0,
      queued: 45 - PUSH_FANOUT_MAX,
      outbox: 'outbox-id',
    });
    // The newest PUSH_FANOUT_MAX now; the oldest handed on in one call.
    expect(service.received.map((r) => r.endpoint).sort()).toEqual(inOrder.slice(45 - PUSH_FANOUT_MAX).sort());
    expect(queued.map((items) => items.map((i) => i.endpoint).sort())).toEqual([
      inOrder.slice(0, 45 - PUSH_FANOUT_MAX).sort(),
    ]);
  });

  it('skips the members named in except, and sends each member their own message', async () => {
    const [actor, reader, open] = [await signUp(), await signUp(), await signUp()];
    await subscribeBrowser(actor.cookie);
    const readerBrowser = await subscribeBrowser(reader.cookie);
    await subscribeBrowser(open.cookie);
    const service = pushService();
    const each = (_: unknown, userId: number) => ({ ...message, body: `For ${userId}` });
    const report = await pushToMembers(env, createDb(env.DB), [actor.id, reader.id, open.id], 'match', each, {
      ...service,
      except: [actor.id, open.id],
    });
    expect(report.sent).toBe(1);
    expect(service.received.map((r) => r.endpoint)).toEqual([readerBrowser.endpoint]);
    const { text } = await decrypt(service.received[0]!.body, readerBrowser.keys);
    expect(JSON.parse(text)).toEqual({ ...message, body: `For ${reader.id}` });
  });

  it('does nothing without VAPID keys', async () => {
    const member = await signUp();
    await subscribeBrowser(member.cookie);
    const service = pushService();
    const off = { ...env, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' };
    expect(await pushToMembers(off, createDb(env.DB), [member.id], 'message', message, service)).toEqual({
      sent: 0,
      failed: 0,
      gone: 0,
      queued: 0,
      outbox: null,
    });
    expect(service.received).toHaveLength(0);
  });
});
