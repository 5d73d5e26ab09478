// The admin dashboard: members, every listing with the featured flag, and whether mail goes out.
import * as v from 'valibot';
import { listing } from './listings';
import { PAGE_NOTES, searchPageQuery } from './paging';
import { route } from './route';
import { selfUser } from './users';

/** Whether this instance delivers email, for the dashboard's notice. */
export const emailStatus = v.strictObject({
  provider: v.picklist(['resend', 'cloudflare', 'none']),
  configured: v.boolean(),
  /** Completes "Email is not being delivered: …"; null when a provider is fully configured. */
  problem: v.nullable(v.string()),
  development: v.boolean(),
  pendingCount: v.number(),
  sentToday: v.number(),
  /** Sends allowed per UTC day; null without a provider. */
  dailyLimit: v.nullable(v.number()),
  /** What the provider last said about a pending email, if it refused or failed it. */
  lastError: v.nullable(v.string()),
});
export type EmailStatus = v.InferOutput<typeof emailStatus>;

export const featuredSchema = v.object({ isFeatured: v.boolean('isFeatured must be true or false') });

export const adminRoutes = {
  users: route({
    method: 'GET',
    path: '/api/admin/users',
    tag: 'Admin',
    summary: 'Every member, newest first; `search` (3 or more characters) finds names and addresses',
    access: 'admin',
    query: searchPageQuery,
    reply: v.array(selfUser),
    notes: `${PAGE_NOTES} \`X-Total-Count\` counts every member.`,
  }),
  makeAdmin: route({
    method: 'POST',
    path: '/api/admin/users/:id{[0-9]+}/make-admin',
    tag: 'Admin',
    summary: 'Make a member an admin (again is not an error; there is no demotion)',
    access: 'admin',
    reply: selfUser,
    errors: [404],
  }),
  listings: route({
    method: 'GET',
    path: '/api/admin/listings',
    tag: 'Admin',
    summary: 'Every listing of every status, newest first',
    access: 'admin',
    query: searchPageQuery,
    reply: v.array(listing),
    notes: `${PAGE_NOTES} \`X-Total-Count\` counts every listing, \`X-Featured-Count\` the featured ones.`,
  }),
  featured: route({
    method: 'POST',
    path: '/api/admin/listings/:id{[0-9]+}/featured',
    tag: 'Admin',
    summary: 'Feature a listing on the home page, or stop featuring it',
    access: 'admin',
    body: featuredSchema,
    reply: listing,
    errors: [404],
  }),
  emailStatus: route({
    method: 'GET',
    path: '/api/admin/email-status',
    tag: 'Admin',
    summary: 'Whether this instance delivers email, and its outbox today',
    access: 'admin',
    reply: emailStatus,
  }),
};
