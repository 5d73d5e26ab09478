// The community feed's live connection (docs/api/users-and-community.md, "Live updates"; decision 028): one
// WebSocket per tab, shared by every component that shows the activity feed or the dashboard's
// figures, to the CommunityFeed object. Its first frame and one every 15 seconds carry both, and
// the two queries take them from the frame: no request. While the socket is down the queries poll
// the routes as before (activity every 15 s, dashboard every 30 s). Reconnects are the live chat's
// (backoff with jitter; at once when the tab or the network comes back).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConversationConnection } from '../messages/conversation-connection';
import { keepConnected } from '../messages/keep-connected';
import { communityKeys } from './api';

/** How long the queries wait for the socket's first frame before reading the routes. */
export const FEED_SOCKET_WAIT_MS = 4000;
/** A socket no component uses any more stays open this long, so moving between pages keeps it. */
export const FEED_SOCKET_LINGER_MS = 5000;

export const communityFeedUrl = (location: { protocol: string; host: string }) => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/analytics/ws`;

export interface CommunityFeedState {
  /** The socket is open: the figures are pushed, nothing polls. */
  live: boolean;
  /** The routes may be read: the first frame came, or the socket failed or is slow. */
  ready: boolean;
}

interface Shared {
  conn: ConversationConnection;
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
    if (next.live === feed.state.live && next.ready === feed.state.ready) return;
    feed.state = next;
    for (const listener of feed.listeners) listener(next);
  };
  const conn = new ConversationConnection({
    url: communityFeedUrl(window.location),
    onFrame: (frame) => {
      if (frame.type !== 'community') return;
      queryClient.setQueryData(communityKeys.activity(), frame.activity);
      queryClient.setQueryData(communityKeys.dashboard(), frame.dashboard);
      set({ ready: true });
    },
    // A failed connect: read the routes now, and poll until the socket is back.
    onState: (state) => set(state === 'open' ? { live: true } : state === 'closed' ? { live: false, ready: true } : { live: false }),
    // The server's first frame brings the figures: nothing to fetch on (re)connect.
    onOpen: () => {},
  });
  const feed: Shared = {
    conn,
    state: { live: false, ready: false },
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
  const [state, setState] = useState<CommunityFeedState>(() => shared?.state ?? { live: false, ready: typeof WebSocket === 'undefined' });

  useEffect(() => {
    if (typeof WebSocket === 'undefined') {
      setState({ live: false, ready: true });
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
