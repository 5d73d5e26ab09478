// Dates in messages and circle chats: lists show month and day, bubbles date and time, in the
// member's locale (src/lib/intl.ts).
import { fmt } from './intl';

export const formatMonthDay = (iso: string) => fmt.date(iso, { month: 'short', day: 'numeric' });
export const formatDateTime = (iso: string) =>
  fmt.date(iso, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
