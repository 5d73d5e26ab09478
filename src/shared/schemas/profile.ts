import * as v from 'valibot';
import { profileFields } from './auth';
import { optionalId } from './fields';
import { LANGUAGES } from '../locale';

/** What a language outside the five gets (the footer's select offers only them). */
export const LANGUAGE_MESSAGE = `Language must be one of ${LANGUAGES.join(', ')}`;

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
  /** The language the member's emails and pushes are written in (the footer's choice, decision 070). */
  language: v.optional(v.picklist(LANGUAGES, LANGUAGE_MESSAGE)),
});
export type ProfileUpdateInput = v.InferInput<typeof profileUpdateSchema>;
