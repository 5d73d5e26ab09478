// The saved copy, shown (decision 067): loaded only when the service worker's offline shell starts
// the app. The copy itself is kept by saved-copy-store.ts.
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { NotSavedError, SavedCopyError } from '@/components/not-saved-card';
import { authKeys } from './query-keys';
import { LAST, startsWith, withStore, type SavedRecord } from './saved-copy-store';
import { savedCopyAt, setSavedCopy } from './saved-copy-state';

/**
 * Puts the last viewer's copy in the query cache (before the router starts, as the Worker's boot
 * data would be) and marks the page as showing it. Reads wait for the network meanwhile (the
 * query client is told it is offline): a screen shows what was saved instead of failing to
 * refresh it, and shows its loading state for what was not saved. A route whose loader needs a
 * read that was not saved says so at once (NotSavedError) instead of waiting.
 */
export async function restoreCopy(queryClient: QueryClient, router: AnyRouter): Promise<void> {
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
  onlineManager.setOnline(false);
  const ensure = queryClient.ensureQueryData.bind(queryClient);
  queryClient.ensureQueryData = ((options: { queryKey: QueryKey }) =>
    savedCopyAt() !== null && queryClient.getQueryData(options.queryKey) === undefined
      ? Promise.reject(new NotSavedError())
      : ensure(options as Parameters<typeof ensure>[0])) as typeof queryClient.ensureQueryData;
  router.update({ ...router.options, defaultErrorComponent: SavedCopyError });
  // Back online: the paused reads go, every page reads again from the network, the forms open.
  window.addEventListener(
    'online',
    () => {
      setSavedCopy(null);
      onlineManager.setOnline(true);
      void queryClient.invalidateQueries();
      void router.invalidate();
    },
    { once: true },
  );
}
