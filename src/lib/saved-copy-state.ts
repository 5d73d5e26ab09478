// Whether this page shows the copy saved on this device (decision 067): the service worker
// answered the load offline with the app shell, and src/lib/saved-copy.ts put what this device
// last saw in the query cache. Read-only until the network is back: forms say why they are off.
// Kept apart from saved-copy.ts (IndexedDB, the cache's walk), which loads only when needed.
import { useSyncExternalStore } from 'react';

let savedAt: number | null = null;
const listeners = new Set<() => void>();

/** The page shows the saved copy from `at` (ms); null when it shows the network's data again. */
export function setSavedCopy(at: number | null) {
  savedAt = at;
  for (const listener of listeners) listener();
}

export const savedCopyAt = () => savedAt;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the copy shown was saved, or null when the page is live. */
export const useSavedCopy = (): number | null => useSyncExternalStore(subscribe, savedCopyAt, () => null);
