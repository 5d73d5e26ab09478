// Conversations (API.md "Messages and conversations"): summaries for the messages screen's list,
// and one conversation's messages, which marks the ones the reader received as read.
import { Hono } from 'hono';
import { conversationSummaries, findListingRef, readConversation } from '../db/queries/messages';
import { findUserById } from '../db/queries/users';
import { message } from '../db/shapes';
import { notFound } from '../lib/errors';
import { parseId } from '../lib/validate';
import { assertActingAs, requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';
import { conversationSocketRoutes } from './conversation-socket';

export const conversationRoutes = new Hono<AppEnv>();

// GET /:partnerId/:listingId/ws, the live-chat socket (docs/api/live-chat.md).
conversationRoutes.route('/', conversationSocketRoutes);

conversationRoutes.get('/', async (c) => {
  const user = requireUser(c);
  return c.json(await conversationSummaries(c.get('db'), user.id));
});

conversationRoutes.get('/:userId{[0-9]+}/:partnerId{[0-9]+}/:listingId{[0-9]+}', async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const userId = parseId(c.req.param('userId'), 'User');
  assertActingAs(user, userId, 'You can only read your own conversations');
  const partnerId = parseId(c.req.param('partnerId'), 'User');
  const listingId = parseId(c.req.param('listingId'), 'Listing');
  const [listing, partner] = await Promise.all([findListingRef(db, listingId), findUserById(db, partnerId)]);
  if (!listing) throw notFound('Listing not found');
  if (!partner) throw notFound('User not found');
  const rows = await readConversation(db, user.id, partnerId, listingId);
  return c.json(rows.map(message));
});
