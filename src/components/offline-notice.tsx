// One calm notice while the browser is offline (issue 25 item 12, decision 061), in place of each
// live socket's "Reconnecting…": the sockets wait for the network instead of retrying, reads wait
// too (TanStack Query pauses them), and a message sent meanwhile waits in its reply box and goes
// when the network is back. Plain markup: it is on every page (decision 058's budgets).
import { useOnline } from '@/lib/online';

export function OfflineNotice() {
  const online = useOnline();
  // The live region is always there, so its text is announced when it appears.
  return (
    <div role="status">
      {!online && (
        <p className="offline-notice" data-testid="offline-notice">
          You’re offline. We’ll reconnect by ourselves; anything you send waits until then.
        </p>
      )}
    </div>
  );
}
