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
import { urlOf } from '@/lib/api-client';
import { communityRoutes } from '@/shared/contract/community';

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

interface Shared {
  /** Stops the socket; set once its code has loaded (community-feed-socket.ts). */
  stop: (() => void) | null;
  closed: boolean;
  state: CommunityFeedState;
  listeners: Set<(state: CommunityFeedState) => void>;
  waited: ReturnType<typeof setTimeout>;
  linger: ReturnType<typeof setTimeout> | null;
}

let shared: Shared | null = null;

function set(feed: Shared, change: Partial<CommunityFeedState>) {
  const next = { ...feed.state, ...change };
  if (next.live === feed.state.live && next.ready === feed.state.ready && next.idle === feed.state.idle) return;
  feed.state = next;
  for (const listener of feed.listeners) listener(next);
}

function open(queryClient: QueryClient): Shared {
  const feed: Shared = {
    stop: null,
    closed: false,
    state: { live: false, ready: false, idle: false },
    listeners: new Set(),
    waited: setTimeout(() => set(feed, { ready: true }), FEED_SOCKET_WAIT_MS),
    linger: null,
  };
  shared = feed;
  // The socket's code (the reconnecting socket, its frames) loads after the first render: no
  // page's entry carries it (decision 058). The queries wait for its first frame as before.
  void import('./community-feed-socket').then(({ connectCommunityFeed }) => {
    if (feed.closed) return;
    feed.stop = connectCommunityFeed(queryClient, communityFeedUrl(window.location), (change) => set(feed, change));
  });
  return feed;
}

function close(feed: Shared) {
  feed.closed = true;
  feed.stop?.();
  clearTimeout(feed.waited);
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
