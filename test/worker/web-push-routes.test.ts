// Web Push's routes (docs/api/web-push.md): the VAPID key, a member's subscriptions (201 new,
// 200 known, at most 10 with the oldest replaced, removed only by their member) and the per-kind
// switches; every malformed subscription a 400 with the contract's message, nothing saved.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PUSH_KINDS, PUSH_SUBSCRIPTIONS_MAX } from '@/shared/constants';
import { PUSH_ENDPOINT_MESSAGE, PUSH_KEYS_MESSAGE } from '@/shared/schemas/web-push';
import { toBase64Url } from '@worker/lib/web-push/encoding';
import { call, json, signUp, unique } from './helpers';

async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const point = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { p256dh: toBase64Url(point), auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) };
}

const subscription = async (endpoint = `https://push.example.net/${unique('s')}`) => ({
  endpoint,
  keys: await browserKeys(),
});

const subscribe = (cookie: string, body: unknown) => call('/api/push/subscriptions', { method: 'PUT', cookie, body });

const rows = (userId: number) =>
  env.DB.prepare('SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, endpoint')
    .bind(userId)
    .all<{ endpoint: string }>()
    .then((result) => result.results.map((row) => row.endpoint));

describe('Web Push routes', () => {
  it("gives anyone the instance's public key", async () => {
    const response = await call('/api/push/key');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ publicKey: env.VAPID_PUBLIC_KEY });
  });

  it('saves a subscription: 201 the first time, 200 again, and only for a member', async () => {
    const member = await signUp();
    const body = await subscription();
    const first = await subscribe(member.cookie, body);
    expect(first.status).toBe(201);
    expect((await json(first)).endpoint).toBe(body.endpoint);
    const again = await subscribe(member.cookie, body);
    expect(again.status).toBe(200);
    expect(await rows(member.id)).toEqual([body.endpoint]);
    expect((await call('/api/push/subscriptions', { method: 'PUT', body })).status).toBe(401);
  });

  it('refuses a malformed subscription with the contract message, saving nothing', async () => {
    const member = await signUp();
    const good = await subscription();
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://push.example.net/x' }, PUSH_ENDPOINT_MESSAGE],
      [{ ...good, endpoint: 'not a url' }, PUSH_ENDPOINT_MESSAGE],
      [{ ...good, endpoint: `https://push.example.net/${'x'.repeat(1100)}` }, PUSH_ENDPOINT_MESSAGE],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, PUSH_KEYS_MESSAGE],
      [{ ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }, PUSH_KEYS_MESSAGE],
      [{ ...good, keys: { ...good.keys, auth: 'short' } }, PUSH_KEYS_MESSAGE],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth.slice(0, 21)}+` } }, PUSH_KEYS_MESSAGE],
      [{ endpoint: good.endpoint }, PUSH_KEYS_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const response = await subscribe(member.cookie, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    expect(await rows(member.id)).toEqual([]);
  });

  it('keeps at most 10 a member, the oldest replaced', async () => {
    const member = await signUp();
    const endpoints: string[] = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_MAX; i += 1) {
      const body = await subscription(`https://push.example.net/${unique('cap')}-${String(i).padStart(2, '0')}`);
      endpoints.push(body.endpoint);
      expect((await subscribe(member.cookie, body)).status).toBe(201);
      // A distinct instant each, so "oldest" is well defined.
      await env.DB.prepare('UPDATE push_subscriptions SET created_at = ? WHERE endpoint = ?')
        .bind(new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), body.endpoint)
        .run();
    }
    // The eleventh replaced the oldest.
    expect(await rows(member.id)).toEqual(endpoints.slice(1));
    const twelfth = await subscription();
    expect((await subscribe(member.cookie, twelfth)).status).toBe(201);
    expect(await rows(member.id)).toEqual([...endpoints.slice(2), twelfth.endpoint]);
  });

  it('moves a browser to the member who subscribes it now; only its member removes it', async () => {
    const [first, second] = [await signUp(), await signUp()];
    const body = await subscription();
    expect((await subscribe(first.cookie, body)).status).toBe(201);
    expect((await subscribe(second.cookie, body)).status).toBe(201);
    expect(await rows(first.id)).toEqual([]);
    expect(await rows(second.id)).toEqual([body.endpoint]);
    const foreign = await call('/api/push/subscriptions', {
      method: 'DELETE',
      cookie: first.cookie,
      body: { endpoint: body.endpoint },
    });
    expect(foreign.status).toBe(204);
    expect(await rows(second.id)).toEqual([body.endpoint]);
    const own = await call('/api/push/subscriptions', {
      method: 'DELETE',
      cookie: second.cookie,
      body: { endpoint: body.endpoint },
    });
    expect(own.status).toBe(204);
    expect(await rows(second.id)).toEqual([]);
  });

  it('switches kinds off and on, leaving the others as they were', async () => {
    const member = await signUp();
    const all = Object.fromEntries(PUSH_KINDS.map((kind) => [kind, true]));
    expect(await json(await call('/api/push/settings', { cookie: member.cookie }))).toEqual({ kinds: all });
    const off = await call('/api/push/settings', {
      method: 'PUT',
      cookie: member.cookie,
      body: { kinds: { message: false, match: false } },
    });
    expect(off.status).toBe(200);
    expect(await json(off)).toEqual({ kinds: { ...all, message: false, match: false } });
    const on = await call('/api/push/settings', {
      method: 'PUT',
      cookie: member.cookie,
      body: { kinds: { match: true } },
    });
    expect(await json(on)).toEqual({ kinds: { ...all, message: false } });
    const bad = await call('/api/push/settings', {
      method: 'PUT',
      cookie: member.cookie,
      body: { kinds: { everything: false } },
    });
    expect(bad.status).toBe(400);
    expect((await call('/api/push/settings')).status).toBe(401);
  });
});
