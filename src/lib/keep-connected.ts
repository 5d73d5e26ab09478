// What every live socket of the SPA does around its ConversationConnection (the conversation, the
// circle, the bell and the community feed): reconnect at once when the tab becomes visible or the
// network comes back, and count the socket as gone when the network goes. One copy for all.
import type { ConversationConnection } from './live-socket';

/**
 * Wires `conn` to the tab's visibility and the network; returns the function that unwires it.
 * `onVisible` runs after the reconnect each time the tab becomes visible (e.g. to send a read mark).
 */
export function keepConnected(
  conn: Pick<ConversationConnection, 'reconnectNow' | 'drop'>,
  onVisible?: () => void,
): () => void {
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    conn.reconnectNow();
    onVisible?.();
  };
  const onOnline = () => conn.reconnectNow();
  const onOffline = () => conn.drop();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}
