// One push to one subscription (RFC 8030): the encrypted payload POSTed to the browser's push
// service with the VAPID header, a time to live and an urgency. What the push service answers
// decides the subscription's fate: 201 sent, 404/410 gone (the caller deletes it), anything else
// (a 429, a 5xx, a network error) failed this time, kept.
import { concat, fromBase64Url, utf8 } from './encoding';
import { encryptPayload } from './encrypt';
import { vapidAuthorization, type VapidKeys } from './vapid';

/** What a notification shows and opens (the service worker reads it: public/sw.js). */
export interface PushMessage {
  title: string;
  body: string;
  /** The app path the notification opens. */
  url: string;
  /** Notifications with the same tag replace each other on the device (one per conversation…). */
  tag: string;
}

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  vapid: VapidKeys;
  /** The VAPID subject: the instance's https: origin or a mailto: address. */
  subject: string;
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: Urgency;
  /** The outbound fetch (tests pass their own; the Worker's global otherwise). */
  fetch?: typeof fetch;
  now?: number;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

export async function sendPush(target: PushTarget, message: PushMessage, options: PushOptions): Promise<PushOutcome> {
  const body = await encryptPayload(concat(utf8(JSON.stringify(message))), {
    p256dh: fromBase64Url(target.p256dh),
    auth: fromBase64Url(target.auth),
  });
  try {
    const response = await (options.fetch ?? fetch)(target.endpoint, {
      method: 'POST',
      headers: {
        Authorization: await vapidAuthorization(target.endpoint, options.vapid, options.subject, options.now),
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        TTL: String(options.ttl),
        Urgency: options.urgency,
      },
      body,
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
