// Members as replies show them: the public view, the member's own view, and the summary that
// rides on listings, messages and reviews.
import * as v from 'valibot';

const timestamp = v.string();

export const userSummary = v.strictObject({
  id: v.number(),
  username: v.string(),
  displayName: v.string(),
  avatarUrl: v.nullable(v.string()),
});
export type UserSummary = v.InferOutput<typeof userSummary>;

export const publicUser = v.strictObject({
  ...userSummary.entries,
  nickname: v.nullable(v.string()),
  location: v.nullable(v.string()),
  bio: v.nullable(v.string()),
  rating: v.number(),
  reviewCount: v.number(),
  bartersCompleted: v.number(),
  isAdmin: v.boolean(),
  emailVerified: v.boolean(),
  createdAt: timestamp,
});
export type PublicUser = v.InferOutput<typeof publicUser>;

/** The signed-in member's own view (and what admins see). */
export const selfUser = v.strictObject({
  ...publicUser.entries,
  email: v.string(),
  address: v.nullable(v.string()),
  emailNotifications: v.boolean(),
});
export type SelfUser = v.InferOutput<typeof selfUser>;

export const userRoutes = {};
