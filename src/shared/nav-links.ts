/** The header's main links, shared by the desktop bar and the mobile menu. */
export const MAIN_LINKS = [
  { to: '/browse', label: 'Browse' },
  { to: '/messages', label: 'Messages' },
  { to: '/community', label: 'Community' },
] as const;

/** Links for signed-in members: their matches, wants and trade circles (docs/api/wants-matches-circles.md). */
export const MEMBER_LINKS = [
  { to: '/matches', label: 'Matches' },
  { to: '/wants', label: 'Wants' },
  { to: '/trade-circles', label: 'Circles' },
] as const;
