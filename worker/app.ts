// The root Hono app: middleware, the mounted resource routes, one error path, JSON 404s.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_JSON_BODY_BYTES } from '@/shared/constants';
import { errorReply, HttpError } from './lib/errors';
import { apiHeaders, isSignedUpload, jsonWrites, sameOriginWrites } from './middleware/security';
import { pushBellChanges } from './middleware/bell';
import { sessionDefaults, viewer } from './middleware/session';
import { adminRouter } from './routes/admin';
import { adminEmailRouter } from './routes/admin-email';
import { adminListingRouter } from './routes/admin-listings';
import { adminModerationRouter } from './routes/admin-moderation';
import { authRouter } from './routes/auth';
import { barterRouter, listingBarterRouter } from './routes/barters';
import { blockRouter } from './routes/blocks';
import { webPushRouter } from './routes/web-push';
import { categoryRouter } from './routes/categories';
import { referenceRouter } from './routes/reference';
import { communityRouter } from './routes/community';
import { conversationRouter } from './routes/conversations';
import { devRouter } from './routes/dev';
import { healthRouter } from './routes/health';
import { homeRouter } from './routes/home';
import { imageRouter, objectRoutes } from './routes/images';
import { listingRouter, userListingRouter } from './routes/listings';
import { messageRouter, userMessageRouter } from './routes/messages';
import { newsletterRouter } from './routes/newsletter';
import { offerRouter } from './routes/offers';
import { pagesOnly, renderPage } from './routes/pages';
import { notificationRouter } from './routes/notifications';
import { placeRouter } from './routes/places';
import { reportRouter } from './routes/reports';
import { seoRouter } from './routes/seo';
import { listingReviewRouter, reviewRouter, userReviewRouter } from './routes/reviews';
import { storedSearchRouter, userStoredSearchRouter } from './routes/stored-searches';
import { tradeCircleRouter } from './routes/trade-circles';
import { userRouter } from './routes/users';
import { matchRouter, wantRouter } from './routes/wants';
import type { AppEnv } from './types';

export const app = new Hono<AppEnv>();

app.use('/api/*', apiHeaders, sameOriginWrites, jsonWrites, async (c, next) => {
  if (isSignedUpload(c.req.method, c.req.path)) return next();
  return bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw new HttpError(413, 'Request body too large');
    },
  })(c, next);
});
// The database and the null defaults; each route reads the session as its viewer() says (decision
// 052), after these and before any middleware of its own that reads the user.
app.use('/api/*', sessionDefaults);
// Pushes to the bells of members whose notifications the request changed (decision 027).
app.use('/api/*', pushBellChanges);
app.use('/objects/*', sessionDefaults);

app.route(authRouter.base, authRouter.app);
app.route(categoryRouter.base, categoryRouter.app);
app.route(referenceRouter.base, referenceRouter.app);
// Routes about a listing or a user live with the resource they return, mounted under its path.
app.route(listingBarterRouter.base, listingBarterRouter.app);
app.route(listingReviewRouter.base, listingReviewRouter.app);
app.route(listingRouter.base, listingRouter.app);
app.route(userListingRouter.base, userListingRouter.app);
app.route(userMessageRouter.base, userMessageRouter.app);
app.route(userReviewRouter.base, userReviewRouter.app);
app.route(userStoredSearchRouter.base, userStoredSearchRouter.app);
app.route(userRouter.base, userRouter.app);
app.route(messageRouter.base, messageRouter.app);
app.route(conversationRouter.base, conversationRouter.app);
app.route(barterRouter.base, barterRouter.app);
app.route(offerRouter.base, offerRouter.app);
app.route(reviewRouter.base, reviewRouter.app);
app.route(storedSearchRouter.base, storedSearchRouter.app);
app.route(tradeCircleRouter.base, tradeCircleRouter.app);
app.route(adminRouter.base, adminRouter.app);
app.route(adminListingRouter.base, adminListingRouter.app);
app.route(adminEmailRouter.base, adminEmailRouter.app);
app.route(adminModerationRouter.base, adminModerationRouter.app);
app.route(devRouter.base, devRouter.app);
app.route(healthRouter.base, healthRouter.app);
app.route(homeRouter.base, homeRouter.app);
app.route(newsletterRouter.base, newsletterRouter.app);
app.route(notificationRouter.base, notificationRouter.app);
app.route(placeRouter.base, placeRouter.app);
app.route(reportRouter.base, reportRouter.app);
app.route(wantRouter.base, wantRouter.app);
app.route(matchRouter.base, matchRouter.app);
app.route(blockRouter.base, blockRouter.app);
app.route(webPushRouter.base, webPushRouter.app);
app.route(imageRouter.base, imageRouter.app);
app.route(communityRouter.base, communityRouter.app);
app.route('/objects', objectRoutes);
// robots.txt and the sitemap, before the pages' catch-all (decision 056).
app.route('/', seoRouter());
// Every other path wrangler.toml sends here is a page: the app's HTML with its data (decision 048).
app.get('*', pagesOnly, sessionDefaults, viewer('row'), renderPage);

app.notFound((c) => c.json({ message: 'Not found', code: 'not_found' }, 404));

app.onError(errorReply);
