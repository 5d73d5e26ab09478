// Which live sockets are open in this tab, for the reads that can skip a refetch while one is: the
// bell's news need not re-read a conversation whose socket delivers its messages (decision 043),
// and writes need not refresh the bell while its socket pushes every change. Module state, no
// React, so the header reads it without loading the messages route's code.

/** Open conversation sockets per conversation key (use-conversation-socket.ts counts them). */
const liveConversations = new Map<string, number>();
export function noteConversationLive(key: string, live: boolean) {
  const count = (liveConversations.get(key) ?? 0) + (live ? 1 : -1);
  if (count > 0) liveConversations.set(key, count);
  else liveConversations.delete(key);
}
export const isConversationLive = (key: string) => liveConversations.has(key);
/** Whether any conversation's live socket is open in this tab (the bell's pushed count does not say which, decision 050). */
export const isAnyConversationLive = () => liveConversations.size > 0;

let openBellSockets = 0;
/** The bell socket opened (true) or closed (false); use-bell-socket.ts reports both. */
export function noteBellLive(open: boolean) {
  openBellSockets += open ? 1 : -1;
}
/** Whether this tab's bell socket is open: then every change to the bell arrives by itself. */
export const isBellLive = () => openBellSockets > 0;
