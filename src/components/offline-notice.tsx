// One calm notice while the browser is offline (issue 25 item 12, decision 061), in place of each
// live socket's "Reconnecting…": the sockets wait for the network instead of retrying, reads wait
// too (TanStack Query pauses them), and a message sent meanwhile waits in its reply box and goes
// when the network is back. Plain markup: it is on every page (decision 058's budgets).
// Started offline from the service worker's shell (decision 067), it says the page is the copy
// saved on this device instead (its own chunk: only such a page loads it).
import { lazy, Suspense } from 'react';
import { useOnline } from '@/lib/online';
import { useSavedCopy } from '@/lib/saved-copy-state';
import * as m from '@/lib/messages';

const SavedCopyNotice = lazy(() => import('./saved-copy-notice'));

export function OfflineNotice() {
  const online = useOnline();
  const savedAt = useSavedCopy();
  // The live region is always there, so its text is announced when it appears.
  return (
    <div role="status">
      {savedAt !== null ? (
        <Suspense>
          <SavedCopyNotice savedAt={savedAt} />
        </Suspense>
      ) : (
        !online && (
          <p className="offline-notice" data-testid="offline-notice">
            {m.common_offline()}
          </p>
        )
      )}
    </div>
  );
}
