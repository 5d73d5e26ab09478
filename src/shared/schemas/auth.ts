import * as v from 'valibot';
import { emailField, optionalHttpUrl, optionalText, text } from './fields';
import { passwordKeyField } from '../password-key';

/** The username field's length; no account can have a longer name. */
export const USERNAME_MAX_LENGTH = 50;

export const usernameField = v.pipe(
  v.string('Username must be at least 3 characters'),
  v.trim(),
  v.minLength(3, 'Username must be at least 3 characters'),
  v.maxLength(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`),
  v.regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, _, . and -'),
);

/** Bounds the hashing work one request can ask for; a longer password can never be right. */
export const PASSWORD_MAX_LENGTH = 256;

export const passwordField = v.pipe(
  v.string('Password must be at least 8 characters'),
  v.minLength(8, 'Password must be at least 8 characters'),
  // Bounds the hashing work one request can ask for.
  v.maxLength(PASSWORD_MAX_LENGTH, 'Password must be at most 256 characters'),
);

export const displayNameField = text(
  2,
  100,
  'Display name must be at least 2 characters',
  'Display name must be at most 100 characters',
);

/** The public and private profile fields shared by registration and profile editing. */
export const profileFields = {
  displayName: displayNameField,
  email: emailField,
  nickname: optionalText(50, 'Nickname must be at most 50 characters'),
  address: optionalText(200, 'Address must be at most 200 characters'),
  // Labelled "Public Location" on the profile: the message names it the same way.
  location: optionalText(100, 'Public location must be at most 100 characters'),
  bio: optionalText(500, 'Bio must be at most 500 characters'),
  avatarUrl: optionalHttpUrl,
};

// Where a new password is set, `password` (or `newPassword`) is the typed password, checked against
// the rules below; the optional `passwordKey` is the key the SPA derived from it in the browser
// (docs/decisions/015-password-server-relief.md). Without a key the server derives it.
const optionalPasswordKey = v.optional(passwordKeyField);

export const registerSchema = v.object({
  username: usernameField,
  password: passwordField,
  passwordKey: optionalPasswordKey,
  ...profileFields,
});
export type RegisterInput = v.InferInput<typeof registerSchema>;

export const loginSchema = v.object({
  username: v.pipe(v.string('Username is required'), v.trim(), v.nonEmpty('Username is required')),
  password: v.pipe(v.string('Password is required'), v.nonEmpty('Password is required')),
});
export type LoginInput = v.InferInput<typeof loginSchema>;

export const forgotPasswordSchema = v.object({ email: emailField });

const resetTokenField = v.pipe(
  v.string('Reset link is invalid or has expired'),
  v.nonEmpty('Reset link is invalid or has expired'),
  // Issued tokens are 43 characters; a longer one cannot match and is not hashed.
  v.maxLength(200, 'Reset link is invalid or has expired'),
);

/** POST /api/auth/reset-password/check: is the emailed link still good, before anything is typed. */
export const resetLinkCheckSchema = v.object({ token: resetTokenField });

export const resetPasswordSchema = v.object({
  token: resetTokenField,
  password: passwordField,
  passwordKey: optionalPasswordKey,
});

export const changePasswordSchema = v.object({
  currentPassword: v.pipe(v.string('Current password is required'), v.nonEmpty('Current password is required')),
  newPassword: passwordField,
  newPasswordKey: optionalPasswordKey,
});

/** Who the client derives a password key for: a username (sign-in, sign-up, change) or a reset link. */
export const passwordSaltSchema = v.pipe(
  v.object({
    username: v.optional(
      v.pipe(v.string('Username is required'), v.trim(), v.maxLength(200, 'Username must be at most 50 characters')),
    ),
    resetToken: v.optional(
      v.pipe(
        v.string('Reset link is invalid or has expired'),
        v.maxLength(200, 'Reset link is invalid or has expired'),
      ),
    ),
  }),
  v.check((input) => Boolean(input.username || input.resetToken), 'Username is required'),
);
