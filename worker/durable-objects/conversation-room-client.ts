// One ConversationRoom per conversation (listing, its owner, the other member). The name puts the
// two members in a canonical order, so either side reaches the same object.
import type { ServerFrame } from '@/shared/ws-frames';
import type { ConversationRoom } from './conversation-room';

export function roomName(listingId: number, a: number, b: number): string {
  return `room:${listingId}:${Math.min(a, b)}:${Math.max(a, b)}`;
}

export function roomStub(env: Env, listingId: number, a: number, b: number): DurableObjectStub<ConversationRoom> {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(roomName(listingId, a, b)));
}

/** A conversation is a listing, its owner and one other member. */
export const isConversationPair = (ownerId: number, a: number, b: number) =>
  a !== b && (ownerId === a || ownerId === b);

/**
 * Fans frames out to the conversation's open sockets after D1 has the change. D1 is the record: a
 * room that cannot be reached costs live delivery (clients resync on reconnect), never the request.
 * Answers the members with a socket open in the room (none when it could not be reached), whom a
 * Web Push about the same change then skips.
 */
export async function pushToRoom(
  env: Env,
  conversation: { listingId: number; a: number; b: number },
  frames: ServerFrame[],
  requestId = 'local',
): Promise<number[]> {
  if (frames.length === 0) return [];
  try {
    return (await roomStub(env, conversation.listingId, conversation.a, conversation.b).broadcastFrames(frames)).open;
  } catch (error) {
    console.error(
      `[${requestId}] live update of conversation ${conversation.listingId}-${conversation.a}-${conversation.b} failed`,
      error,
    );
    return [];
  }
}

/** A trade circle's group chat has a room of the same class, named after the circle. */
export const circleRoomName = (circleId: number) => `circle:${circleId}`;

export function circleRoomStub(env: Env, circleId: number): DurableObjectStub<ConversationRoom> {
  return env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName(circleRoomName(circleId)));
}

/**
 * Fans frames out to a circle's open sockets; like pushToRoom, a failure costs live delivery only.
 * Answers the members with the circle's page open (none when the room could not be reached).
 */
export async function pushToCircle(
  env: Env,
  circleId: number,
  frames: ServerFrame[],
  requestId = 'local',
): Promise<number[]> {
  if (frames.length === 0) return [];
  try {
    return (await circleRoomStub(env, circleId).broadcastFrames(frames)).open;
  } catch (error) {
    console.error(`[${requestId}] live update of trade circle ${circleId} failed`, error);
    return [];
  }
}
