// One ConversationRoom per conversation (listing, its owner, the other member). The name puts the
// two members in a canonical order, so either side reaches the same object.
import type { ConversationRoom } from '../durable-objects/conversation-room';

export function roomName(listingId: number, a: number, b: number): string {
  return `room:${listingId}:${Math.min(a, b)}:${Math.max(a, b)}`;
}

export function roomStub(env: Env, listingId: number, a: number, b: number): DurableObjectStub<ConversationRoom> {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(roomName(listingId, a, b)));
}

/** A conversation is a listing, its owner and one other member. */
export const isConversationPair = (ownerId: number, a: number, b: number) => a !== b && (ownerId === a || ownerId === b);
