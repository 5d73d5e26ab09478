// Dates in messages and circle chats: lists show month and day, bubbles date and time.
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const formatMonthDay = (iso: string) => monthDay.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
