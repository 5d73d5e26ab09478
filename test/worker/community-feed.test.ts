// The community feed socket (docs/api/users-and-community.md, "Live updates"; decision 028): pages hold one
// WebSocket to the CommunityFeed object, which sends the activity feed and the dashboard's figures
// on connect and every 15 seconds (its alarm) while any socket is open, one D1 read for all. Driven
// through the Worker's route as the SPA opens it; the alarm is run as the runtime would run it.
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BUILT_MEDIA_ORIGIN, mediaUrl, parseMediaOrigin } from '@/shared/media';
import {
  ALARM_CPU_MS,
  FEED_IDLE_MS,
  FEED_INTERVAL_MS,
  FEED_SOCKET_US,
  MAX_FEED_SOCKETS,
  MAX_FEED_SOCKETS_PER_ADDRESS,
  type CommunityFeed,
} from '@worker/durable-objects/community-feed';
import { communityFeedStub, dashboardFigures } from '@worker/durable-objects/community-feed-client';
import { emptyCounts, meterEnv } from '@worker/lib/meter';
import { call, json, ORIGIN, randomIp, signUp } from './helpers';
import { openSocket, settle, type TestSocket } from './ws-client';

const isFeed = (frame: { type: string }) => frame.type === 'community';

const connect = async (headers: Record<string, string> = {}, ip?: string) =>
  call('/api/analytics/ws', { ip, headers: { Upgrade: 'websocket', Origin: ORIGIN, ...headers } });

/** What the two routes answer now: the frame must carry exactly this. */
async function routesNow() {
  return {
    type: 'community',
    activity: await json(await call('/api/analytics/activity')),
    dashboard: await json(await call('/api/analytics/dashboard')),
  };
}

function closeAll(...sockets: TestSocket[]) {
  for (const socket of sockets) if (!socket.closed()) socket.socket.close(1000, 'done');
}

describe('the community feed socket', () => {
  it('is refused from another origin and without an upgrade; a guest may open it', async () => {
    const foreign = await connect({ Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await json(foreign)).toEqual({ message: 'Cross-origin requests are not allowed', code: 'cross_origin' });
    const plain = await call('/api/analytics/ws');
    expect(plain.status).toBe(426);
    expect(await json(plain)).toEqual({ message: 'Expected a WebSocket upgrade', code: expect.any(String) });
    const guest = openSocket(await connect());
    await guest.next(isFeed);
    closeAll(guest);
  });

  it('reads no session: a signed-in page opens it without a KV read', async () => {
    const member = await signUp();
    const counts = emptyCounts();
    const { app } = await import('@worker/app');
    const response = await app.request(
      '/api/analytics/ws',
      { headers: { Upgrade: 'websocket', Origin: ORIGIN, Cookie: member.cookie } },
      meterEnv(env, counts),
    );
    const socket = openSocket(response);
    await socket.next(isFeed);
    expect(counts.kvReads).toBe(0);
    closeAll(socket);
  });

  it('sends the figures as the routes answer them first, on every connect', async () => {
    const socket = openSocket(await connect());
    expect(await socket.next(isFeed)).toEqual(await routesNow());
    closeAll(socket);
  });

  it('pushes the fresh figures to every open socket every 15 seconds, after any write', async () => {
    const [a, b] = [openSocket(await connect()), openSocket(await connect())];
    const before = await a.next(isFeed);
    await b.next(isFeed);
    a.frames.length = 0;
    b.frames.length = 0;
    const stub = communityFeedStub(env);
    // The alarm is set for the next refresh while sockets are open.
    const alarmAt = await runInDurableObject(stub, (_feed: CommunityFeed, state) => state.storage.getAlarm());
    expect(alarmAt).not.toBeNull();
    expect(alarmAt! - Date.now()).toBeLessThanOrEqual(FEED_INTERVAL_MS);

    // A write by any path (here a sign-up: the users counter row, kept by a trigger) shows at the next refresh.
    await signUp();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const [pushedA, pushedB] = [await a.next(isFeed), await b.next(isFeed)];
    const now = await routesNow();
    expect(pushedA).toEqual(now);
    expect(pushedB).toEqual(now);
    if (before.type === 'community' && pushedA.type === 'community')
      expect(pushedA.activity.users).toBe(before.activity.users + 1);
    // And the refresh after it is scheduled.
    expect(await runInDurableObject(stub, (_feed: CommunityFeed, state) => state.storage.getAlarm())).not.toBeNull();
    closeAll(a, b);
  });

  it('stops its alarm when no socket is open, and starts it again with the next socket', async () => {
    const socket = openSocket(await connect());
    await socket.next(isFeed);
    closeAll(socket);
    const stub = communityFeedStub(env);
    await settle();
    await runDurableObjectAlarm(stub);
    expect(await runInDurableObject(stub, (_feed: CommunityFeed, state) => state.storage.getAlarm())).toBeNull();
    expect(await stub.socketCount()).toBe(0);
    const again = openSocket(await connect());
    expect(await again.next(isFeed)).toEqual(await routesNow());
    expect(await runInDurableObject(stub, (_feed: CommunityFeed, state) => state.storage.getAlarm())).not.toBeNull();
    closeAll(again);
  });

  it('closes a socket that sends anything with 4008: the feed is push-only, and every frame in is a metered request', async () => {
    const [a, b] = [openSocket(await connect()), openSocket(await connect())];
    await a.next(isFeed);
    await b.next(isFeed);
    a.send({ type: 'typing' });
    b.send('not json');
    await expect.poll(() => a.closeEvent()).toEqual({ code: 4008, reason: 'This socket only receives' });
    await expect.poll(() => b.closeEvent()).toEqual({ code: 4008, reason: 'This socket only receives' });
  });

  it('holds at most MAX_FEED_SOCKETS_PER_ADDRESS sockets from one address: the next is closed with 4029, other addresses still connect', async () => {
    const ip = randomIp();
    const held: TestSocket[] = [];
    for (let i = 0; i < MAX_FEED_SOCKETS_PER_ADDRESS; i++) held.push(openSocket(await connect({}, ip)));
    await Promise.all(held.map((socket) => socket.next(isFeed)));
    const over = openSocket(await connect({}, ip));
    await expect.poll(() => over.closeEvent()).toEqual({ code: 4029, reason: 'Too many open sockets' });
    expect(over.frames).toEqual([]);
    // Another address is not affected, and the address gets a place back once one of its sockets closes.
    const elsewhere = openSocket(await connect());
    await elsewhere.next(isFeed);
    held.pop()!.socket.close(1000, 'tab closed');
    await expect
      .poll(async () => {
        const again = openSocket(await connect({}, ip));
        await settle(50);
        const open = !again.closed();
        closeAll(again);
        return open;
      })
      .toBe(true);
    for (const socket of held) expect(socket.closed()).toBe(false);
    closeAll(elsewhere, ...held);
  });

  it('holds at most its cap of sockets in all: past it the upgrade is refused with 503 and Retry-After, a closed socket frees a place', async () => {
    // The cap is what one alarm's broadcast serves within its CPU share (decision 039, "Feed cap").
    expect(MAX_FEED_SOCKETS * FEED_SOCKET_US).toBeLessThanOrEqual(ALARM_CPU_MS * 1000);
    const stub = communityFeedStub(env);
    const open = await stub.socketCount();
    await runInDurableObject(stub, (feed: CommunityFeed) => {
      feed.maxSockets = open + 2;
    });
    try {
      const held = [openSocket(await connect()), openSocket(await connect())];
      await Promise.all(held.map((socket) => socket.next(isFeed)));
      const refused = await connect();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('Retry-After')).toBe('60');
      expect(await json(refused)).toEqual({
        message: 'The live feed is full; the page refreshes by itself',
        code: expect.any(String),
      });
      held.pop()!.socket.close(1000, 'tab closed');
      await expect
        .poll(async () => {
          const again = await connect();
          if (again.status !== 101) return again.status;
          const socket = openSocket(again);
          await socket.next(isFeed);
          held.push(socket);
          return 101;
        })
        .toBe(101);
      closeAll(...held);
    } finally {
      await runInDurableObject(stub, (feed: CommunityFeed) => {
        feed.maxSockets = MAX_FEED_SOCKETS;
      });
    }
  });

  it('closes sockets open for FEED_IDLE_MS with 4002 at the next refresh, and keeps the newer ones', async () => {
    const stub = communityFeedStub(env);
    const old = openSocket(await connect());
    await old.next(isFeed);
    // The clock moves past the idle time; a socket opened now is young.
    await runInDurableObject(stub, (feed: CommunityFeed) => {
      const start = Date.now();
      feed.now = () => start + FEED_IDLE_MS;
    });
    const young = openSocket(await connect());
    await young.next(isFeed);
    young.frames.length = 0;
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await expect.poll(() => old.closeEvent()).toEqual({ code: 4002, reason: 'Idle timeout' });
    expect(await young.next(isFeed)).toEqual(await routesNow());
    expect(young.closed()).toBe(false);
    await runInDurableObject(stub, (feed: CommunityFeed) => {
      feed.now = Date.now;
    });
    closeAll(young);
  });
});

describe('the dashboard figures', () => {
  it('are the same function for the route and the feed: savings are two members per completed barter', () => {
    expect(
      dashboardFigures({ totalUsers: 3, totalSkills: 4, completedBarters: 5 }, { SAVINGS_PER_BARTER: '50' }),
    ).toEqual({ totalUsers: 3, totalSkills: 4, completedBarters: 5, totalSavings: 500 });
    expect(
      dashboardFigures({ totalUsers: 0, totalSkills: 0, completedBarters: 2 }, { SAVINGS_PER_BARTER: 'none' })
        .totalSavings,
    ).toBe(0);
  });
});

describe('the media origin (photos from the R2 bucket’s custom domain)', () => {
  it('maps stored photo paths and their thumbnails to the bucket’s keys on the media origin', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(mediaUrl(`/objects/uploads/${uuid}`, 'https://media.example.com')).toBe(
      `https://media.example.com/uploads/${uuid}`,
    );
    expect(mediaUrl(`/objects/uploads/${uuid}/thumb`, 'https://media.example.com/')).toBe(
      `https://media.example.com/thumbs/${uuid}`,
    );
    // An avatar is the absolute URL of the path on this site.
    expect(
      mediaUrl(`https://barter.example/objects/uploads/${uuid}`, 'https://media.example.com', 'https://barter.example'),
    ).toBe(`https://media.example.com/uploads/${uuid}`);
  });

  it('leaves everything else, and everything when unset, as it is', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(mediaUrl(`/objects/uploads/${uuid}`, '')).toBe(`/objects/uploads/${uuid}`);
    expect(mediaUrl('/demo-images/bread.jpg', 'https://media.example.com')).toBe('/demo-images/bread.jpg');
    expect(
      mediaUrl(
        `https://elsewhere.example/objects/uploads/${uuid}`,
        'https://media.example.com',
        'https://barter.example',
      ),
    ).toBe(`https://elsewhere.example/objects/uploads/${uuid}`);
    expect(mediaUrl(`/objects/uploads/${uuid}/thumb/x`, 'https://media.example.com')).toBe(
      `/objects/uploads/${uuid}/thumb/x`,
    );
    // The tests' build sets none: the Worker serves photos.
    expect(BUILT_MEDIA_ORIGIN).toBe('');
  });

  it('accepts only an https origin without a path', () => {
    expect(parseMediaOrigin(undefined)).toBe('');
    expect(parseMediaOrigin(' ')).toBe('');
    expect(parseMediaOrigin('https://media.example.com/')).toBe('https://media.example.com');
    expect(() => parseMediaOrigin('http://media.example.com')).toThrow(/https origin/);
    expect(() => parseMediaOrigin('https://media.example.com/photos')).toThrow(/no path/);
    expect(() => parseMediaOrigin('media.example.com')).toThrow(/https origin/);
  });
});
