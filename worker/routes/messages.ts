// Messages (docs/api/messaging-barters-reviews.md, "Messages"): a member writes to a listing's
// owner, or the owner answers; every message is about one listing.
import { messageRoutes } from '@/shared/contract/messages';
import { BLOCKED_MEMBER_MESSAGE, messageSchema } from '@/shared/schemas';
import { messagesOfUser, sendMessage } from '../db/queries/messages';
import { message } from '../db/shapes';
import { afterReply } from '../lib/after-reply';
import { roomStub } from '@worker/durable-objects/conversation-room-client';
import { badRequest, forbidden, notFound } from '../lib/errors';
import {
  HELD_REPLY,
  hasLink,
  holdMessage,
  isYoungAccount,
  shouldHold,
  tooManyHeld,
} from '@worker/db/queries/held-messages';
import { checkMessageBudget, withMessageBudget } from '../db/queries/message-budget';
import { reply, router, serve } from '../lib/serve';
import { parseBody, parseId } from '../lib/validate';
import { assertActingAs, requireUser } from '../middleware/auth';
import { viewer } from '../middleware/session';
import { pushTexts } from '@worker/services/push-texts';
import { pushQuietly } from '@worker/services/web-push';

export const messageRouter = router('/api/messages');
// GET /api/users/{id}/messages lives with the messages it returns, mounted under the users' path.
export const userMessageRouter = router('/api/users');

serve(messageRouter, messageRoutes.send, viewer('row'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  // The message budget (30 a minute, counted from the member's own lines: lib/message-budget.ts)
  // answers first (429 before any 400 or 403), as the counter did: a refused body or sender reads
  // it before answering, and a valid one's batch fails at its gate when the budget is spent.
  const input = await parseBody(c, messageSchema).catch(async (error: unknown) => {
    await checkMessageBudget(c.env.DB, user.id);
    throw error;
  });
  if (input.senderId !== user.id) {
    await checkMessageBudget(c.env.DB, user.id);
    assertActingAs(user, input.senderId, 'You can only send messages as yourself');
  }
  // The link-burst guard (docs/api/moderation.md, "Automatic guards"): only a day-old account's
  // message with a link is looked at; every other message goes the ordinary way below, unchanged.
  if (isYoungAccount(user.createdAt) && hasLink(input.content) && (await shouldHold(c.env.DB, user.id))) {
    await checkMessageBudget(c.env.DB, user.id);
    const outcome = await holdMessage(c.env.DB, {
      senderId: user.id,
      receiverId: input.receiverId,
      listingId: input.listingId,
      content: input.content,
    });
    if (outcome.held) return c.json(HELD_REPLY, 202);
    if (outcome.listingOwner === null) throw notFound('Listing not found');
    if (!outcome.receiverFound) throw notFound('User not found');
    if (input.receiverId === user.id && outcome.listingOwner === user.id)
      throw badRequest('You cannot contact yourself for your own listing');
    if (
      input.receiverId === user.id ||
      (outcome.listingOwner !== user.id && outcome.listingOwner !== input.receiverId)
    ) {
      throw badRequest('Messages about a listing are between its owner and another member');
    }
    if (outcome.blocked) throw forbidden(BLOCKED_MEMBER_MESSAGE);
    if (outcome.full) throw tooManyHeld();
    throw new Error(`message from ${user.id} about listing ${input.listingId} passed the checks but was not held`);
  }
  // One round trip: the lookups, the budget's gate and the writes, which the route's rules guard
  // in SQL (sendMessage); a full budget fails the batch and answers 429 (withMessageBudget).
  const {
    listing,
    receiver,
    blocked,
    row: created,
  } = await withMessageBudget(c.env.DB, user.id, () =>
    sendMessage(
      db,
      { senderId: user.id, receiverId: input.receiverId, listingId: input.listingId, content: input.content },
      user.displayName,
    ),
  );
  if (!listing) throw notFound('Listing not found');
  if (!receiver) throw notFound('User not found');
  if (receiver.id === user.id && listing.userId === user.id)
    throw badRequest('You cannot contact yourself for your own listing');
  if (receiver.id === user.id || (listing.userId !== user.id && listing.userId !== receiver.id)) {
    throw badRequest('Messages about a listing are between its owner and another member');
  }
  // A block either way (a stale tab included): nothing was stored (decision 035).
  if (blocked) throw forbidden(BLOCKED_MEMBER_MESSAGE);
  if (!created)
    throw new Error(`message from ${user.id} about listing ${listing.id} passed the checks but was not stored`);

  const shaped = message(created);
  // D1 is the record; the room only fans out, after the reply (the sender's SPA takes the reply's
  // copy, merged by id with the frame). A room that cannot be reached costs the members live
  // delivery (they resync from GET /api/conversations), never the message.
  const ray = c.req.header('cf-ray') ?? 'local';
  const fanOut = async () => {
    // The room answers who has the conversation open: they read the message there, unpushed.
    let open: number[] = [];
    try {
      ({ open } = await roomStub(c.env, listing.id, user.id, receiver.id).broadcast({
        type: 'message',
        message: shaped,
      }));
    } catch (error) {
      console.error(`[${ray}] live chat broadcast failed for message ${created.id}`, error);
    }
    const push = pushTexts.message(
      { listingId: listing.id, to: receiver.id, other: user.id },
      user.displayName,
      input.content,
    );
    await pushQuietly(c.env, db, [receiver.id], 'message', push, { except: [user.id, ...open] });
  };
  // After the reply (afterReply): a socket that joins the room in between has the message from its
  // resync, and the room leaves it out of the frame (ConversationRoom.broadcast).
  await afterReply(c, fanOut);
  return reply(c, messageRoutes.send, shaped);
});

serve(userMessageRouter, messageRoutes.ofUser, viewer('row'), async (c) => {
  const user = requireUser(c);
  const id = parseId(c.req.param('id'), 'User');
  assertActingAs(user, id, 'You can only read your own messages');
  const rows = await messagesOfUser(c.get('db'), user.id);
  return reply(c, messageRoutes.ofUser, rows.map(message));
});
