import * as v from 'valibot';

const idsMessage = 'ids must be a list of notification ids';

/** POST /api/notifications/read: the given entries, or every entry when `ids` is left out. */
export const notificationsReadSchema = v.object({
  ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.number(idsMessage), v.integer(idsMessage), v.minValue(1, idsMessage)), idsMessage),
      v.maxLength(100, 'At most 100 notifications at a time'),
    ),
  ),
});
export type NotificationsReadInput = v.InferInput<typeof notificationsReadSchema>;
