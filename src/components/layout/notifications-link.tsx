import { BellIcon } from '@radix-ui/react-icons';
import { Badge, IconButton, Tooltip } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { conversationsQuery } from '../../features/messages/api';

/** The header's notifications icon: unread messages across conversations, linking to them. */
export function NotificationsLink() {
  const { data } = useQuery(conversationsQuery);
  const unread = (data ?? []).reduce((sum, c) => sum + c.unreadCount, 0);
  const label = unread > 0 ? `Notifications: ${unread} unread message${unread === 1 ? '' : 's'}` : 'Notifications: nothing new';
  return (
    <Tooltip content={label}>
      <IconButton asChild variant="ghost" color="gray" aria-label={label}>
        <Link to="/messages" className="notifications-link">
          <BellIcon />
          {unread > 0 && (
            <Badge size="1" color="red" variant="solid" radius="full" className="notifications-badge" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </Badge>
          )}
        </Link>
      </IconButton>
    </Tooltip>
  );
}
