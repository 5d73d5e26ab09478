/** The header's main links, shared by the desktop bar and the mobile menu. */
export const MAIN_LINKS = [
  { to: '/browse', label: 'Browse' },
  { to: '/messages', label: 'Messages' },
  { to: '/community', label: 'Community' },
] as const;
