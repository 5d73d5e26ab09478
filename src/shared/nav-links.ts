// The header's links, shared by the desktop bar, the mobile menu and the Worker's first screen.
// `key` names the link's words in messages/*.json (decision 068).

/** The header's main links, shared by the desktop bar and the mobile menu. */
export const MAIN_LINKS = [
  { to: '/browse', key: 'layout_nav_browse' },
  { to: '/messages', key: 'layout_nav_messages' },
  { to: '/community', key: 'layout_nav_community' },
] as const;

/** Links for signed-in members: their matches, wants and trade circles (docs/api/wants-matches-circles.md). */
export const MEMBER_LINKS = [
  { to: '/matches', key: 'layout_nav_matches' },
  { to: '/wants', key: 'layout_nav_wants' },
  { to: '/trade-circles', key: 'layout_nav_circles' },
] as const;

export type NavKey = (typeof MAIN_LINKS)[number]['key'] | (typeof MEMBER_LINKS)[number]['key'];
