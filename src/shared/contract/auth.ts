// Accounts: sign-up, sign-in, sessions, passwords and email verification
// (docs/api/accounts-and-passwords.md).
import * as v from 'valibot';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordSaltSchema,
  registerSchema,
  resetLinkCheckSchema,
  resetPasswordSchema,
} from '../schemas';
import { passwordSalt } from '../password-key';
import { messageReply } from './common';
import { route } from './route';
import { selfUser } from './users';

/** GET /api/auth/verify-email: the address is verified (a spent or unknown token is a 400). */
export const verifyEmailReply = v.strictObject({ verified: v.literal(true), message: v.string() });
export type VerifyEmailReply = v.InferOutput<typeof verifyEmailReply>;

/** POST /api/auth/change-password: this device continues with a new session, as this member. */
export const changePasswordReply = v.strictObject({ message: v.string(), user: v.optional(selfUser) });
export type ChangePasswordReply = v.InferOutput<typeof changePasswordReply>;

/** POST /api/auth/reset-password/check: the link is good until `expiresAt` (a bad one is a 400). */
export const resetLinkCheckReply = v.strictObject({ valid: v.literal(true), expiresAt: v.string() });
export type ResetLinkCheckReply = v.InferOutput<typeof resetLinkCheckReply>;

const tag = 'Accounts';

export const authRoutes = {
  register: route({
    method: 'POST',
    path: '/api/auth/register',
    tag,
    summary: 'Create an account and sign in',
    access: 'anyone',
    body: registerSchema,
    reply: selfUser,
    status: 201,
    errors: [400, 409],
    notes: 'At most 20 attempts an address a minute and 5 accounts an address a day.',
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    tag,
    summary: 'Sign in with a username and a password (or its key)',
    access: 'anyone',
    body: loginSchema,
    reply: selfUser,
    errors: [400, 401, 403],
    notes: 'Sets the `sid` session cookie. Failed sign-ins are limited per address, per name and both.',
  }),
  logout: route({
    method: 'POST',
    path: '/api/auth/logout',
    tag,
    summary: 'Sign out this device',
    access: 'anyone',
    reply: messageReply,
  }),
  logoutEverywhere: route({
    method: 'POST',
    path: '/api/auth/logout-everywhere',
    tag,
    summary: 'Sign out every device',
    access: 'member',
    reply: messageReply,
    errors: [401],
  }),
  currentUser: route({
    method: 'GET',
    path: '/api/auth/current-user',
    tag,
    summary: 'The signed-in member (401 for a guest)',
    access: 'member',
    reply: selfUser,
    errors: [401],
  }),
  verifyEmail: route({
    method: 'GET',
    path: '/api/auth/verify-email',
    tag,
    summary: "Verify the account's email with the emailed token",
    access: 'anyone',
    query: v.object({ token: v.optional(v.string()) }),
    reply: verifyEmailReply,
    errors: [400],
    notes: 'A token works once, for 24 hours.',
  }),
  resendVerification: route({
    method: 'POST',
    path: '/api/auth/resend-verification',
    tag,
    summary: 'Mail a new verification link',
    access: 'member',
    reply: messageReply,
    errors: [400, 401],
    notes: 'At most 5 account mails a member an hour.',
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/api/auth/forgot-password',
    tag,
    summary: 'Mail a password reset link, if an account has the address',
    access: 'anyone',
    body: forgotPasswordSchema,
    reply: messageReply,
    errors: [400],
    notes: 'Always the same reply, as fast for a known address as for an unknown one.',
  }),
  passwordSalt: route({
    method: 'POST',
    path: '/api/auth/password-salt',
    tag,
    summary: 'The salt and Argon2id parameters to derive a password key with',
    access: 'anyone',
    body: passwordSaltSchema,
    reply: passwordSalt,
    errors: [400],
    notes: 'Any username answers, with or without an account.',
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/auth/reset-password',
    tag,
    summary: "Set a new password with a reset link's token",
    access: 'anyone',
    body: resetPasswordSchema,
    reply: messageReply,
    errors: [400],
  }),
  checkResetLink: route({
    method: 'POST',
    path: '/api/auth/reset-password/check',
    tag,
    summary: "Whether a reset link's token can still set a password",
    access: 'anyone',
    body: resetLinkCheckSchema,
    reply: resetLinkCheckReply,
    errors: [400, 429],
    notes:
      'Reads only: the token stays usable. A bad or expired token is a 400 naming nothing about the account; 20 bad tokens an address an hour, then 429.',
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/auth/change-password',
    tag,
    summary: 'Change the password; other devices are signed out',
    access: 'member',
    body: changePasswordSchema,
    reply: changePasswordReply,
    errors: [400, 401],
  }),
};
