// The root Hono app: middleware, the mounted resource routes, one error path, JSON 404s.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_JSON_BODY_BYTES } from '@/shared/constants';
import { HttpError } from './lib/errors';
import { apiHeaders, isSignedUpload, jsonWrites, sameOriginWrites } from './middleware/security';
import { pushBellChanges } from './middleware/bell';
import { sessionDefaults, viewer } from './middleware/session';
import { adminRouter } from './routes/admin';
import { adminEmailRouter } from './routes/admin-email';
import { adminListingRouter } from './routes/admin-listings';
import { adminModerationRouter } from './routes/admin-moderation';
import { authRouter } from './routes/auth';
import { barterRoutes, listingBarterRoutes } from './routes/barters';
import { blockRouter } from './routes/blocks';
import { categoryRouter } from './routes/categories';
import { referenceRouter } from './routes/reference';
import { communityRouter } from './routes/community';
import { conversationRoutes } from './routes/conversations';
import { devRouter } from './routes/dev';
import { imageRouter, objectRoutes } from './routes/images';
import { listingRouter, userListingRouter } from './routes/listings';
import { messageRoutes, userMessageRoutes } from './routes/messages';
import { newsletterRouter } from './routes/newsletter';
import { offerRoutes } from './routes/offers';
import { pagesOnly, renderPage } from './routes/pages';
import { notificationRoutes } from './routes/notifications';
import { placeRouter } from './routes/places';
import { reportRouter } from './routes/reports';
import { listingReviewRoutes, reviewRoutes, userReviewRoutes } from './routes/reviews';
import { storedSearchRoutes, userStoredSearchRoutes } from './routes/stored-searches';
import { tradeCircleRoutes } from './routes/trade-circles';
import { userRouter } from './routes/users';
import { matchRoutes, wantRoutes } from './routes/wants';
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
app.route('/api/listings', listingBarterRoutes);
app.route('/api/listings', listingReviewRoutes);
app.route(listingRouter.base, listingRouter.app);
app.route(userListingRouter.base, userListingRouter.app);
app.route('/api/users', userMessageRoutes);
app.route('/api/users', userReviewRoutes);
app.route('/api/users', userStoredSearchRoutes);
app.route(userRouter.base, userRouter.app);
app.route('/api/messages', messageRoutes);
app.route('/api/conversations', conversationRoutes);
app.route('/api/barters', barterRoutes);
app.route('/api/offers', offerRoutes);
app.route('/api/reviews', reviewRoutes);
app.route('/api/stored-searches', storedSearchRoutes);
app.route('/api/trade-circles', tradeCircleRoutes);
app.route(adminRouter.base, adminRouter.app);
app.route(adminListingRouter.base, adminListingRouter.app);
app.route(adminEmailRouter.base, adminEmailRouter.app);
app.route(adminModerationRouter.base, adminModerationRouter.app);
app.route(devRouter.base, devRouter.app);
app.route(newsletterRouter.base, newsletterRouter.app);
app.route('/api/notifications', notificationRoutes);
app.route(placeRouter.base, placeRouter.app);
app.route(reportRouter.base, reportRouter.app);
app.route('/api/wants', wantRoutes);
app.route('/api/matches', matchRoutes);
app.route(blockRouter.base, blockRouter.app);
app.route(imageRouter.base, imageRouter.app);
app.route(communityRouter.base, communityRouter.app);
app.route('/objects', objectRoutes);
// Every other path wrangler.toml sends here is a page: the app's HTML with its data (decision 048).
app.get('*', pagesOnly, sessionDefaults, viewer('row'), renderPage);

app.notFound((c) => c.json({ message: 'Not found' }, 404));

app.onError((error, c) => {
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(
      error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
      error.status,
    );
  }
  // Unknown errors: log with the request id, answer without any detail.
  console.error(`[${c.req.header('cf-ray') ?? 'local'}] ${c.req.method} ${c.req.path}`, error);
  return c.json({ message: 'Internal server error' }, 500);
});
