// The live-chat socket (docs/api/live-chat.md): the Worker authorises the upgrade, then hands the
// request to the conversation's ConversationRoom with the verified member ids.
import { Hono } from 'hono';
import { findListingRef } from '../db/queries/messages';
import { findPartnerAcrossBlock } from '../db/queries/blocks';
import { BLOCKED_MEMBER_MESSAGE } from '@/shared/schemas';
import { forbidden, HttpError, notFound } from '../lib/errors';
import { isConversationPair, roomStub } from '@worker/durable-objects/conversation-room-client';
import { sessionKeyOf } from '@worker/durable-objects/member-sockets-client';
import { parseId } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { viewer } from '../middleware/session';
import type { AppEnv } from '../types';

export const conversationSocketRoutes = new Hono<AppEnv>();

conversationSocketRoutes.get('/:partnerId{[0-9]+}/:listingId{[0-9]+}/ws', viewer('row'), async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw new HttpError(426, 'Expected a WebSocket upgrade');
  const user = requireUser(c);
  // Browsers send Origin on every WebSocket upgrade; cookies ride along cross-site, so a foreign
  // page must not be able to open a member's chat (cross-site WebSocket hijacking).
  const origin = c.req.raw.headers.get('Origin');
  if (origin !== null && origin !== new URL(c.req.url).origin) throw forbidden('Cross-origin requests are not allowed');

  const db = c.get('db');
  const partnerId = parseId(c.req.param('partnerId'), 'User');
  const listingId = parseId(c.req.param('listingId'), 'Listing');
  const [listing, partner] = await Promise.all([
    findListingRef(db, listingId),
    findPartnerAcrossBlock(db, partnerId, user.id),
  ]);
  if (!listing) throw notFound('Listing not found');
  if (!partner) throw notFound('User not found');
  if (!isConversationPair(listing.userId, user.id, partner.id))
    throw forbidden('Conversations about a listing are between its owner and another member');
  // A block either way: the thread stays readable over the API, the live chat does not open (decision 035).
  if (partner.blocked) throw forbidden(BLOCKED_MEMBER_MESSAGE);

  // The ids come from the session and D1, never from the client. The session goes along (hashed)
  // so ending it closes this socket (worker/lib/member-sockets.ts).
  const session = c.get('session')!;
  const headers = new Headers({
    Upgrade: 'websocket',
    'X-User-Id': String(user.id),
    'X-Partner-Id': String(partner.id),
    'X-Listing-Id': String(listing.id),
    'X-Session-Key': await sessionKeyOf(session.id),
    'X-Session-Created': String(session.createdAt),
  });
  const upgraded = await roomStub(c.env, listing.id, user.id, partner.id).fetch(new Request(c.req.url, { headers }));
  if (upgraded.status !== 101 || !upgraded.webSocket) throw new HttpError(500, 'Could not open the conversation');
  return new Response(null, { status: 101, webSocket: upgraded.webSocket });
});
