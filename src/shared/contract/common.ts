// Replies many routes share: a sentence for the person, and a count.
import * as v from 'valibot';

/** A reply that only tells the person what happened ("Account deleted"). */
export const messageReply = v.strictObject({ message: v.string() });
export type MessageReply = v.InferOutput<typeof messageReply>;

/** A count of something (members, open listings, completed barters, open reports). */
export const countReply = v.strictObject({ count: v.number() });
export type Count = v.InferOutput<typeof countReply>;
