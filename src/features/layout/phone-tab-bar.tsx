// The phone tab bar (below 768 px, members only): Browse, Messages with its unread count, Create,
// Matches (and the trade circles they lead to) and Profile, always in reach at the bottom of the
// screen. Loaded lazily with the member's header, so a visitor's first load carries none of it.
import { ChatBubbleIcon, MagnifyingGlassIcon, PersonIcon, PlusIcon, ShuffleIcon } from '@radix-ui/react-icons';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useUnreadConversations } from '@/lib/unread-messages';
import './phone-tab-bar.css';
import * as m from '@/lib/messages';
import { fmt } from '@/lib/intl';

interface TabProps {
  to: '/browse' | '/messages' | '/matches' | '/profile';
  label: string;
  icon: ReactNode;
  /** Other paths this tab stands for (the circles belong to Matches). */
  alsoFor?: string[];
  badge?: number;
}

function Tab({ to, label, icon, alsoFor = [], badge = 0 }: TabProps) {
  const path = useRouterState({ select: (state) => state.location.pathname });
  const current = [to, ...alsoFor].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return (
    <li>
      <Link to={to} className="phone-tab" aria-current={current ? 'page' : undefined}>
        <span className="phone-tab-icon" aria-hidden="true">
          {icon}
          {badge > 0 && <span className="phone-tab-badge">{badge > 99 ? '99+' : badge}</span>}
        </span>
        {/* The name is the label, then the count the icon shows in words: no aria-label that
            would differ from the visible text (SC 2.5.3). */}
        <span className="phone-tab-label">{label}</span>
        {badge > 0 && (
          <span className="visually-hidden">
            {fmt.one(badge) ? m.layout_unread_one({ count: badge }) : m.layout_unread_other({ count: badge })}
          </span>
        )}
      </Link>
    </li>
  );
}

export function PhoneTabBar({ onCreateListing }: { onCreateListing: () => void }) {
  // Conversations with unread messages, as the header's Messages link counts them (decision 061).
  const unread = useUnreadConversations() ?? 0;
  return (
    <nav aria-label={m.layout_tabs()} className="phone-tab-bar" data-testid="phone-tab-bar">
      <ul>
        <Tab to="/browse" label={m.layout_nav_browse()} icon={<MagnifyingGlassIcon width="22" height="22" />} />
        <Tab
          to="/messages"
          label={m.layout_nav_messages()}
          icon={<ChatBubbleIcon width="22" height="22" />}
          badge={unread}
        />
        <li>
          <button type="button" className="phone-tab phone-tab-create" onClick={onCreateListing}>
            <span className="phone-tab-icon phone-tab-create-icon" aria-hidden="true">
              <PlusIcon width="22" height="22" />
            </span>
            <span className="phone-tab-label">{m.layout_create()}</span>
          </button>
        </li>
        <Tab
          to="/matches"
          label={m.layout_nav_matches()}
          icon={<ShuffleIcon width="22" height="22" />}
          alsoFor={['/trade-circles', '/wants']}
        />
        <Tab to="/profile" label={m.layout_profile()} icon={<PersonIcon width="22" height="22" />} />
      </ul>
    </nav>
  );
}
