// Web Push (docs/api/web-push.md): the instance's VAPID key, a member's browser subscriptions,
// and the kinds of push they receive.
import * as v from 'valibot';
import { PUSH_KINDS } from '../constants';
import { pushSettingsSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../schemas/web-push';
import { route } from './route';

export const pushSettings = v.strictObject({
  kinds: v.strictObject(
    Object.fromEntries(PUSH_KINDS.map((kind) => [kind, v.boolean()])) as Record<
      (typeof PUSH_KINDS)[number],
      v.BooleanSchema<undefined>
    >,
  ),
});
export type PushSettings = v.InferOutput<typeof pushSettings>;

export const pushSubscription = v.strictObject({ endpoint: v.string(), createdAt: v.string() });

export const webPushRoutes = {
  key: route({
    method: 'GET',
    path: '/api/push/key',
    tag: 'Web Push',
    summary: "The instance's VAPID application server key, for PushManager.subscribe()",
    access: 'anyone',
    reply: v.strictObject({ publicKey: v.string() }),
    errors: [503],
    notes: '503 when the instance has no VAPID keys (push is off).',
  }),
  subscribe: route({
    method: 'PUT',
    path: '/api/push/subscriptions',
    tag: 'Web Push',
    summary: "Save the browser's push subscription for the member (201 new, 200 known)",
    access: 'member',
    body: pushSubscriptionSchema,
    reply: pushSubscription,
    status: 201,
    alternatives: { 200: pushSubscription },
    errors: [400, 503],
    notes: 'At most 10 a member: a new one beyond that replaces the oldest.',
  }),
  unsubscribe: route({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    tag: 'Web Push',
    summary: "Remove the browser's push subscription (one that is not there is not an error)",
    access: 'member',
    body: pushUnsubscribeSchema,
    reply: null,
    status: 204,
    errors: [400],
  }),
  settings: route({
    method: 'GET',
    path: '/api/push/settings',
    tag: 'Web Push',
    summary: 'Which kinds of push the member receives',
    access: 'member',
    reply: pushSettings,
  }),
  updateSettings: route({
    method: 'PUT',
    path: '/api/push/settings',
    tag: 'Web Push',
    summary: 'Switch kinds of push on or off (kinds left out keep their setting)',
    access: 'member',
    body: pushSettingsSchema,
    reply: pushSettings,
    errors: [400],
  }),
};
