// Messages (API.md "Messages and conversations"): a member writes to a listing's owner, or the
// owner answers; every message is about one listing.
import { Hono } from 'hono';
import { messageSchema } from '../../src/shared/schemas';
import { findListingRefAndUser, insertMessage, messagesOfUser } from '../db/queries/messages';
import { message } from '../db/shapes';
import { roomStub } from '../lib/conversation-room';
import { badRequest, notFound } from '../lib/errors';
import { hit } from '../lib/rate-limit';
import { parseBody, parseId } from '../lib/validate';
import { assertActingAs, requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';

export const messageRoutes = new Hono<AppEnv>();
export const userMessageRoutes = new Hono<AppEnv>();

messageRoutes.post('/', async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  await hit(c.env.DB, 'messagePerMember', String(user.id));
  const input = await parseBody(c, messageSchema);
  assertActingAs(user, input.senderId, 'You can only send messages as yourself');

  const { listing, user: receiver } = await findListingRefAndUser(db, input.listingId, input.receiverId);
  if (!listing) throw notFound('Listing not found');
  if (!receiver) throw notFound('User not found');
  if (receiver.id === user.id && listing.userId === user.id) throw badRequest('You cannot contact yourself for your own listing');
  if (receiver.id === user.id || (listing.userId !== user.id && listing.userId !== receiver.id)) {
    throw badRequest('Messages about a listing are between its owner and another member');
  }

  const created = await insertMessage(
    db,
    { senderId: user.id, receiverId: receiver.id, listingId: listing.id, content: input.content },
    { senderName: user.displayName, listingTitle: listing.title },
  );
  const shaped = message(created);
  // D1 is the record; the room only fans out. A room that cannot be reached costs the members
  // live delivery (they resync from GET /api/conversations), never the message.
  try {
    await roomStub(c.env, listing.id, user.id, receiver.id).broadcast({ type: 'message', message: shaped });
  } catch (error) {
    console.error(`[${c.req.header('cf-ray') ?? 'local'}] live chat broadcast failed for message ${created.id}`, error);
  }
  return c.json(shaped, 201);
});

userMessageRoutes.get('/:id{[0-9]+}/messages', async (c) => {
  const user = requireUser(c);
  const id = parseId(c.req.param('id'), 'User');
  assertActingAs(user, id, 'You can only read your own messages');
  const rows = await messagesOfUser(c.get('db'), user.id);
  return c.json(rows.map(message));
});
