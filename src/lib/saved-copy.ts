// The copy of what the member last saw, kept on this device for reading offline (decision 067).
// The app keeps it, not the service worker: replies that depend on the session (the member's
// conversations, their home section, a listing as they see it) never go into an HTTP cache. One
// IndexedDB record per viewer ("member:{id}", or "guest"), and a pointer to the last viewer:
// - saved from the query cache a moment after a read this list names lands (SAVED);
// - restored into the query cache when the service worker's offline shell starts the app;
// - deleted on sign-out, and when another viewer (a member or a guest) uses this browser after a
//   member, so a shared computer keeps no one's conversations for the next person.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SelfUser } from '@/shared/contract/users';
import { authKeys } from './query-keys';
import { savedCopyAt, setSavedCopy } from './saved-copy-state';

const DB_NAME = 'barter-market';
const STORE = 'saved-copy';
const LAST = 'last-viewer';

/** What is kept, by the start of the query key, and how many of each (the newest). */
const SAVED: { prefix: readonly unknown[]; keep: number; memberOnly?: boolean }[] = [
  { prefix: authKeys.currentUser, keep: 1 },
  { prefix: ['categories'], keep: 1 },
  { prefix: ['listings', 'featured'], keep: 1 },
  { prefix: ['listings', 'detail'], keep: 20 },
  { prefix: ['listings', 'list'], keep: 6 },
  { prefix: ['listings', 'user'], keep: 10 },
  { prefix: ['users', 'username'], keep: 20 },
  { prefix: ['testimonials', 'newest'], keep: 1 },
  { prefix: ['home', 'member'], keep: 1, memberOnly: true },
  { prefix: ['messages', 'conversations'], keep: 1, memberOnly: true },
  { prefix: ['messages', 'conversation'], keep: 10, memberOnly: true },
  { prefix: ['messages', 'info'], keep: 10, memberOnly: true },
];

interface SavedQuery {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}
interface SavedRecord {
  savedAt: number;
  queries: SavedQuery[];
}

const startsWith = (key: QueryKey, prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One transaction on the store: `work` queues its requests; resolves with the last one's result. */
async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void) {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request ? request.result : undefined);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

const viewerKey = (user: SelfUser | null | undefined) => (user ? `member:${user.id}` : 'guest');

/** The queries to keep for this viewer, newest first within each kind. */
function snapshot(queryClient: QueryClient, member: boolean): SavedQuery[] {
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success' && query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return SAVED.flatMap(({ prefix, keep, memberOnly }) =>
    memberOnly && !member
      ? []
      : queries
          .filter((query: Query) => startsWith(query.queryKey, prefix))
          .slice(0, keep)
          .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt })),
  );
}

/** Saves the viewer's copy now (and forgets a previous member's, if another viewer took over). */
export async function saveCopy(queryClient: QueryClient): Promise<void> {
  if (savedCopyAt() !== null) return; // the page shows the saved copy: nothing new to keep
  if (!queryClient.getQueryCache().find({ queryKey: authKeys.currentUser, exact: true })?.state.dataUpdatedAt) return;
  const user = queryClient.getQueryData<SelfUser | null>(authKeys.currentUser);
  const viewer = viewerKey(user);
  const record: SavedRecord = { savedAt: Date.now(), queries: snapshot(queryClient, user != null) };
  const last = await withStore<string>('readonly', (store) => store.get(LAST) as IDBRequest<string>);
  await withStore('readwrite', (store) => {
    if (last && last !== viewer && last.startsWith('member:')) store.delete(last);
    store.put(record, viewer);
    store.put(viewer, LAST);
  });
}

/** Forgets the member's copy (sign-out). */
export async function forgetCopy(userId: number): Promise<void> {
  const viewer = `member:${userId}`;
  await withStore('readwrite', (store) => {
    store.delete(viewer);
    store.put('guest', LAST);
  });
}

/**
 * Puts the last viewer's copy in the query cache (before the router starts, as the Worker's boot
 * data would be) and marks the page as showing it. Without a copy the app starts empty and each
 * screen says it could not load.
 */
export async function restoreCopy(queryClient: QueryClient): Promise<void> {
  let record: SavedRecord | undefined;
  try {
    const last = await withStore<string>('readonly', (store) => store.get(LAST) as IDBRequest<string>);
    if (last) record = await withStore<SavedRecord>('readonly', (store) => store.get(last) as IDBRequest<SavedRecord>);
  } catch {
    // No IndexedDB (a private window may refuse it): nothing saved to show.
  }
  for (const { key, data, updatedAt } of record?.queries ?? []) queryClient.setQueryData(key, data, { updatedAt });
  // Without a saved member, nobody is signed in on this copy (no current-user call to fail).
  if (!record?.queries.some((q) => startsWith(q.key, authKeys.currentUser)))
    queryClient.setQueryData(authKeys.currentUser, null);
  setSavedCopy(record?.savedAt ?? Date.now());
  // Back online: the page reads everything again from the network and leaves the saved copy.
  window.addEventListener(
    'online',
    () => {
      setSavedCopy(null);
      void queryClient.invalidateQueries();
    },
    { once: true },
  );
}

/** Keeps the copy up to date: a moment after a read worth keeping lands, and once now. */
export function keepCopy(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void saveCopy(queryClient).catch(() => undefined), 500);
  };
  later();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (SAVED.some(({ prefix }) => startsWith(event.query.queryKey, prefix))) later();
  });
}
