// Messages (API.md "Messages and conversations"): a member writes to a listing's owner, or the
// owner answers; every message is about one listing.
import { Hono } from 'hono';
import { messageSchema } from '../../src/shared/schemas';
import { insertMessage, messagesOfUser } from '../db/queries/messages';
import { message } from '../db/shapes';
import { roomStub } from '../lib/conversation-room';
import { badRequest, notFound } from '../lib/errors';
import { checkMessageBudget, messageBudgetStatement, settleMessageBudget, withMessageBudget } from '../lib/message-budget';
import { parseBody, parseId } from '../lib/validate';
import { assertActingAs, requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';

export const messageRoutes = new Hono<AppEnv>();
export const userMessageRoutes = new Hono<AppEnv>();

messageRoutes.post('/', async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  // The message budget (30 a minute, counted from the member's own lines: lib/message-budget.ts)
  // answers first (429 before any 400), as the counter did. With a valid body its read rides in
  // one D1 batch with the listing and receiver lookups; the write's batch checks it again.
  const input = await parseBody(c, messageSchema).catch(async (error: unknown) => {
    await checkMessageBudget(c.env.DB, user.id);
    throw error;
  });
  const now = Date.now();
  const [budgetResult, listingResult, receiverResult] = await c.env.DB.batch<Record<string, unknown>>([
    messageBudgetStatement(c.env.DB, user.id, now),
    c.env.DB.prepare('SELECT id, user_id AS userId, title FROM listings WHERE id = ?1 LIMIT 1').bind(input.listingId),
    c.env.DB.prepare('SELECT id FROM users WHERE id = ?1 LIMIT 1').bind(input.receiverId),
  ]);
  settleMessageBudget((budgetResult?.results ?? []) as { at: string }[], now);
  assertActingAs(user, input.senderId, 'You can only send messages as yourself');

  const listing = listingResult?.results[0] as { id: number; userId: number; title: string } | undefined;
  const receiver = receiverResult?.results[0] as { id: number } | undefined;
  if (!listing) throw notFound('Listing not found');
  if (!receiver) throw notFound('User not found');
  if (receiver.id === user.id && listing.userId === user.id) throw badRequest('You cannot contact yourself for your own listing');
  if (receiver.id === user.id || (listing.userId !== user.id && listing.userId !== receiver.id)) {
    throw badRequest('Messages about a listing are between its owner and another member');
  }

  const created = await withMessageBudget(c.env.DB, user.id, () =>
    insertMessage(
      db,
      { senderId: user.id, receiverId: receiver.id, listingId: listing.id, content: input.content },
      { senderName: user.displayName, listingTitle: listing.title },
    ),
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
