// A push service stand-in for the Worker tests (docs/api/web-push.md): browsers subscribed through
// the API, a fake push service that records each request and answers by endpoint, and the same
// service installed as the isolate's fetch, so pushes sent after a reply or by a PushOutbox's alarm
// (same isolate) reach it. Every push can be decrypted with the browser's keys.
import { env, listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import type { PushOutbox } from '@worker/durable-objects/push-outbox';
import { toBase64Url } from '@worker/lib/web-push/encoding';
import { call, unique } from './helpers';
import { browserKeys, decrypt, subscriptionKeys } from './web-push-browser';

export type BrowserKeys = Awaited<ReturnType<typeof browserKeys>>;

/** Where the stand-in push service's endpoints live (no real host is reached). */
export const PUSH_HOST = 'https://push.example.net';

export async function subscribeBrowser(cookie: string, endpoint = `${PUSH_HOST}/${unique('b')}`) {
  const keys = await browserKeys();
  const response = await call('/api/push/subscriptions', {
    method: 'PUT',
    cookie,
    body: { endpoint, keys: subscriptionKeys(keys) },
  });
  expect(response.status).toBe(201);
  return { endpoint, keys };
}

/** `count` subscriptions for `userId`, written directly (a burst's hundred browsers without a hundred requests). */
export async function insertSubscriptions(userId: number, count: number) {
  const browsers = [];
  for (let i = 0; i < count; i += 1) {
    const keys = await browserKeys();
    const endpoint = `${PUSH_HOST}/${unique('b')}`;
    await env.DB.prepare('INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES (?, ?, ?, ?)')
      .bind(endpoint, userId, toBase64Url(keys.p256dh), toBase64Url(keys.auth))
      .run();
    browsers.push({ endpoint, keys });
  }
  return browsers;
}

/** `n` members written directly, each with one subscribed browser: a burst's recipients. */
export async function recipients(n: number) {
  const tag = unique('burst');
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE i(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM i WHERE k < ?1)
     INSERT INTO users (username, password, display_name, email)
     SELECT ?2 || '_' || k, 'x', 'Burst ' || k, ?2 || '_' || k || '@example.com' FROM i RETURNING id`,
  )
    .bind(n, tag)
    .all<{ id: number }>();
  const browsers = [];
  for (const { id } of results) browsers.push(...(await insertSubscriptions(id, 1)));
  return { ids: results.map((r) => r.id), browsers };
}

/** One request the stand-in received: read at once (a body made in a Durable Object's context stays there). */
export interface Received {
  endpoint: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

/** A push service stand-in: records each request, answers by endpoint. */
export function pushService(status: (endpoint: string) => number = () => 201) {
  const received: Received[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = new Uint8Array(await request.arrayBuffer());
    received.push({ endpoint: request.url, headers: new Headers(request.headers), body });
    return new Response(null, { status: status(request.url) });
  }) as typeof globalThis.fetch;
  return { fetch, received };
}

/**
 * The stand-in installed as the isolate's fetch for PUSH_HOST (other requests pass through), for
 * pushes the Worker sends on its own (after a reply, in an outbox's alarm). `restore` removes it.
 */
export function globalPushService(status?: (endpoint: string) => number) {
  const service = pushService(status);
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(`${PUSH_HOST}/`) ? service.fetch(input, init) : original(input, init);
  });
  return { ...service, restore: () => spy.mockRestore() };
}

/** The JSON a browser reads from a push: decrypted with its keys. */
export async function readPush(received: Received, keys: BrowserKeys) {
  return JSON.parse((await decrypt(received.body, keys)).text) as {
    title: string;
    body: string;
    url: string;
    tag: string;
  };
}

/** The pushes received for `endpoint`, decrypted. */
export async function pushesTo(service: { received: Received[] }, browser: { endpoint: string; keys: BrowserKeys }) {
  return Promise.all(
    service.received.filter((r) => r.endpoint === browser.endpoint).map((r) => readPush(r, browser.keys)),
  );
}

/** An outbox stub by its id (as pushToMembers reports it). */
export const outboxStub = (id: string) => env.PUSH_OUTBOX.get(env.PUSH_OUTBOX.idFromString(id));

/** Sets an outbox's clock and outbound fetch (decision 064: both injectable). */
export function driveOutbox(id: string, clock: () => number, fetch: typeof globalThis.fetch) {
  return runInDurableObject(outboxStub(id), (instance: PushOutbox) => {
    instance.clock = clock;
    instance.outboundFetch = fetch;
  });
}

/** What an outbox still holds: its pages' keys and its alarm. */
export function outboxState(id: string) {
  return runInDurableObject(outboxStub(id), async (_instance: PushOutbox, state) => ({
    pages: [...(await state.storage.list({ prefix: 'page:' })).keys()],
    alarm: await state.storage.getAlarm(),
  }));
}

export { listDurableObjectIds, runDurableObjectAlarm };
