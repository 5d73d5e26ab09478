// This browser's Web Push subscription (docs/api/web-push.md; decision 067): made with the
// instance's VAPID key and saved for the member, or removed. The page (the prompt, the settings,
// sign-out) and the service worker (`pushsubscriptionchange`) share it; no React here.
import { webPushRoutes } from '@/shared/contract/web-push';
import { call } from './api-client';

/** The key's base64url text as the bytes PushManager.subscribe() takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The subscription's shape the API takes (PushSubscription.toJSON(), its keys required). */
function bodyOf(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/**
 * Subscribes this browser (permission already granted) and saves it for the signed-in member.
 * Rejects with the API's error (503: push is off on this instance) or the browser's.
 */
export async function subscribeThisBrowser(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { publicKey } = await call(webPushRoutes.key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the instance's keys were replaced) cannot be used.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), keyBytes(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await call(webPushRoutes.subscribe, { body: bodyOf(subscription) });
  return subscription;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * Removes this browser's subscription: from the member's list on the server (while the session is
 * still there: sign-out calls this first) and from the browser. Resolves whatever happens to the
 * server's call: the browser's own subscription goes in any case, so nothing more reaches it.
 */
export async function unsubscribeThisBrowser(registration: ServiceWorkerRegistration): Promise<void> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await call(webPushRoutes.unsubscribe, { body: { endpoint: subscription.endpoint } });
  } catch {
    // Offline or signed out already: the push service will answer 410 for it, and the Worker
    // deletes a gone subscription at its next push (docs/api/web-push.md).
  }
  await subscription.unsubscribe();
}

/**
 * The service worker's registration, once it is active (a first visit registers it when the page
 * is idle; 10 s at most, else null: a browser that refuses workers).
 */
export async function appRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
}
