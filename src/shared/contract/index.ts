// Every route of the API, for the reference (/api/openapi.json) and the tests that hold the
// Worker to it. The SPA imports a resource's module directly, so a page loads only its own.
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { barterRoutes } from './barters';
import { blockRoutes } from './blocks';
import { categoryRoutes } from './categories';
import { communityRoutes } from './community';
import { conversationRoutes } from './conversations';
import { devRoutes } from './dev';
import { healthRoutes } from './health';
import { homeRoutes } from './home';
import { imageRoutes } from './images';
import { listingRoutes } from './listings';
import { messageRoutes } from './messages';
import { moderationRoutes } from './moderation';
import { newsletterRoutes } from './newsletter';
import { notificationRoutes } from './notifications';
import { offerRoutes } from './offers';
import { placeRoutes } from './places';
import { referenceRoutes } from './reference';
import { reviewRoutes } from './reviews';
import { storedSearchRoutes } from './stored-searches';
import { tradeCircleRoutes } from './trade-circles';
import { userRoutes } from './users';
import { wantRoutes } from './wants';
import { webPushRoutes } from './web-push';
import type { RouteSpec } from './route';

export const routeGroups = {
  categories: categoryRoutes,
  reference: referenceRoutes,
  auth: authRoutes,
  users: userRoutes,
  listings: listingRoutes,
  images: imageRoutes,
  places: placeRoutes,
  community: communityRoutes,
  home: homeRoutes,
  newsletter: newsletterRoutes,
  messages: messageRoutes,
  conversations: conversationRoutes,
  offers: offerRoutes,
  barters: barterRoutes,
  reviews: reviewRoutes,
  wants: wantRoutes,
  tradeCircles: tradeCircleRoutes,
  storedSearches: storedSearchRoutes,
  notifications: notificationRoutes,
  admin: adminRoutes,
  moderation: moderationRoutes,
  blocks: blockRoutes,
  health: healthRoutes,
  webPush: webPushRoutes,
  dev: devRoutes,
} as const;

export const allRoutes: readonly RouteSpec[] = Object.values(routeGroups).flatMap((group) =>
  Object.values(group as Record<string, RouteSpec>),
);
