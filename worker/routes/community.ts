// Community counters, analytics, testimonials, events and the contact form
// (docs/api/users-and-community.md). Mounted at /api; every path here is literal.
import { contactSchema } from '@/shared/schemas';
import { communityRoutes } from '@/shared/contract/community';
import {
  activitySummary,
  COMMUNITY_LIST_LIMIT,
  adminEmails,
  completedBarterCount,
  dashboardCounts,
  insertContactMessageStatement,
  openListingCount,
  upcomingEvents,
  upcomingEventsFrom,
  userCount,
  visibleTestimonials,
} from '../db/queries/community';
import { dashboardFigures, communityFeedStub } from '@worker/durable-objects/community-feed-client';
import { contactEmail } from '../lib/email';
import { queueEmail } from '../db/queries/email-outbox';
import { sha256Hex } from '../lib/crypto';
import { forbidden, HttpError } from '../lib/errors';
import { hit } from '../db/queries/rate-limits';
import { clientIp } from '../lib/rate-limit';
import { PUBLIC_LIST_CACHE } from '../lib/cache-control';
import { parseBody, parseLimit } from '../lib/validate';
import { EDGE_SECONDS, edgeCached } from '../middleware/edge-cache';
import { viewer } from '../middleware/session';
import { reply, router, serve } from '../lib/serve';

export const communityRouter = router('/api');

// The counts are aggregates: with PUBLIC_CACHE the edge keeps them a minute, unpurged (decision 057).
const figures = edgeCached(EDGE_SECONDS.figures);

serve(communityRouter, communityRoutes.barterCount, viewer('none'), figures, async (c) =>
  reply(c, communityRoutes.barterCount, { count: await completedBarterCount(c.get('db')) }),
);
serve(communityRouter, communityRoutes.userCount, viewer('none'), figures, async (c) =>
  reply(c, communityRoutes.userCount, { count: await userCount(c.get('db')) }),
);
serve(communityRouter, communityRoutes.skillCount, viewer('none'), figures, async (c) =>
  reply(c, communityRoutes.skillCount, { count: await openListingCount(c.get('db')) }),
);

serve(communityRouter, communityRoutes.activity, viewer('none'), figures, async (c) =>
  reply(c, communityRoutes.activity, await activitySummary(c.get('db'), upcomingEventsFrom())),
);

serve(communityRouter, communityRoutes.dashboard, viewer('none'), figures, async (c) =>
  reply(c, communityRoutes.dashboard, dashboardFigures(await dashboardCounts(c.get('db')), c.env)),
);

/**
 * The community feed socket (docs/api/users-and-community.md, "Live updates"; decision 028): the activity
 * feed and the dashboard's figures pushed every 15 seconds by the CommunityFeed object, for guests
 * and members alike (no session is read). Only this site's pages may open it.
 */
serve(communityRouter, communityRoutes.feed, viewer('none'), async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw new HttpError(426, 'Expected a WebSocket upgrade');
  const origin = c.req.raw.headers.get('Origin');
  if (origin !== null && origin !== new URL(c.req.url).origin) throw forbidden('Cross-origin requests are not allowed');
  // The address (IPv6 by /64, as every per-address rule) caps the sockets one caller holds; hashed,
  // so no address reaches the object.
  const headers = { Upgrade: 'websocket', 'X-Address': await sha256Hex(clientIp(c)) };
  const upgraded = await communityFeedStub(c.env).fetch(new Request(c.req.url, { headers }));
  if (upgraded.status === 503)
    throw new HttpError(503, 'The live feed is full; the page refreshes by itself', undefined, { 'Retry-After': '60' });
  if (upgraded.status !== 101 || !upgraded.webSocket)
    throw new HttpError(500, 'Could not open the community feed socket');
  return new Response(null, { status: 101, webSocket: upgraded.webSocket });
});

// `limit` (1 to 50, a contract extension) lets the home page read only the three it shows.
// Browsers may keep the answer five minutes: a newly approved story shows a little later there
// (decision 045).
serve(communityRouter, communityRoutes.testimonials, viewer('none'), async (c) => {
  const limit = parseLimit(c.req.query('limit'), COMMUNITY_LIST_LIMIT);
  c.header('Cache-Control', PUBLIC_LIST_CACHE);
  return reply(c, communityRoutes.testimonials, await visibleTestimonials(c.get('db'), limit));
});
serve(communityRouter, communityRoutes.events, viewer('none'), async (c) =>
  reply(c, communityRoutes.events, await upcomingEvents(c.get('db'), upcomingEventsFrom())),
);

serve(communityRouter, communityRoutes.contact, viewer('row'), async (c) => {
  const db = c.get('db');
  const ip = clientIp(c);
  await hit(c.env.DB, 'contactPerIp', ip);
  await hit(c.env.DB, 'contactPerIpPerDay', ip);
  const input = await parseBody(c, contactSchema);
  const admins = await adminEmails(db);
  // The message and its notifications are stored together or not at all.
  const [[stored]] = await db.batch([
    insertContactMessageStatement(db, input),
    ...admins.map((admin) => queueEmail(db, contactEmail(admin.email, input))),
  ]);
  return reply(c, communityRoutes.contact, { message: 'Message sent!', id: stored!.id });
});
