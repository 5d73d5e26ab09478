// Barters: recorded, completed by both sides, or cancelled.
import * as v from 'valibot';
import { BARTER_STATUSES } from '../constants';
import { barterCancelSchema, barterCreateSchema } from '../schemas/messaging';
import { route } from './route';

export const barterStatus = v.picklist(BARTER_STATUSES);
export type BarterStatus = v.InferOutput<typeof barterStatus>;

/**
 * A barter: every column of its row, the image and scheduling fields of its upkeep included
 * (docs/api/messaging-barters-reviews.md, "Scheduling fields").
 */
export const barter = v.strictObject({
  id: v.number(),
  listingId: v.number(),
  initiatorId: v.number(),
  recipientId: v.number(),
  status: barterStatus,
  completedAt: v.nullable(v.string()),
  /** When the daily job's 14-day reminder went out. */
  lastPromptedAt: v.nullable(v.string()),
  /** The listing's images when the barter completed ([] before). */
  thumbnailUrls: v.array(v.string()),
  originalImageUrls: v.array(v.string()),
  imageCleanupScheduledAt: v.nullable(v.string()),
  barterDeletionScheduledAt: v.nullable(v.string()),
  /** When each side confirmed the handover (decision 060): the second confirmation completes it. */
  initiatorConfirmedAt: v.nullable(v.string()),
  recipientConfirmedAt: v.nullable(v.string()),
  /** The cancelling member's reason, if they gave one. */
  cancelReason: v.nullable(v.string()),
  createdAt: v.string(),
});
export type Barter = v.InferOutput<typeof barter>;

const byId = '/api/barters/:id{[0-9]+}' as const;

export const barterRoutes = {
  record: route({
    method: 'POST',
    path: '/api/barters',
    tag: 'Barters',
    summary: 'Record a pending barter with the other member of a conversation',
    access: 'member',
    body: barterCreateSchema,
    reply: barter,
    status: 201,
    alternatives: { 200: barter },
    errors: [400, 401, 403, 404],
    notes:
      '200 with the pair’s pending or completed barter when one exists. The barter budget: 20 steps a day, then 429.',
  }),
  get: route({
    method: 'GET',
    path: byId,
    tag: 'Barters',
    summary: 'One barter (its two members and admins)',
    access: 'member',
    reply: barter,
    errors: [401, 403, 404],
  }),
  complete: route({
    method: 'PATCH',
    path: `${byId}/complete`,
    tag: 'Barters',
    summary: 'Confirm the handover of a pending barter (each member; the second confirmation completes it)',
    access: 'member',
    reply: barter,
    errors: [401, 403, 404, 409],
    notes:
      'Confirming again before the other member has: 403 Waiting for the other member to confirm. A completed barter answers unchanged. The barter budget: 20 steps a day, then 429.',
  }),
  cancel: route({
    method: 'PATCH',
    path: `${byId}/cancel`,
    tag: 'Barters',
    summary: 'Cancel a pending barter (either member), optionally saying why',
    access: 'member',
    body: barterCancelSchema,
    reply: barter,
    errors: [401, 403, 404, 409],
    notes: 'Cancelling a cancelled barter answers it unchanged. The barter budget: 20 steps a day, then 429.',
  }),
  ofListing: route({
    method: 'GET',
    path: '/api/listings/:id{[0-9]+}/barters',
    tag: 'Barters',
    summary: 'A listing’s barters, newest first (all for its owner and admins, else the caller’s own)',
    access: 'member',
    reply: v.array(barter),
    errors: [401, 404],
  }),
};
