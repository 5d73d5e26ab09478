// Conversations (docs/api/messaging-barters-reviews.md, "Conversations"): summaries for the
// messages screen's list, and one conversation's messages, which marks the ones the reader received
// as read.
import { conversationInfo, conversationRoutes } from '@/shared/contract/conversations';
import { userSummary } from '@/shared/contract/users';
import { conversationSummaries, findListingRefAndUser, readConversation } from '../db/queries/messages';
import { findUserById } from '../db/queries/users';
import { jsonReply } from '../db/json-reply';
import { findListingRow } from '../db/queries/listings';
import { reviewedBarterIdsQuery } from '../db/queries/reviews';
import { blockedByQuery } from '../db/queries/blocks';
import { conversationKeyOf, parseConversationKey, partnerIn } from '@/shared/conversation-key';
import { offersOfConversation, shapeOffers } from '../db/queries/offers';
import { bartersOfListing } from '../db/queries/barters';
import { barter } from '../db/shapes';
import { isConversationPair } from '@worker/durable-objects/conversation-room-client';
import { pickFields } from '../db/reply-columns';
import { badRequest, forbidden, notFound } from '../lib/errors';
import {
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  parseConversationCursor,
} from '@/shared/conversation-cursor';
import { requireViewerSession, withViewerChecked } from '@worker/db/queries/session-gate';
import { parseId, parseLimit } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { viewer } from '../middleware/session';
import { openConversationSocket } from './conversation-socket';
import { reply, router, serve } from '../lib/serve';

export const conversationRouter = router('/api/conversations');

// The live-chat socket (docs/api/live-chat.md).
serve(conversationRouter, conversationRoutes.socket, viewer('row'), openConversationSocket);

/** A thread's page: at most this many messages (the SPA asks for THREAD_PAGE_DEFAULT). */
const THREAD_PAGE_MAX = 200;
const BEFORE_MESSAGE = 'before must be a cursor: a time and a message id, as in 2026-01-01T00:00:00.000Z_42';

/**
 * `limit` and `before` (docs/api/messaging-barters-reviews.md, "Paging"): undefined when neither is
 * given; otherwise the page, `limit` defaulting to `fallback`. Bad values are 400s naming the parameter.
 */
function parsePage(rawLimit: string | undefined, rawBefore: string | undefined, max: number, fallback = max) {
  if (rawLimit === undefined && rawBefore === undefined) return undefined;
  const limit = parseLimit(rawLimit, max, fallback);
  const before = rawBefore === undefined ? undefined : parseConversationCursor(rawBefore);
  if (before === null) throw badRequest(BEFORE_MESSAGE, { before: BEFORE_MESSAGE });
  return { limit, before };
}

// The newest page of summaries by default; `limit` and `before` page further (a contract extension:
// docs/api/messaging-barters-reviews.md, "Paging").
serve(conversationRouter, conversationRoutes.list, viewer('row'), async (c) => {
  const user = requireUser(c);
  const page = parsePage(
    c.req.query('limit'),
    c.req.query('before'),
    CONVERSATIONS_PAGE_MAX,
    CONVERSATIONS_PAGE_DEFAULT,
  );
  return reply(
    c,
    conversationRoutes.list,
    await conversationSummaries(c.get('db'), user.id, {
      limit: page?.limit ?? CONVERSATIONS_PAGE_DEFAULT,
      before: page?.before,
      withCursor: page !== undefined,
    }),
  );
});

// GET /:conversation: who and what the conversation is, from the caller's side, with its offers,
// the pair's barters on the listing, which of them the caller reviewed and whether the caller
// blocked the partner (docs/api/offers.md, "Addresses"): everything the conversation's screen
// shows besides the messages, in one read (decision 043). Only its two members may read it;
// admins too get 403.
serve(conversationRouter, conversationRoutes.info, viewer('row'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const ref = parseConversationKey(c.req.param('key'));
  if (!ref) throw notFound('Conversation not found');
  const listing = await findListingRow(db, ref.listingId);
  // The query left out a listing being deleted; the check narrows its status for the reply.
  if (!listing || listing.status === 'deleted') throw notFound('Listing not found');
  if (!isConversationPair(listing.userId, ref.low, ref.high)) throw notFound('Conversation not found');
  if (user.id !== ref.low && user.id !== ref.high) throw forbidden('Only the members of this conversation can see it');
  const partner = await findUserById(db, partnerIn(ref, user.id));
  if (!partner) throw notFound('User not found');
  const offers = await shapeOffers(
    db,
    await offersOfConversation(db, ref.listingId, conversationKeyOf(ref.listingId, ref.low, ref.high)),
  );
  const pairBarters = (await bartersOfListing(db, listing.id, user.id)).filter(
    (b) => b.initiatorId === partner.id || b.recipientId === partner.id,
  );
  const [reviewed, blockedRows] = await db.batch([
    reviewedBarterIdsQuery(
      db,
      user.id,
      pairBarters.map((b) => b.id),
    ),
    blockedByQuery(db, user.id, partner.id),
  ]);
  return reply(c, conversationRoutes.info, {
    conversation: conversationKeyOf(ref.listingId, ref.low, ref.high),
    listing: pickFields(conversationInfo.entries.listing, { ...listing, status: listing.status }),
    partner: pickFields(userSummary, partner),
    offers,
    barters: pairBarters.map(barter),
    reviewedBarterIds: reviewed.map((r) => r.barterId).filter((id): id is number => id !== null),
    blockedByMe: blockedRows.length > 0,
  });
});

// viewer('sql'): the session is checked in the read's own batch (db/queries/session-gate.ts).
serve(conversationRouter, conversationRoutes.thread, viewer('sql'), async (c) => {
  const db = c.get('db');
  const viewer = requireViewerSession(c);
  return withViewerChecked(db, viewer, async () => {
    const userId = parseId(c.req.param('userId'), 'User');
    if (userId !== viewer.userId) throw forbidden('You can only read your own conversations');
    const partnerId = parseId(c.req.param('partnerId'), 'User');
    const listingId = parseId(c.req.param('listingId'), 'Listing');
    let page: ReturnType<typeof parsePage>;
    try {
      page = parsePage(c.req.query('limit'), c.req.query('before'), THREAD_PAGE_MAX);
    } catch (error) {
      // A missing listing or partner answers 404 before a bad page answers 400.
      const { listing, user: partner } = await findListingRefAndUser(db, listingId, partnerId);
      if (!listing) throw notFound('Listing not found');
      if (!partner) throw notFound('User not found');
      throw error;
    }
    // One round trip: the session's gate, the checks, the read marks and the page (readConversation).
    const { listingFound, partnerFound, json } = await readConversation(
      db,
      viewer,
      partnerId,
      listingId,
      page && { limit: page.limit, before: page.before },
    );
    if (!listingFound) throw notFound('Listing not found');
    if (!partnerFound) throw notFound('User not found');
    return jsonReply(c, json);
  });
});
