// The Messages link's count (issue 25 item 6, decision 061): conversations with unread messages,
// apart from the bell. For the desktop header's link and the phone bar's tab: put it inside the
// link, after its label; the link's name then reads "Messages, 3 unread conversations".
import { Badge } from '@radix-ui/themes';
import { useUnreadConversations } from '@/lib/unread-messages';
import * as m from '@/lib/messages';

export function UnreadMessagesBadge() {
  const count = useUnreadConversations();
  if (!count) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <Badge
      color="red"
      variant="solid"
      radius="full"
      size="1"
      className="count-badge unread-messages-badge"
      data-testid="unread-messages-badge"
    >
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">
        {(count === 1 ? m.common_unread_conversations_one : m.common_unread_conversations_other)({ count: shown })}
      </span>
    </Badge>
  );
}
