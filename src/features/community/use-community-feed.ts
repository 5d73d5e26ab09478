// The community feed's live connection (docs/api/users-and-community.md, "Live updates"; decision 028): one
// WebSocket per tab, shared by every component that shows the activity feed or the dashboard's
// figures, to the CommunityFeed object. Its first frame and one every 15 seconds carry both, and
// the two queries (and the home page's three counters) take them from the frame: no request. While the socket is down the queries poll
// the routes as before (activity every 15 s, dashboard every 30 s). Reconnects are the live chat's
// (backoff with jitter; at once when the tab or the network comes back). The server closes a
// socket after its idle time (4002, decision 039): then nothing polls either, the figures stay as
// they were, and the next sign of a person (a key, a pointer, focus, the tab shown) reconnects.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { keepConnected } from '@/lib/keep-connected';
import { ConversationConnection } from '@/lib/live-socket';
import { communityKeys, counterKeys } from '@/lib/query-keys';
import { urlOf } from '@/lib/api-client';
import { communityRoutes } from '@/shared/contract/community';
import { communityFrame, type CommunityFrame } from '@/shared/contract/community';

/** How long the queries wait for the socket's first frame before reading the routes. */
export const FEED_SOCKET_WAIT_MS = 4000;
/** A socket no component uses any more stays open this long, so moving between pages keeps it. */
export const FEED_SOCKET_LINGER_MS = 5000;

export const communityFeedUrl = (location: { protocol: string; host: string }) =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${urlOf(communityRoutes.feed)}`;

export interface CommunityFeedState {
  /** The socket is open: the figures are pushed, nothing polls. */
  live: boolean;
  /** The routes may be read: the first frame came, or the socket failed or is slow. */
  ready: boolean;
  /** The server closed the socket as idle: nothing polls until a person is back (then it reconnects). */
  idle: boolean;
}

/** What a person does that reconnects an idle feed. */
const SIGNS_OF_A_PERSON = ['pointerdown', 'keydown', 'focus', 'wheel', 'touchstart'] as const;

interface Shared {
  conn: ConversationConnection<CommunityFrame>;
  state: CommunityFeedState;
  listeners: Set<(state: CommunityFeedState) => void>;
  unwire: () => void;
  waited: ReturnType<typeof setTimeout>;
  linger: ReturnType<typeof setTimeout> | null;
}

let shared: Shared | null = null;

function open(queryClient: QueryClient): Shared {
  const set = (change: Partial<CommunityFeedState>) => {
    const feed = shared;
    if (!feed) return;
    const next = { ...feed.state, ...change };
    if (next.live === feed.state.live && next.ready === feed.state.ready && next.idle === feed.state.idle) return;
    feed.state = next;
    for (const listener of feed.listeners) listener(next);
  };
  const conn = new ConversationConnection({
    url: communityFeedUrl(window.location),
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
        if (shared?.conn === conn) conn.reconnectNow();
      };
      for (const name of SIGNS_OF_A_PERSON) window.addEventListener(name, back, { capture: true, passive: true });
    },
  });
  const feed: Shared = {
    conn,
    state: { live: false, ready: false, idle: false },
    listeners: new Set(),
    unwire: () => {},
    waited: setTimeout(() => set({ ready: true }), FEED_SOCKET_WAIT_MS),
    linger: null,
  };
  shared = feed;
  conn.start();
  feed.unwire = keepConnected(conn);
  return feed;
}

function close(feed: Shared) {
  feed.unwire();
  clearTimeout(feed.waited);
  feed.conn.stop();
  if (shared === feed) shared = null;
}

/** Keeps the tab's community feed socket open while the calling component is mounted. */
export function useCommunityFeed(): CommunityFeedState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CommunityFeedState>(
    () => shared?.state ?? { live: false, ready: typeof WebSocket === 'undefined', idle: false },
  );

  useEffect(() => {
    if (typeof WebSocket === 'undefined') {
      setState({ live: false, ready: true, idle: false });
      return;
    }
    const feed = shared ?? open(queryClient);
    if (feed.linger) clearTimeout(feed.linger);
    feed.linger = null;
    feed.listeners.add(setState);
    setState(feed.state);
    return () => {
      feed.listeners.delete(setState);
      if (feed.listeners.size === 0) feed.linger = setTimeout(() => close(feed), FEED_SOCKET_LINGER_MS);
    };
  }, [queryClient]);

  return state;
}
