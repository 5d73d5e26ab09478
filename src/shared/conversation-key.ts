// A conversation's address: the listing and its two members, the lower id first, so both members
// reach the same `/messages/{key}` and the same ConversationRoom (docs/api/offers.md, "Addresses").

export interface ConversationRef {
  listingId: number;
  /** The lower of the two member ids. */
  low: number;
  /** The higher of the two member ids. */
  high: number;
}

export const conversationKeyOf = (listingId: number, a: number, b: number) =>
  `${listingId}-${Math.min(a, b)}-${Math.max(a, b)}`;

/** The conversation a key names, or null for anything that is not a canonical key. */
export function parseConversationKey(raw: string | undefined): ConversationRef | null {
  const match = raw ? /^([1-9]\d{0,14})-([1-9]\d{0,14})-([1-9]\d{0,14})$/.exec(raw) : null;
  if (!match) return null;
  const [listingId, low, high] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return low < high ? { listingId, low, high } : null;
}

/** The other member of a conversation, from one member's side. */
export const partnerIn = (ref: ConversationRef, me: number) => (ref.low === me ? ref.high : ref.low);

/** The messages screen opened on one conversation. */
export const conversationPath = (listingId: number, a: number, b: number) =>
  `/messages/${conversationKeyOf(listingId, a, b)}`;
