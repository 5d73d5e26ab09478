// Offers closed without an answer besides a step's own (decision 060): another offer on the
// listing accepted, or lapsed (the expiry job). Their conversations are told live: the line and
// the offer as it stands, for at most CLOSED_PUSHES of them (each is a call to a room); the rest
// see them on their next read or reconnect.
import type { ServerFrame } from '@/shared/ws-frames';
import type { Db } from '@worker/db/client';
import { eventLinesByKeys, offersByIds, shapeOffers, type ClosedOffer } from '@worker/db/queries/offers';
import { message as shapeMessage } from '@worker/db/shapes';
import { pushToRoom } from '@worker/durable-objects/conversation-room-client';

/** Conversations told live of offers closed besides a step's own; the rest see them on their next read. */
export const CLOSED_PUSHES = 10;

/**
 * Frames for offers a step or the expiry job closed without an answer (another offer accepted, or
 * lapsed; decision 060): each conversation's line and the offer as it stands. `kind` names the
 * lines' key suffix.
 */
export async function pushClosedOffers(
  env: Env,
  db: Db,
  closed: ClosedOffer[],
  kind: 'closed' | 'expired',
  requestId = 'local',
) {
  const some = closed.slice(0, CLOSED_PUSHES);
  if (some.length === 0) return;
  const [lines, rows] = await Promise.all([
    eventLinesByKeys(
      db,
      some.map((o) => `offer:${o.id}:${kind}`),
    ),
    offersByIds(
      db,
      some.map((o) => o.id),
    ),
  ]);
  const shaped = await shapeOffers(db, rows);
  await Promise.all(
    shaped.map((offer) => {
      const line = lines.find((m) => m.eventKey === `offer:${offer.id}:${kind}`);
      const frames: ServerFrame[] = [
        ...(line ? [{ type: 'message' as const, message: shapeMessage(line) }] : []),
        { type: 'offer', offer },
      ];
      return pushToRoom(env, { listingId: offer.listingId, a: offer.fromUserId, b: offer.toUserId }, frames, requestId);
    }),
  );
}
