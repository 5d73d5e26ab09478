// Whether the browser says it is online: the sockets do not retry while it is not (live-socket.ts),
// the app shows one calm offline notice (components/offline-notice.tsx), and the live chats keep
// their "Reconnecting…" quiet meanwhile. No React in isOnline, so the Worker tests run the sockets.
import { useSyncExternalStore } from 'react';

/** False only when the browser knows it is offline (navigator.onLine); true where there is no browser. */
export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);
