// Barters (docs/api/messaging-barters-reviews.md, "Barters"): two-sided. A barter starts pending
// (an accepted offer, or one member recording it), each member confirms the handover, and the
// second confirmation completes it (decision 060); only then can either review the other.
import { eventLine } from '@/shared/event-lines';
import type { Context } from 'hono';
import { barterRoutes } from '@/shared/contract/barters';
import { BLOCKED_MEMBER_MESSAGE, barterCancelSchema, barterCreateSchema } from '@/shared/schemas';
import { notBlockedEitherWay } from '../db/queries/blocks';
import {
  bartersOfListing,
  cancelBarter,
  confirmBarter,
  findBarterById,
  isParty,
  recordBarter,
} from '../db/queries/barters';
import { conversationLink, findListingRef, pairHistory } from '../db/queries/messages';
import { notify, notifyStatement, subjectKeys } from '../db/queries/notifications';
import { findUserById } from '../db/queries/users';
import { addEventLine } from '../db/queries/offers';
import type { BarterRow, UserRow } from '../db/schema';
import { barter, message } from '../db/shapes';
import type { ServerFrame } from '@/shared/ws-frames';
import { pushToRoom } from '@worker/durable-objects/conversation-room-client';
import { barterConfirmationRequestEmail, wantsEmail } from '../lib/email';
import { queueEmail } from '../db/queries/email-outbox';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { isoNow } from '../lib/time';
import { reply, router, serve } from '../lib/serve';
import { parseBody, parseId } from '../lib/validate';
import { assertActingAs, requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';
import { memberBudget } from '../middleware/member-budget';
import { viewer } from '../middleware/session';
import { afterReply } from '../lib/after-reply';
import { pushTexts } from '@worker/services/push-texts';
import { pushQuietly } from '@worker/services/web-push';

export const barterRouter = router('/api/barters');
// GET /api/listings/{id}/barters lives with the barters it returns, mounted under the listings' path.
export const listingBarterRouter = router('/api/listings');

/** The barter named in the path, for one of its two members (admins may read, not act). */
async function barterFor(c: Context<AppEnv>, user: UserRow, { adminMayRead = false } = {}) {
  const found = await findBarterById(c.get('db'), parseId(c.req.param('id'), 'Barter'));
  if (!found) throw notFound('Barter not found');
  if (!isParty(found, user.id) && !(adminMayRead && user.isAdmin))
    throw forbidden('Only the members of this barter can see or change it');
  return found;
}

/**
 * After a barter step: its line in the conversation (once per step) and the frames that update
 * both members' open conversation without a reload (docs/api/offers.md, "Live updates").
 */
const STEP_LINES = {
  confirmed: (name: string) => eventLine('barter_confirmed', { name }),
  completed: (name: string) => eventLine('barter_completed', { name }),
  cancelled: (name: string, reason: string | null) =>
    reason ? eventLine('barter_cancelled_reason', { name, reason }) : eventLine('barter_cancelled', { name }),
};

async function pushBarterStep(
  c: Context<AppEnv>,
  row: BarterRow,
  actor: UserRow,
  step: 'confirmed' | 'completed' | 'cancelled' | null,
) {
  const db = c.get('db');
  const frames: ServerFrame[] = [];
  if (step) {
    const other = row.initiatorId === actor.id ? row.recipientId : row.initiatorId;
    const line = await addEventLine(db, {
      senderId: actor.id,
      receiverId: other,
      listingId: row.listingId,
      content:
        step === 'cancelled'
          ? STEP_LINES.cancelled(actor.displayName, row.cancelReason)
          : STEP_LINES[step](actor.displayName),
      event: { type: `barter_${step}`, barterId: row.id },
      // A member confirms once: their id makes the first confirmation's line once-only.
      key: step === 'confirmed' ? `barter:${row.id}:confirmed:${actor.id}` : `barter:${row.id}:${step}`,
    });
    if (line) frames.push({ type: 'message', message: message(line) });
  }
  frames.push({ type: 'barter', barter: barter(row) });
  return pushToRoom(
    c.env,
    { listingId: row.listingId, a: row.initiatorId, b: row.recipientId },
    frames,
    c.req.header('cf-ray') ?? 'local',
  );
}

/**
 * A barter waiting for `to`'s confirmation: a Web Push after the reply, unless they have the
 * conversation open or the two are in a block (the bell entry is not written then either).
 */
const pushBarterToConfirm = (
  c: Context<AppEnv>,
  row: BarterRow,
  actor: UserRow,
  to: number,
  step: 'recorded' | 'confirmed',
  listingTitle: string,
  open: number[],
) =>
  afterReply(c, () =>
    pushQuietly(
      c.env,
      c.get('db'),
      [to],
      'barter',
      pushTexts.barterToConfirm(
        { listingId: row.listingId, to, other: actor.id },
        row.id,
        step,
        actor.displayName,
        listingTitle,
      ),
      { except: [actor.id, ...open], unlessBlockedWith: actor.id },
    ),
  );

serve(barterRouter, barterRoutes.record, viewer('row'), memberBudget('barterStepsPerMember'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const input = await parseBody(c, barterCreateSchema);
  assertActingAs(user, input.initiatorId, 'You can only record a barter as yourself');

  const [listing, recipient] = await Promise.all([
    findListingRef(db, input.listingId),
    findUserById(db, input.recipientId),
  ]);
  if (!listing) throw notFound('Listing not found');
  if (!recipient) throw notFound('User not found');
  if (recipient.id === user.id) throw badRequest('You cannot record a barter with yourself');
  if (listing.userId !== user.id && listing.userId !== recipient.id)
    throw badRequest('One of the two members must own the listing');
  const history = await pairHistory(db, listing.id, user.id, recipient.id);
  // Recording a barter is contact: refused across a block either way (decision 035).
  if (history.blocked) throw forbidden(BLOCKED_MEMBER_MESSAGE);
  if (!history.exchanged) throw badRequest('Send a message about this listing before recording a barter');

  const { barter: row, created } = await recordBarter(db, listing.id, user.id, recipient.id);
  if (created) {
    // The recipient is asked to confirm: a notification, and an email if they want them. The
    // link opens the conversation, where the barter prompt offers Confirm and Cancel.
    const link = conversationLink(listing.id, user.id, recipient.id);
    await db.batch([
      notifyStatement(db, {
        userId: recipient.id,
        kind: 'barter_pending',
        subjectKey: subjectKeys.barter(row.id),
        text: `${user.displayName} recorded a barter for "${listing.title}" — confirm it`,
        link,
      }),
      ...(wantsEmail(recipient)
        ? [
            queueEmail(
              db,
              barterConfirmationRequestEmail(
                new URL(c.req.url).origin,
                recipient.email,
                recipient.displayName,
                {
                  initiatorName: user.displayName,
                  listingTitle: listing.title,
                  link,
                },
                recipient.language,
              ),
            ),
          ]
        : []),
    ]);
    const open = await pushBarterStep(c, row, user, null);
    await pushBarterToConfirm(c, row, user, recipient.id, 'recorded', listing.title, open);
  }
  return reply(c, barterRoutes.record, barter(row), created ? 201 : 200);
});

serve(barterRouter, barterRoutes.get, viewer('row'), async (c) => {
  const user = requireUser(c);
  return reply(c, barterRoutes.get, barter(await barterFor(c, user, { adminMayRead: true })));
});

serve(barterRouter, barterRoutes.complete, viewer('row'), memberBudget('barterStepsPerMember'), async (c) => {
  const user = requireUser(c);
  const found = await barterFor(c, user);
  if (found.status === 'cancelled') throw conflict('This barter was cancelled');
  // Asking again once completed (from either side) changes nothing.
  if (found.status === 'completed') return reply(c, barterRoutes.complete, barter(found));
  // Neither member completes a barter alone (decision 060): the second confirmation does.
  const mine = found.initiatorId === user.id ? found.initiatorConfirmedAt : found.recipientConfirmedAt;
  if (mine) throw forbidden('Waiting for the other member to confirm');
  const db = c.get('db');
  const { barter: after, completedNow, confirmedNow } = await confirmBarter(db, found, user.id, isoNow());
  // A cancel that won the race leaves it cancelled.
  if (after.status === 'cancelled') throw conflict('This barter was cancelled');
  // Only the request that changed it tells the other member, so a racing repeat adds nothing.
  if (confirmedNow) {
    const other = after.initiatorId === user.id ? after.recipientId : after.initiatorId;
    const listing = await findListingRef(db, after.listingId);
    const title = listing?.title ?? 'a listing';
    // A pending barter can still be settled across a block; its bell entry is not written then (decision 035).
    await notify(
      db,
      completedNow
        ? {
            userId: other,
            kind: 'barter_confirmed',
            subjectKey: subjectKeys.barter(after.id),
            text: `${user.displayName} confirmed your barter for "${title}" — you can now review each other`,
            link: conversationLink(after.listingId, after.initiatorId, after.recipientId),
          }
        : {
            userId: other,
            kind: 'barter_pending',
            subjectKey: subjectKeys.barter(after.id),
            text: `${user.displayName} confirmed the handover for "${title}" — confirm it too once you have swapped`,
            link: conversationLink(after.listingId, after.initiatorId, after.recipientId),
          },
      notBlockedEitherWay(user.id, other),
    );
    const open = await pushBarterStep(c, after, user, completedNow ? 'completed' : 'confirmed');
    // The first confirmation asks the other member for theirs; the second completes it (no push).
    if (!completedNow) await pushBarterToConfirm(c, after, user, other, 'confirmed', title, open);
  }
  return reply(c, barterRoutes.complete, barter(after));
});

serve(barterRouter, barterRoutes.cancel, viewer('row'), memberBudget('barterStepsPerMember'), async (c) => {
  const user = requireUser(c);
  const { reason } = await parseBody(c, barterCancelSchema);
  const found = await barterFor(c, user);
  if (found.status === 'completed') throw conflict('A completed barter cannot be cancelled');
  if (found.status === 'cancelled') return reply(c, barterRoutes.cancel, barter(found));
  const db = c.get('db');
  const { barter: after, cancelledNow } = await cancelBarter(db, found, Date.now(), reason ?? null);
  if (!after) throw notFound('Barter not found');
  // A confirmation that won the race leaves it completed.
  if (after.status === 'completed') throw conflict('A completed barter cannot be cancelled');
  // Only the request that cancelled it tells the other member why.
  if (cancelledNow) {
    const other = after.initiatorId === user.id ? after.recipientId : after.initiatorId;
    const listing = await findListingRef(db, after.listingId);
    const title = listing?.title ?? 'a listing';
    await notify(
      db,
      {
        userId: other,
        kind: 'barter_pending',
        subjectKey: subjectKeys.barter(after.id),
        text: reason
          ? `${user.displayName} cancelled the barter for "${title}": ${reason}`
          : `${user.displayName} cancelled the barter for "${title}"`,
        link: conversationLink(after.listingId, after.initiatorId, after.recipientId),
      },
      notBlockedEitherWay(user.id, other),
    );
  }
  await pushBarterStep(c, after, user, 'cancelled');
  return reply(c, barterRoutes.cancel, barter(after));
});

serve(listingBarterRouter, barterRoutes.ofListing, viewer('row'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const listing = await findListingRef(db, parseId(c.req.param('id'), 'Listing'));
  if (!listing) throw notFound('Listing not found');
  const seesAll = user.isAdmin || listing.userId === user.id;
  const rows = await bartersOfListing(db, listing.id, seesAll ? undefined : user.id);
  return reply(c, barterRoutes.ofListing, rows.map(barter));
});
