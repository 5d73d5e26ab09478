// The community feed's socket (use-community-feed.ts keeps one per tab and loads this module
// after the first render): the figures of each frame go into the queries, the socket's state to
// the hook. Returns what stops it.
import type { QueryClient } from '@tanstack/react-query';
import { keepConnected } from '@/lib/keep-connected';
import { ConversationConnection } from '@/lib/live-socket';
import { communityKeys, counterKeys } from '@/lib/query-keys';
import { communityFrame } from '@/shared/contract/community';
import type { CommunityFeedState } from './use-community-feed';

/** What a person does that reconnects an idle feed. */
const SIGNS_OF_A_PERSON = ['pointerdown', 'keydown', 'focus', 'wheel', 'touchstart'] as const;

export function connectCommunityFeed(
  queryClient: QueryClient,
  url: string,
  set: (change: Partial<CommunityFeedState>) => void,
): () => void {
  let live = true;
  const conn = new ConversationConnection({
    url,
    frames: communityFrame,
    onFrame: (frame) => {
      if (frame.type !== 'community') return;
      queryClient.setQueryData(communityKeys.activity(), frame.activity);
      queryClient.setQueryData(communityKeys.dashboard(), frame.dashboard);
      // The home page's three counters are the same counter rows (decision 045): no request.
      queryClient.setQueryData(counterKeys.count('users'), { count: frame.activity.users });
      queryClient.setQueryData(counterKeys.count('skills'), { count: frame.activity.listings });
      queryClient.setQueryData(counterKeys.count('barters'), { count: frame.activity.barters });
      set({ ready: true });
    },
    // A failed connect: read the routes now, and poll until the socket is back.
    onState: (state) =>
      set(
        state === 'open'
          ? { live: true, idle: false }
          : state === 'closed'
            ? { live: false, ready: true }
            : { live: false },
      ),
    // The server's first frame brings the figures: nothing to fetch on (re)connect.
    onOpen: () => {},
    onIdleClosed: () => {
      set({ idle: true });
      const back = () => {
        for (const name of SIGNS_OF_A_PERSON) window.removeEventListener(name, back, true);
        if (live) conn.reconnectNow();
      };
      for (const name of SIGNS_OF_A_PERSON) window.addEventListener(name, back, { capture: true, passive: true });
    },
  });
  conn.start();
  const unwire = keepConnected(conn);
  return () => {
    live = false;
    unwire();
    conn.stop();
  };
}
