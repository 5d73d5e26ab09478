// Web Push (docs/api/web-push.md, decision 064): the instance's VAPID key for the browser to
// subscribe with, the member's subscriptions (saved, replaced, removed) and their per-kind
// switches. Sending is worker/services/web-push.ts.
import { PUSH_KINDS } from '@/shared/constants';
import { webPushRoutes, type PushSettings } from '@/shared/contract/web-push';
import {
  PUSH_ENDPOINT_MESSAGE,
  PUSH_UNAVAILABLE_MESSAGE,
  pushSettingsSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@/shared/schemas/web-push';
import { pushKindsOff, removeSubscription, saveSubscription, setPushKindsOff } from '../db/queries/web-push';
import { badRequest, HttpError } from '../lib/errors';
import { allowedEndpoint, webPushConfig } from '../lib/web-push/config';
import { parseBody } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { viewer } from '../middleware/session';
import { reply, router, serve } from '../lib/serve';

export const webPushRouter = router('/api/push');

const unavailable = () => new HttpError(503, PUSH_UNAVAILABLE_MESSAGE);

const settingsOf = (kindsOff: readonly string[]): PushSettings => ({
  kinds: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !kindsOff.includes(kind)])) as PushSettings['kinds'],
});

serve(webPushRouter, webPushRoutes.key, viewer('none'), (c) => {
  const config = webPushConfig(c.env);
  if (!config) throw unavailable();
  return reply(c, webPushRoutes.key, { publicKey: config.vapid.publicKey });
});

serve(webPushRouter, webPushRoutes.subscribe, viewer('row'), async (c) => {
  const user = requireUser(c);
  const body = await parseBody(c, pushSubscriptionSchema);
  if (!webPushConfig(c.env)) throw unavailable();
  if (!allowedEndpoint(body.endpoint, c.env.ENVIRONMENT === 'development'))
    throw badRequest(PUSH_ENDPOINT_MESSAGE, { endpoint: PUSH_ENDPOINT_MESSAGE });
  const subscription = { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
  const { created, createdAt } = await saveSubscription(c.get('db'), user.id, subscription);
  return reply(c, webPushRoutes.subscribe, { endpoint: body.endpoint, createdAt }, created ? 201 : 200);
});

serve(webPushRouter, webPushRoutes.unsubscribe, viewer('row'), async (c) => {
  const user = requireUser(c);
  const { endpoint } = await parseBody(c, pushUnsubscribeSchema);
  await removeSubscription(c.get('db'), user.id, endpoint);
  return reply(c, webPushRoutes.unsubscribe, undefined);
});

serve(webPushRouter, webPushRoutes.settings, viewer('row'), async (c) => {
  const user = requireUser(c);
  return reply(c, webPushRoutes.settings, settingsOf(await pushKindsOff(c.get('db'), user.id)));
});

serve(webPushRouter, webPushRoutes.updateSettings, viewer('row'), async (c) => {
  const user = requireUser(c);
  const { kinds } = await parseBody(c, pushSettingsSchema);
  const db = c.get('db');
  const before = new Set(await pushKindsOff(db, user.id));
  for (const [kind, on] of Object.entries(kinds)) {
    if (on) before.delete(kind as (typeof PUSH_KINDS)[number]);
    else before.add(kind as (typeof PUSH_KINDS)[number]);
  }
  const kindsOff = PUSH_KINDS.filter((kind) => before.has(kind));
  await setPushKindsOff(db, user.id, kindsOff);
  return reply(c, webPushRoutes.updateSettings, settingsOf(kindsOff));
});
