import * as v from 'valibot';
import { profileFields } from './auth';
import { optionalId } from './fields';

/**
 * Profile edit: as register without username and password (docs/api/users-and-community.md,
 * "Editing a profile"). Every field optional: PATCH.
 */
export const profileUpdateSchema = v.object({
  id: optionalId('Invalid user id'),
  displayName: v.optional(profileFields.displayName),
  email: v.optional(profileFields.email),
  nickname: profileFields.nickname,
  address: profileFields.address,
  location: profileFields.location,
  bio: profileFields.bio,
  avatarUrl: profileFields.avatarUrl,
  emailNotifications: v.optional(v.boolean('Email notifications must be true or false')),
});
export type ProfileUpdateInput = v.InferInput<typeof profileUpdateSchema>;
