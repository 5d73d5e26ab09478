// The notice of the copy saved on this device (decision 067), loaded only when a page shows it.
import * as m from '@/lib/messages';
import { fmt } from '@/lib/intl';

export default function SavedCopyNotice({ savedAt }: { savedAt: number }) {
  return (
    <p className="offline-notice" data-testid="offline-notice">
      {m.common_saved_copy_notice({ date: fmt.date(savedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
    </p>
  );
}
