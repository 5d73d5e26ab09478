// The header's link words in the member's language (src/shared/nav-links.ts names them).
import * as m from '@/lib/messages';
import type { NavKey } from '@/shared/nav-links';

const LABELS: Record<NavKey, () => string> = {
  layout_nav_browse: m.layout_nav_browse,
  layout_nav_messages: m.layout_nav_messages,
  layout_nav_community: m.layout_nav_community,
  layout_nav_matches: m.layout_nav_matches,
  layout_nav_wants: m.layout_nav_wants,
  layout_nav_circles: m.layout_nav_circles,
};

export const navLabel = (key: NavKey) => LABELS[key]();
