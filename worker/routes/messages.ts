// Messages (API.md "Messages and conversations"): a member writes to a listing's owner, or the
// owner answers; every message is about one listing.
import { Hono } from 'hono';
import { messageSchema } from '../../src/shared/schemas';
import { findListingRef, insertMessage, messagesOfUser } from '../db/queries/messages';
import { findUserById } from '../db/queries/users';
import { message } from '../db/shapes';
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

  const listing = await findListingRef(db, input.listingId);
  if (!listing) throw notFound('Listing not found');
  const receiver = await findUserById(db, input.receiverId);
  if (!receiver) throw notFound('User not found');
  if (receiver.id === user.id && listing.userId === user.id) throw badRequest('You cannot contact yourself for your own listing');
  if (receiver.id === user.id || (listing.userId !== user.id && listing.userId !== receiver.id)) {
    throw badRequest('Messages about a listing are between its owner and another member');
  }

  const created = await insertMessage(db, { senderId: user.id, receiverId: receiver.id, listingId: listing.id, content: input.content });
  return c.json(message(created), 201);
});

userMessageRoutes.get('/:id{[0-9]+}/messages', async (c) => {
  const user = requireUser(c);
  const id = parseId(c.req.param('id'), 'User');
  assertActingAs(user, id, 'You can only read your own messages');
  const rows = await messagesOfUser(c.get('db'), user.id);
  return c.json(rows.map(message));
});
