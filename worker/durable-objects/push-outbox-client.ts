// Handing a fan-out's remaining pushes to a PushOutbox of their own (decision 064): one call.
import type { PushItem } from '@worker/lib/web-push/delivery';

/** Queues `items` in a new outbox; answers its id (tests drive its alarms), or null when nothing was queued. */
export async function queuePushes(env: Env, items: PushItem[]): Promise<string | null> {
  if (items.length === 0) return null;
  const id = env.PUSH_OUTBOX.newUniqueId();
  await env.PUSH_OUTBOX.get(id).enqueue(items);
  return id.toString();
}
