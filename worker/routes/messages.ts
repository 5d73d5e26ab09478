// Messages (API.md "Messages and conversations"): a member writes to a listing's owner, or the
// owner answers; every message is about one listing.
import { Hono } from 'hono';
import { messageSchema } from '../../src/shared/schemas';
import { insertMessage, messagesOfUser } from '../db/queries/messages';
import { message } from '../db/shapes';
import { roomStub } from '../lib/conversation-room';
import { badRequest, notFound } from '../lib/errors';
import { hit, hitStatement } from '../lib/rate-limit';
import { parseBody, parseId } from '../lib/validate';
import { assertActingAs, requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';

export const messageRoutes = new Hono<AppEnv>();
export const userMessageRoutes = new Hono<AppEnv>();

messageRoutes.post('/', async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  // The rate limit counts every attempt and answers first (429 before any 400), as before. With a
  // valid body its hit rides in one D1 batch with the listing and receiver lookups.
  const input = await parseBody(c, messageSchema).catch(async (error: unknown) => {
    await hit(c.env.DB, 'messagePerMember', String(user.id));
    throw error;
  });
  const counted = await hitStatement(c.env.DB, 'messagePerMember', String(user.id));
  const [hitResult, listingResult, receiverResult] = await c.env.DB.batch<Record<string, unknown>>([
    counted.statement,
    c.env.DB.prepare('SELECT id, user_id AS userId, title FROM listings WHERE id = ?1 LIMIT 1').bind(input.listingId),
    c.env.DB.prepare('SELECT id FROM users WHERE id = ?1 LIMIT 1').bind(input.receiverId),
  ]);
  counted.settle(hitResult?.results[0] as { count: number; reset_at: number } | undefined);
  assertActingAs(user, input.senderId, 'You can only send messages as yourself');

  const listing = listingResult?.results[0] as { id: number; userId: number; title: string } | undefined;
  const receiver = receiverResult?.results[0] as { id: number } | undefined;
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
  // D1 is the record; the room only fans out, after the reply (the sender's SPA takes the reply's
  // copy, merged by id with the frame). A room that cannot be reached costs the members live
  // delivery (they resync from GET /api/conversations), never the message.
  const ray = c.req.header('cf-ray') ?? 'local';
  const fanOut = async () => {
    try {
      await roomStub(c.env, listing.id, user.id, receiver.id).broadcast({ type: 'message', message: shaped });
    } catch (error) {
      console.error(`[${ray}] live chat broadcast failed for message ${created.id}`, error);
    }
  };
  c.executionCtx.waitUntil(fanOut());
  return c.json(shaped, 201);
});

userMessageRoutes.get('/:id{[0-9]+}/messages', async (c) => {
  const user = requireUser(c);
  const id = parseId(c.req.param('id'), 'User');
  assertActingAs(user, id, 'You can only read your own messages');
  const rows = await messagesOfUser(c.get('db'), user.id);
  return c.json(rows.map(message));
});
