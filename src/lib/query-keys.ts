// Every query key of the SPA, in one module below the features (docs/front-end.md, "SPA layers").
// Keys are hierarchical: each starts with its family's root, so invalidating a prefix (all
// listings, all of a member's messages) reaches every read beneath it. A feature that must refresh
// another's reads after a write takes the keys from here, never from that feature's api.ts.
import type { AdminReport } from '@/shared/contract/moderation';

export const authKeys = {
  currentUser: ['auth', 'current-user'] as const,
  verifyEmail: (token: string) => ['auth', 'verify-email', token] as const,
  resetLink: (token: string) => ['auth', 'reset-link', token] as const,
};

export const userKeys = {
  all: ['users'] as const,
  byUsername: (username: string) => [...userKeys.all, 'username', username.toLowerCase()] as const,
};

export const categoryKeys = { all: ['categories'] as const };

export const placeKeys = {
  suggestions: (q: string, near = '') => ['places', q.trim().toLowerCase(), near.trim().toLowerCase()] as const,
};

export interface ListingListParams {
  search?: string;
  category?: string;
  distance?: number | 'any';
  /** A place name the distance is measured from; without it the server uses the visitor's area. */
  near?: string | undefined;
  limit: number;
  offset: number;
}

export const listingKeys = {
  all: ['listings'] as const,
  lists: () => [...listingKeys.all, 'list'] as const,
  list: (params: ListingListParams) => [...listingKeys.lists(), params] as const,
  featured: () => [...listingKeys.all, 'featured'] as const,
  details: () => [...listingKeys.all, 'detail'] as const,
  detail: (id: number) => [...listingKeys.details(), id] as const,
  byUser: (userId: number) => [...listingKeys.all, 'user', userId] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  userMessages: (userId: number) => [...messageKeys.all, 'user', userId] as const,
  conversation: (userId: number, partnerId: number, listingId: number) =>
    [...messageKeys.all, 'conversation', userId, partnerId, listingId] as const,
  /** A conversation's offers, barters and review state (features/offers). */
  info: (conversation: string) => [...messageKeys.all, 'info', conversation] as const,
  /** Messages a guard held in this tab's session, per conversation (features/messages). */
  held: (conversation: string) => [...messageKeys.all, 'held', conversation] as const,
};

export const reviewKeys = {
  all: ['reviews'] as const,
  byUser: (userId: number) => [...reviewKeys.all, 'user', userId] as const,
  byListing: (listingId: number) => [...reviewKeys.all, 'listing', listingId] as const,
};

export const wantKeys = {
  all: ['wants'] as const,
  list: () => [...wantKeys.all, 'list'] as const,
  matches: () => ['matches'] as const,
};

export const circleKeys = {
  all: ['trade-circles'] as const,
  list: () => [...circleKeys.all, 'list'] as const,
  detail: (id: number) => [...circleKeys.all, 'detail', id] as const,
  messages: (id: number) => [...circleKeys.all, 'messages', id] as const,
};

/** The signed-in member's part of the home page (features/home), per member. */
export const homeKeys = { member: (userId: number) => ['home', 'member', userId] as const };

export const notificationKeys = { all: ['notifications'] as const };

export const blockKeys = { all: ['blocks'] as const };

export const reportKeys = {
  all: ['reports'] as const,
  mine: () => [...reportKeys.all, 'mine'] as const,
};

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  byUser: (userId: number) => [...savedSearchKeys.all, 'user', userId] as const,
};

export type CounterKind = 'barters' | 'users' | 'skills';

export const counterKeys = {
  all: ['counts'] as const,
  count: (kind: CounterKind) => [...counterKeys.all, kind] as const,
};

export const communityKeys = {
  analytics: ['analytics'] as const,
  activity: () => [...communityKeys.analytics, 'activity'] as const,
  dashboard: () => [...communityKeys.analytics, 'dashboard'] as const,
  testimonials: ['testimonials'] as const,
  newestTestimonials: (limit: number) => [...communityKeys.testimonials, 'newest', limit] as const,
  events: ['events'] as const,
};

export const newsletterKeys = { confirm: (token: string) => ['newsletter', 'confirm', token] as const };

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userSearch: (search: string) => [...adminKeys.users(), search] as const,
  listings: () => [...adminKeys.all, 'listings'] as const,
  listingSearch: (search: string) => [...adminKeys.listings(), search] as const,
  emailStatus: () => [...adminKeys.all, 'email-status'] as const,
};

export const moderationKeys = {
  reports: () => [...adminKeys.all, 'reports'] as const,
  reportList: (status: AdminReport['status']) => [...moderationKeys.reports(), 'list', status] as const,
  openCount: () => [...moderationKeys.reports(), 'count'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditOf: (userId: number | null) => [...moderationKeys.audit(), userId] as const,
};

export const devKeys = { outbox: (address: string) => ['dev', 'outbox', address] as const };

/** Web Push (features/push): the instance's key (push available at all) and the member's switches. */
export const pushKeys = {
  key: ['push', 'key'] as const,
  settings: (userId: number) => ['push', 'settings', userId] as const,
};
