// Why a form is off while the page shows the copy saved on this device (decision 067): one
// sentence, given once, that each such form shows and is described by.
import { Text } from '@radix-ui/themes';
import * as m from '@/lib/messages';

export function SavedCopyReason({ id }: { id: string }) {
  return (
    <Text as="p" size="2" color="gray" id={id} className="saved-copy-reason" data-testid="saved-copy-reason">
      {m.common_saved_copy_reason()}
    </Text>
  );
}
