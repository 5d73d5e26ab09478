// Paging of GET /api/conversations (docs/api/messaging-barters-reviews.md, "Paging the list"):
// newest first by (last message time, last message id); `before` is the last summary's position.

export const CONVERSATIONS_PAGE_DEFAULT = 30;
export const CONVERSATIONS_PAGE_MAX = 100;

/** The cursor after a summary: its last message's time and id, e.g. "2026-11-23T10:00:00.000Z_4812". */
export const conversationCursor = (summary: { lastMessageTime: string; lastMessageId?: number }) =>
  `${summary.lastMessageTime}_${summary.lastMessageId ?? 0}`;

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_(0|[1-9]\d{0,14})$/;

/** The position a cursor names, or null when it has any other shape. */
export function parseConversationCursor(raw: string): { time: string; id: number } | null {
  const match = CURSOR.exec(raw);
  return match ? { time: match[1]!, id: Number(match[2]) } : null;
}

/** The newest messages of a thread the SPA loads first; earlier ones on request (`before`). */
export const THREAD_PAGE_DEFAULT = 100;

/** The cursor before a message: its time and id. */
export const messageCursor = (message: { createdAt: string; id: number }) => `${message.createdAt}_${message.id}`;
