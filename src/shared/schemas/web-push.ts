// Web Push's request bodies (docs/api/web-push.md): a browser's subscription as
// PushSubscription.toJSON() gives it, and a member's per-kind switches.
import * as v from 'valibot';
import { PUSH_KINDS } from '../constants';

export const PUSH_ENDPOINT_MESSAGE = 'The push subscription endpoint must be an https URL';
export const PUSH_KEYS_MESSAGE = 'The push subscription keys are malformed';
export const PUSH_UNAVAILABLE_MESSAGE = 'Push notifications are not available on this instance';

/** base64url of exactly `bytes` bytes, unpadded or padded. */
const base64urlOf = (bytes: number) =>
  v.pipe(
    v.string(PUSH_KEYS_MESSAGE),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_KEYS_MESSAGE),
    v.check((text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes, PUSH_KEYS_MESSAGE),
  );

const endpoint = v.pipe(
  v.string(PUSH_ENDPOINT_MESSAGE),
  v.maxLength(1024, PUSH_ENDPOINT_MESSAGE),
  v.url(PUSH_ENDPOINT_MESSAGE),
);

export const pushSubscriptionSchema = v.object({
  endpoint,
  keys: v.object(
    {
      // An uncompressed P-256 point (65 bytes, first byte 4: base64url "B…") and a 16-byte secret.
      p256dh: v.pipe(base64urlOf(65), v.startsWith('B', PUSH_KEYS_MESSAGE)),
      auth: base64urlOf(16),
    },
    PUSH_KEYS_MESSAGE,
  ),
});
export type PushSubscriptionInput = v.InferOutput<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = v.object({ endpoint });

export const pushKind = v.picklist(PUSH_KINDS, `A push kind is one of ${PUSH_KINDS.join(', ')}`);

/** Each kind on or off; kinds left out keep their setting. */
export const pushSettingsSchema = v.object({
  kinds: v.record(pushKind, v.boolean('A push kind is switched on or off with true or false')),
});
