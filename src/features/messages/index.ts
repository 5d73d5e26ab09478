export { conversationsQuery } from './api';
export { unreadMessagesIn, useUnreadMessageCount } from './unread-count';
