// Offers (docs/api/offers.md): a member offers some of their active listings and/or free text for
// a listing; the other side accepts (a pending barter), counters (a new offer replacing the old)
// or declines, and the sender may withdraw. Every step is a line in the conversation and goes live
// to both members over the conversation's room.
import { eventLine } from '@/shared/event-lines';
import type { Context } from 'hono';
import { offerRoutes, type Offer } from '@/shared/contract/offers';
import { conversationKeyOf } from '@/shared/conversation-key';
import { BLOCKED_MEMBER_MESSAGE, offerCreateSchema, offerTermsSchema } from '@/shared/schemas';
import type { ServerFrame } from '@/shared/ws-frames';
import { findBarterById } from '../db/queries/barters';
import { findListingRow } from '../db/queries/listings';
import { conversationLink, latestTextBefore } from '../db/queries/messages';
import { notify, subjectKeys, type NotificationEvent } from '../db/queries/notifications';
import {
  acceptOffer,
  closeOffer,
  counterOffer,
  createOffer,
  eventLinesByKeys,
  expireOffers,
  findListingAcrossBlock,
  findOfferAcrossBlock,
  findOfferById,
  linesByIds,
  listingsByIds,
  liveBarterOf,
  openOfferOf,
  shapeOffer,
  type ClosedOffer,
} from '../db/queries/offers';
import { noteBellChange } from '../db/bell-changes';
import { offerExpiresAt } from '../lib/offer-expiry';
import { pushClosedOffers, webPushClosedOffers } from '../services/closed-offers';
import { pushTexts, type OfferStep } from '@worker/services/push-texts';
import { pushQuietly } from '@worker/services/web-push';
import { afterReply } from '../lib/after-reply';
import { isUniqueViolation } from '../db/queries/users';
import type { Db } from '../db/client';
import type { ListingRow, OfferRow, UserRow } from '../db/schema';
import { barter as shapeBarter, message as shapeMessage } from '../db/shapes';
import { pushToRoom } from '@worker/durable-objects/conversation-room-client';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { checkMessageBudget, withMessageBudget } from '../db/queries/message-budget';
import { reply, router, serve } from '../lib/serve';
import { parseBody, parseId } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { viewer } from '../middleware/session';
import type { AppEnv } from '../types';
import { offerStepBudget } from '../middleware/member-budget';

export const offerRouter = router('/api/offers');

export const OFFER_MESSAGES = {
  ownListing: 'You cannot make an offer on your own listing',
  listingUnavailable: 'This listing is not available for offers',
  notYours: 'You can only offer your own listings',
  counterNotTheirs: 'A counter can only ask for listings of the member making the offer',
  itself: 'You cannot offer a listing for itself',
  itemMissing: 'An offered listing was not found',
  itemInactive: 'Only active listings can be offered',
  onlyWants: 'This listing accepts only what it asks for',
  openExists: 'You already have an open offer on this listing',
  barterExists: 'You already have a barter for this listing',
  notOpen: 'This offer is no longer open',
  notParty: 'Only the members of this conversation can see or answer its offers',
  waiting: 'Waiting for the other member to answer',
  onlySender: 'Only the member who made this offer can withdraw it',
  listingGone: 'This listing is no longer available',
  expired: 'This offer has expired',
  itemGone: 'An offered listing is no longer available',
} as const;

/** The wants a listing that does not accept other offers takes: its main want and its options. */
export const wantsOf = (listing: Pick<ListingRow, 'whatUserWants' | 'whatUserWantsOptions'>) => [
  listing.whatUserWants,
  ...listing.whatUserWantsOptions,
];
const sameWant = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

interface Terms {
  givenListingIds: number[];
  text: string | null;
}

/**
 * Checks the terms of an offer for `listing` in which `giverId` (never the owner) gives, proposed by
 * `proposerId`. Returns the given listings' titles in the order given, for the conversation line.
 */
async function checkTerms(
  db: Db,
  listing: ListingRow,
  giverId: number,
  proposerId: number,
  terms: Terms,
): Promise<{ terms: Terms; titles: string[] }> {
  if (terms.givenListingIds.includes(listing.id))
    throw badRequest(OFFER_MESSAGES.itself, { givenListingIds: OFFER_MESSAGES.itself });
  const rows = await listingsByIds(db, terms.givenListingIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of terms.givenListingIds) {
    const row = byId.get(id);
    if (!row) throw badRequest(OFFER_MESSAGES.itemMissing, { givenListingIds: OFFER_MESSAGES.itemMissing });
    if (row.userId !== giverId) {
      const message = proposerId === giverId ? OFFER_MESSAGES.notYours : OFFER_MESSAGES.counterNotTheirs;
      throw badRequest(message, { givenListingIds: message });
    }
    if (row.status !== 'active')
      throw badRequest(OFFER_MESSAGES.itemInactive, { givenListingIds: OFFER_MESSAGES.itemInactive });
  }
  let text = terms.text;
  if (!listing.acceptOffers) {
    // "Accept other offers" off: the offer must name what the listing asks for (one of its wants,
    // stored as the owner wrote it); listings of the member's may come with it.
    const want = text === null ? undefined : wantsOf(listing).find((w) => sameWant(w, text!));
    if (!want) throw badRequest(OFFER_MESSAGES.onlyWants, { text: OFFER_MESSAGES.onlyWants });
    text = want;
  }
  return {
    terms: { givenListingIds: terms.givenListingIds, text },
    titles: terms.givenListingIds.map((id) => byId.get(id)!.title),
  };
}

/** "“Road bike” + “Tent” + 2 hours of gardening" */
export const describeTerms = (titles: string[], text: string | null) =>
  [...titles.map((t) => `“${t}”`), ...(text ? [text] : [])].join(' + ');

/**
 * The offer named in the path, for one of its two members (admins may read it, not act). Reading
 * stays open across a block (the conversation stays readable); every step is refused (403).
 */
async function offerFor(c: Context<AppEnv>, user: UserRow, { adminMayRead = false } = {}) {
  const found = await findOfferAcrossBlock(c.get('db'), parseId(c.req.param('id'), 'Offer'));
  if (!found) throw notFound('Offer not found');
  const { offer, blocked } = found;
  if (offer.fromUserId !== user.id && offer.toUserId !== user.id && !(adminMayRead && user.isAdmin))
    throw forbidden(OFFER_MESSAGES.notParty);
  if (blocked && !adminMayRead) throw forbidden(BLOCKED_MEMBER_MESSAGE);
  return offer;
}

const requestId = (c: Context<AppEnv>) => c.req.header('cf-ray') ?? 'local';

/** The offer's frames after a step: its new event lines, then the offer (and a barter) as they stand. */
async function pushStep(
  c: Context<AppEnv>,
  offer: OfferRow,
  shaped: Offer,
  lineKeys: string[],
  extra: ServerFrame[] = [],
) {
  const db = c.get('db');
  const lines = lineKeys.length > 0 ? await eventLinesByKeys(db, lineKeys) : [];
  const frames: ServerFrame[] = [
    ...lines.map((m) => ({ type: 'message' as const, message: shapeMessage(m) })),
    { type: 'offer', offer: shaped },
    ...extra,
  ];
  return pushToRoom(
    c.env,
    { listingId: offer.listingId, a: offer.fromUserId, b: offer.toUserId },
    frames,
    requestId(c),
  );
}

/** Closed offers' frames, then (after the reply) the Web Push to the members told in the bell. */
async function pushClosed(
  c: Context<AppEnv>,
  closed: ClosedOffer[],
  kind: 'closed' | 'expired',
  push: { recipientOf: (offer: ClosedOffer) => number; titles?: Map<number, string> },
) {
  const open = await pushClosedOffers(c.env, c.get('db'), closed, kind, requestId(c));
  await afterReply(c, () => webPushClosedOffers(c.env, c.get('db'), closed, kind, open, push));
}

/**
 * An offer step's Web Push, after the reply, to the member who did not take it; none when they
 * have the conversation open (`open`: the room's answer to the step's frames).
 */
const pushOfferStep = (
  c: Context<AppEnv>,
  listing: { id: number; title: string },
  actor: UserRow,
  to: number,
  step: OfferStep,
  open: number[],
) =>
  afterReply(c, () =>
    pushQuietly(
      c.env,
      c.get('db'),
      [to],
      'offer',
      pushTexts.offer({ listingId: listing.id, to, other: actor.id }, step, actor.displayName, listing.title),
      { except: [actor.id, ...open] },
    ),
  );

const offerNotice = (
  actor: UserRow,
  to: number,
  listing: { id: number; title: string },
  text: string,
): NotificationEvent => ({
  userId: to,
  kind: 'offer',
  subjectKey: subjectKeys.conversation(listing.id, actor.id),
  text,
  link: conversationLink(listing.id, actor.id, to),
});

serve(offerRouter, offerRoutes.make, viewer('row'), offerStepBudget, async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  // An offer is a message in the conversation: it shares the members' message budget.
  await checkMessageBudget(c.env.DB, user.id);
  const input = await parseBody(c, offerCreateSchema);
  const found = await findListingAcrossBlock(db, input.listingId, user.id);
  if (!found) throw notFound('Listing not found');
  const { listing } = found;
  if (listing.userId === user.id) throw badRequest(OFFER_MESSAGES.ownListing);
  if (found.blocked) throw forbidden(BLOCKED_MEMBER_MESSAGE);
  if (listing.status !== 'active') throw badRequest(OFFER_MESSAGES.listingUnavailable);
  const { terms, titles } = await checkTerms(db, listing, user.id, user.id, {
    givenListingIds: input.givenListingIds,
    text: input.text ?? null,
  });

  const key = conversationKeyOf(listing.id, user.id, listing.userId);
  if (await openOfferOf(db, key)) throw conflict(OFFER_MESSAGES.openExists);
  if (await liveBarterOf(db, listing.id, user.id, listing.userId)) throw conflict(OFFER_MESSAGES.barterExists);

  let made: { offer: OfferRow; lineId: number };
  try {
    made = await withMessageBudget(c.env.DB, user.id, () =>
      createOffer(
        db,
        {
          listingId: listing.id,
          conversationKey: key,
          fromUserId: user.id,
          toUserId: listing.userId,
          ...terms,
          expiresAt: offerExpiresAt(c.env),
        },
        {
          message: input.message ?? null,
          lineContent: eventLine('offer_made', { name: user.displayName, terms: describeTerms(titles, terms.text) }),
          notice: offerNotice(user, listing.userId, listing, `${user.displayName} made an offer on "${listing.title}"`),
        },
      ),
    );
  } catch (error) {
    // Two offers racing in one conversation: the unique open-offer index keeps one.
    if (isUniqueViolation(error)) throw conflict(OFFER_MESSAGES.openExists);
    throw error;
  }
  const created = made.offer;
  const shaped = await shapeOffer(db, created);
  // The covering message (if any) is a plain message: it goes live like any other.
  const lines = await linesByIds(db, [made.lineId]);
  const covering = input.message
    ? await latestTextBefore(db, listing.id, user.id, listing.userId, lines[0]?.id ?? Number.MAX_SAFE_INTEGER)
    : undefined;
  const frames: ServerFrame[] = [
    ...(covering ? [{ type: 'message' as const, message: shapeMessage(covering) }] : []),
    ...lines.map((m) => ({ type: 'message' as const, message: shapeMessage(m) })),
    { type: 'offer', offer: shaped },
  ];
  const open = await pushToRoom(c.env, { listingId: listing.id, a: user.id, b: listing.userId }, frames, requestId(c));
  await pushOfferStep(c, listing, user, listing.userId, 'made', open);
  return reply(c, offerRoutes.make, shaped);
});

serve(offerRouter, offerRoutes.get, viewer('row'), async (c) => {
  const user = requireUser(c);
  const found = await offerFor(c, user, { adminMayRead: true });
  return reply(c, offerRoutes.get, await shapeOffer(c.get('db'), found));
});

/** The owner and the other member of an offer's conversation. */
async function partiesOf(db: Db, offer: OfferRow) {
  const listing = await findListingRow(db, offer.listingId);
  if (!listing) throw notFound('Listing not found');
  const memberId = listing.userId === offer.fromUserId ? offer.toUserId : offer.fromUserId;
  return { listing, ownerId: listing.userId, memberId };
}

serve(offerRouter, offerRoutes.accept, viewer('row'), offerStepBudget, async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const offer = await offerFor(c, user);
  if (offer.status !== 'open') throw conflict(OFFER_MESSAGES.notOpen);
  if (offer.fromUserId === user.id) throw forbidden(OFFER_MESSAGES.waiting);
  const { listing, ownerId, memberId } = await partiesOf(db, offer);

  // What was offered must still be there: otherwise the offer expires instead.
  const items = (await shapeOffer(db, offer)).givenListings;
  const gone =
    listing.status !== 'active'
      ? OFFER_MESSAGES.listingGone
      : items.some((i) => i.status !== 'active')
        ? OFFER_MESSAGES.itemGone
        : null;
  if (gone) {
    if (await closeOffer(db, offer, 'expired', null)) {
      const after = (await findOfferById(db, offer.id))!;
      await pushStep(c, after, await shapeOffer(db, after), []);
    }
    throw conflict(gone);
  }
  // Lapsed but not yet expired by the cron: it expires now, as the cron would have done it.
  if (offer.expiresAt && offer.expiresAt <= new Date().toISOString()) {
    const [expired] = await expireOffers(db, [offer.id], new Date().toISOString());
    if (expired) {
      noteBellChange(db, expired.from_user_id);
      await pushClosed(c, [expired], 'expired', {
        recipientOf: (o) => o.from_user_id,
        titles: new Map([[listing.id, listing.title]]),
      });
    }
    throw conflict(OFFER_MESSAGES.expired);
  }

  const lineKey = `offer:${offer.id}:accepted`;
  const {
    accepted,
    offer: after,
    closed,
  } = await acceptOffer(
    db,
    offer,
    { ownerId, memberId },
    {
      senderId: user.id,
      receiverId: offer.fromUserId,
      listingId: offer.listingId,
      content: eventLine('offer_accepted', { name: user.displayName }),
      event: { type: 'offer_accepted', offerId: offer.id },
      key: lineKey,
    },
  );
  // A racing accept, decline or withdrawal got there first.
  if (!accepted) throw conflict(OFFER_MESSAGES.notOpen);
  await notify(
    db,
    offerNotice(user, offer.fromUserId, listing, `${user.displayName} accepted your offer on "${listing.title}"`),
  );
  const shaped = await shapeOffer(db, after);
  const barterRow = after.barterId ? await findBarterById(db, after.barterId) : undefined;
  const open = await pushStep(
    c,
    after,
    shaped,
    [lineKey],
    barterRow ? [{ type: 'barter', barter: shapeBarter(barterRow) }] : [],
  );
  await pushOfferStep(c, listing, user, offer.fromUserId, 'accepted', open);
  // The listing's other open offers closed politely (decision 060): their members' bells and rooms.
  const closedFor = (other: ClosedOffer) => (other.from_user_id === ownerId ? other.to_user_id : other.from_user_id);
  for (const other of closed) noteBellChange(db, closedFor(other));
  await pushClosed(c, closed, 'closed', { recipientOf: closedFor, titles: new Map([[listing.id, listing.title]]) });
  return reply(c, offerRoutes.accept, shaped);
});

/** Decline (the member the offer is addressed to) and withdraw (the member who made it). */
for (const action of ['decline', 'withdraw'] as const) {
  serve(offerRouter, offerRoutes[action], viewer('row'), offerStepBudget, async (c) => {
    const db = c.get('db');
    const user = requireUser(c);
    const offer = await offerFor(c, user);
    if (offer.status !== 'open') throw conflict(OFFER_MESSAGES.notOpen);
    if (action === 'decline' && offer.fromUserId === user.id) throw forbidden(OFFER_MESSAGES.waiting);
    if (action === 'withdraw' && offer.fromUserId !== user.id) throw forbidden(OFFER_MESSAGES.onlySender);
    const status = action === 'decline' ? 'declined' : 'withdrawn';
    const other = offer.fromUserId === user.id ? offer.toUserId : offer.fromUserId;
    const lineKey = `offer:${offer.id}:${status}`;
    const changed = await closeOffer(db, offer, status, {
      senderId: user.id,
      receiverId: other,
      listingId: offer.listingId,
      content: eventLine(action === 'decline' ? 'offer_declined' : 'offer_withdrawn', { name: user.displayName }),
      event: { type: action === 'decline' ? 'offer_declined' : 'offer_withdrawn', offerId: offer.id },
      key: lineKey,
    });
    if (!changed) throw conflict(OFFER_MESSAGES.notOpen);
    const after = (await findOfferById(db, offer.id))!;
    const listing = await findListingRow(db, offer.listingId);
    if (listing) {
      const text =
        action === 'decline'
          ? `${user.displayName} declined your offer on "${listing.title}"`
          : `${user.displayName} withdrew their offer on "${listing.title}"`;
      await notify(db, offerNotice(user, other, listing, text));
    }
    const shaped = await shapeOffer(db, after);
    const open = await pushStep(c, after, shaped, [lineKey]);
    if (listing) await pushOfferStep(c, listing, user, other, status, open);
    return reply(c, offerRoutes[action], shaped);
  });
}

/**
 * Counter: either member of an open offer proposes new terms in its place. From the member it
 * is addressed to, a counter-offer; from the member who made it, a revision. The terms always say
 * what the member who is not the owner gives.
 */
serve(offerRouter, offerRoutes.counter, viewer('row'), offerStepBudget, async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  await checkMessageBudget(c.env.DB, user.id);
  const offer = await offerFor(c, user);
  const input = await parseBody(c, offerTermsSchema);
  if (offer.status !== 'open') throw conflict(OFFER_MESSAGES.notOpen);
  const { listing, memberId } = await partiesOf(db, offer);
  if (listing.status !== 'active') throw conflict(OFFER_MESSAGES.listingGone);
  const { terms, titles } = await checkTerms(db, listing, memberId, user.id, {
    givenListingIds: input.givenListingIds,
    text: input.text ?? null,
  });
  const other = offer.fromUserId === user.id ? offer.toUserId : offer.fromUserId;
  const revising = offer.fromUserId === user.id;

  let created: OfferRow | undefined;
  try {
    created = await withMessageBudget(c.env.DB, user.id, () =>
      counterOffer(
        db,
        offer,
        { fromUserId: user.id, toUserId: other, ...terms, expiresAt: offerExpiresAt(c.env) },
        {
          lineContent: eventLine(revising ? 'offer_revised' : 'offer_countered', {
            name: user.displayName,
            terms: describeTerms(titles, terms.text),
          }),
          eventType: 'offer_countered',
          notice: offerNotice(
            user,
            other,
            listing,
            `${user.displayName} ${revising ? 'changed their offer' : 'countered your offer'} on "${listing.title}"`,
          ),
        },
      ),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(OFFER_MESSAGES.notOpen);
    throw error;
  }
  if (!created) throw conflict(OFFER_MESSAGES.notOpen);
  const replaced = (await findOfferById(db, offer.id))!;
  const shaped = await shapeOffer(db, created);
  const open = await pushStep(
    c,
    created,
    shaped,
    [`offer:${offer.id}:countered`],
    [{ type: 'offer', offer: await shapeOffer(db, replaced) }],
  );
  await pushOfferStep(c, listing, user, other, revising ? 'revised' : 'countered', open);
  return reply(c, offerRoutes.counter, shaped);
});
