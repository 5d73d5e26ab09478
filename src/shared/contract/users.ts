// Members as replies show them: the public view, the member's own view, and the summary that
// rides on listings, messages and reviews.
import * as v from 'valibot';
import { profileUpdateSchema } from '../schemas';
import { countReply, messageReply } from './common';
import { route } from './route';

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

/** A profile as a read shows it: the self view to the member and to admins, else the public one. */
export const userProfile = v.union([selfUser, publicUser]);
export type UserProfile = v.InferOutput<typeof userProfile>;

const tag = 'Users';

export const userRoutes = {
  byId: route({
    method: 'GET',
    path: '/api/users/:id{[0-9]+}',
    tag,
    summary: 'A member',
    access: 'anyone',
    reply: userProfile,
    errors: [404],
    notes: 'The self view (email, address, emailNotifications) for the member and for admins.',
  }),
  byUsername: route({
    method: 'GET',
    path: '/api/users/username/:username',
    tag,
    summary: 'A member by username (any capitals)',
    access: 'anyone',
    reply: userProfile,
    errors: [404],
    notes: 'The self view (email, address, emailNotifications) for the member and for admins.',
  }),
  barterCount: route({
    method: 'GET',
    path: '/api/users/:id{[0-9]+}/barters/count',
    tag,
    summary: "A member's completed barters",
    access: 'anyone',
    reply: countReply,
    errors: [404],
  }),
  update: route({
    method: 'PATCH',
    path: '/api/users/:id{[0-9]+}',
    tag,
    summary: "Edit one's own profile",
    access: 'member',
    body: profileUpdateSchema,
    reply: selfUser,
    errors: [400, 401, 403, 409],
    notes: 'Fields left out are unchanged. 20 edits a member a day; a new email, 2 a day.',
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/users/:id{[0-9]+}',
    tag,
    summary: "Delete an account (one's own, or any as an admin)",
    access: 'member',
    reply: messageReply,
    errors: [401, 403, 404],
  }),
};
