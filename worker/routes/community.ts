// Community counters, analytics, testimonials, events and the contact form (API.md
// "Community, analytics, contact"). Mounted at /api; every path here is literal.
import { Hono } from 'hono';
import { contactSchema } from '../../src/shared/schemas';
import {
  activitySummary,
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
import { contactEmail, queueEmail } from '../lib/email';
import { clientIp, hit } from '../lib/rate-limit';
import { parseBody } from '../lib/validate';
import type { AppEnv } from '../types';

export const communityRoutes = new Hono<AppEnv>();

communityRoutes.get('/barters/count', async (c) => c.json({ count: await completedBarterCount(c.get('db')) }));
communityRoutes.get('/users/count', async (c) => c.json({ count: await userCount(c.get('db')) }));
communityRoutes.get('/skills/count', async (c) => c.json({ count: await openListingCount(c.get('db')) }));

communityRoutes.get('/analytics/activity', async (c) => c.json(await activitySummary(c.get('db'), upcomingEventsFrom())));

communityRoutes.get('/analytics/dashboard', async (c) => {
  const counts = await dashboardCounts(c.get('db'));
  // Each completed barter saves both members roughly what they would otherwise have paid.
  const perMemberPerBarter = Number(c.env.SAVINGS_PER_BARTER);
  const totalSavings = counts.completedBarters * 2 * (Number.isFinite(perMemberPerBarter) ? perMemberPerBarter : 0);
  return c.json({ ...counts, totalSavings });
});

communityRoutes.get('/testimonials', async (c) => c.json(await visibleTestimonials(c.get('db'))));
communityRoutes.get('/events', async (c) => c.json(await upcomingEvents(c.get('db'), upcomingEventsFrom())));

communityRoutes.post('/contact', async (c) => {
  const db = c.get('db');
  await hit(c.env.DB, 'contactPerIp', clientIp(c));
  const input = await parseBody(c, contactSchema);
  const admins = await adminEmails(db);
  // The message and its notifications are stored together or not at all.
  const [[stored]] = await db.batch([
    insertContactMessageStatement(db, input),
    ...admins.map((admin) => queueEmail(db, contactEmail(admin.email, input))),
  ]);
  return c.json({ message: 'Message sent!', id: stored!.id }, 201);
});
