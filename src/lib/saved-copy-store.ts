// The copy of what the member last saw, kept on this device for reading offline (decision 067).
// The app keeps it, not the service worker: replies that depend on the session (the member's
// conversations, their home section, a listing as they see it) never go into an HTTP cache. One
// IndexedDB record per viewer ("member:{id}", or "guest"), and a pointer to the last viewer:
// - saved from the query cache a moment after a read this list names lands (SAVED);
// - restored into the query cache when the service worker's offline shell starts the app
//   (saved-copy.ts, which only such a page loads);
// - deleted on sign-out, and when another viewer (a member or a guest) uses this browser after a
//   member, so a shared computer keeps no one's conversations for the next person.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SelfUser } from '@/shared/contract/users';
import { authKeys } from './query-keys';
import { savedCopyAt } from './saved-copy-state';

const DB_NAME = 'barter-market';
const STORE = 'saved-copy';
export const LAST = 'last-viewer';

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

export interface SavedQuery {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}
export interface SavedRecord {
  savedAt: number;
  queries: SavedQuery[];
}

export const startsWith = (key: QueryKey, prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One transaction on the store: `work` queues its requests; resolves with the last one's result. */
export async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void) {
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

/**
 * The queries to keep for this viewer: this page's reads and those the viewer's copy holds from
 * earlier pages (each full load has a query cache of its own), the newest of each key, then the
 * newest few of each kind.
 */
function merged(queryClient: QueryClient, member: boolean, earlier: SavedQuery[]): SavedQuery[] {
  const newest = new Map<string, SavedQuery>();
  const current = queryClient
    .getQueryCache()
    .getAll()
    .filter((query: Query) => query.state.status === 'success' && query.state.data !== undefined)
    .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
  for (const query of [...earlier, ...current]) {
    const hash = JSON.stringify(query.key);
    if ((newest.get(hash)?.updatedAt ?? -1) <= query.updatedAt) newest.set(hash, query);
  }
  const all = [...newest.values()].sort((a, b) => b.updatedAt - a.updatedAt);
  return SAVED.flatMap(({ prefix, keep, memberOnly }) =>
    memberOnly && !member ? [] : all.filter((query) => startsWith(query.key, prefix)).slice(0, keep),
  );
}

/** Saves the viewer's copy now (and forgets a previous member's, if another viewer took over). */
export async function saveCopy(queryClient: QueryClient): Promise<void> {
  if (savedCopyAt() !== null) return; // the page shows the saved copy: nothing new to keep
  if (!queryClient.getQueryCache().find({ queryKey: authKeys.currentUser, exact: true })?.state.dataUpdatedAt) return;
  const user = queryClient.getQueryData<SelfUser | null>(authKeys.currentUser);
  const viewer = viewerKey(user);
  const last = await withStore<string>('readonly', (store) => store.get(LAST) as IDBRequest<string>);
  const earlier =
    last === viewer
      ? await withStore<SavedRecord>('readonly', (store) => store.get(viewer) as IDBRequest<SavedRecord>)
      : undefined;
  const record: SavedRecord = {
    savedAt: Date.now(),
    queries: merged(queryClient, user != null, earlier?.queries ?? []),
  };
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

/** Keeps the copy up to date: a moment after a read worth keeping lands, and once now. */
export function keepCopy(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void saveCopy(queryClient).catch(() => undefined), 200);
  };
  later();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (SAVED.some(({ prefix }) => startsWith(event.query.queryKey, prefix))) later();
  });
}
