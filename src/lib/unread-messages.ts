// How many conversations have messages the member has not read (decision 061): the bell's socket
// frames and GET /api/notifications carry it, the bell (features/notifications) sets it here, and
// the Messages links (the desktop header, the phone bar) show it. Module state, so the header
// reads it without loading the bell's code; null until something said (nothing is shown then).
import { useSyncExternalStore } from 'react';

let unreadConversations: number | null = null;
const listeners = new Set<() => void>();

export function setUnreadConversations(count: number | null) {
  if (count === unreadConversations) return;
  unreadConversations = count;
  listeners.forEach((listener) => listener());
}

export const getUnreadConversations = () => unreadConversations;

export function useUnreadConversations(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getUnreadConversations,
    () => null,
  );
}
