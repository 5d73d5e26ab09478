// Offers closed without an answer besides a step's own (decision 060): another offer on the
// listing accepted, or lapsed (the expiry job). Their conversations are told live: the line and
// the offer as it stands, for at most CLOSED_PUSHES of them (each is a call to a room); the rest
// see them on their next read or reconnect.
import type { ServerFrame } from '@/shared/ws-frames';
import type { Db } from '@worker/db/client';
import { eventLinesByKeys, listingsByIds, offersByIds, shapeOffers, type ClosedOffer } from '@worker/db/queries/offers';
import { message as shapeMessage } from '@worker/db/shapes';
import { pushToRoom } from '@worker/durable-objects/conversation-room-client';
import { pushTexts } from './push-texts';
import { pushQuietly } from './web-push';

/** Conversations told live of offers closed besides a step's own; the rest see them on their next read. */
export const CLOSED_PUSHES = 10;

/**
 * Frames for offers a step or the expiry job closed without an answer (another offer accepted, or
 * lapsed; decision 060): each conversation's line and the offer as it stands. `kind` names the
 * lines' key suffix. Answers, by offer, the members with its conversation open.
 */
export async function pushClosedOffers(
  env: Env,
  db: Db,
  closed: ClosedOffer[],
  kind: 'closed' | 'expired',
  requestId = 'local',
) {
  const some = closed.slice(0, CLOSED_PUSHES);
  if (some.length === 0) return new Map<number, number[]>();
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
  const open = await Promise.all(
    shaped.map((offer) => {
      const line = lines.find((m) => m.eventKey === `offer:${offer.id}:${kind}`);
      const frames: ServerFrame[] = [
        ...(line ? [{ type: 'message' as const, message: shapeMessage(line) }] : []),
        { type: 'offer', offer },
      ];
      return pushToRoom(env, { listingId: offer.listingId, a: offer.fromUserId, b: offer.toUserId }, frames, requestId);
    }),
  );
  return new Map(shaped.map((offer, i) => [offer.id, open[i]!]));
}

/**
 * The Web Push for offers closed without an answer (the same CLOSED_PUSHES as the frames), to the
 * member whose bell entry says so (`recipientOf`), unless they have the conversation open (`open`,
 * from pushClosedOffers). One push a member (a member with several closed at once hears of the
 * first). `titles` names the listings; missing ones are read in one statement. A cron job passes
 * `sendNow: 0`: its pushes all go to the outbox.
 */
export async function webPushClosedOffers(
  env: Env,
  db: Db,
  closed: ClosedOffer[],
  kind: 'closed' | 'expired',
  open: Map<number, number[]>,
  options: { recipientOf: (offer: ClosedOffer) => number; titles?: Map<number, string>; sendNow?: number },
): Promise<void> {
  const some = closed.slice(0, CLOSED_PUSHES).filter((o) => !open.get(o.id)?.includes(options.recipientOf(o)));
  if (some.length === 0) return;
  const titles = new Map(options.titles ?? []);
  const missing = [...new Set(some.map((o) => o.listing_id))].filter((id) => !titles.has(id));
  for (const row of await listingsByIds(db, missing)) titles.set(row.id, row.title);
  const byMember = new Map<number, ClosedOffer>();
  for (const offer of some) {
    const to = options.recipientOf(offer);
    if (!byMember.has(to) && titles.has(offer.listing_id)) byMember.set(to, offer);
  }
  await pushQuietly(
    env,
    db,
    [...byMember.keys()],
    'offer',
    (t, to) => {
      const offer = byMember.get(to)!;
      const other = offer.from_user_id === to ? offer.to_user_id : offer.from_user_id;
      return pushTexts.offer({ listingId: offer.listing_id, to, other }, kind, null, titles.get(offer.listing_id)!)(t);
    },
    { sendNow: options.sendNow },
  );
}
