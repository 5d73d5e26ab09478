import * as v from 'valibot';
import { idField, optionalId, optionalText, text } from './fields';

export const messageSchema = v.object({
  senderId: optionalId('Invalid sender id'),
  receiverId: idField('Please choose who receives the message'),
  listingId: idField('Please choose the listing this message is about'),
  content: text(1, 2000, 'Message cannot be empty', 'Message must be at most 2000 characters'),
});
export type MessageInput = v.InferInput<typeof messageSchema>;

export const barterCreateSchema = v.object({
  listingId: idField('Please choose the listing that was bartered'),
  initiatorId: optionalId('Invalid initiator id'),
  recipientId: idField('Please choose the other member of the barter'),
  status: v.optional(v.literal('pending', 'A new barter starts as pending')),
});
export type BarterCreateInput = v.InferInput<typeof barterCreateSchema>;

export const MAX_CANCEL_REASON = 300;
/** Cancelling a barter: why, for the other member to read (optional; decision 060). */
export const barterCancelSchema = v.object({
  reason: optionalText(MAX_CANCEL_REASON, `Reason must be at most ${MAX_CANCEL_REASON} characters`),
});
