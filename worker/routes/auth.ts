// Accounts and sessions (docs/api/accounts-and-passwords.md).
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordSaltSchema,
  resetLinkCheckSchema,
  registerSchema,
  resetPasswordSchema,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '@/shared/schemas';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  findUserByVerificationToken,
  grantAdminStatements,
  insertUserStatement,
  isUniqueViolation,
  markEmailVerifiedStatement,
  newPasswordStatement,
  rekeyPasswordStatement,
  setVerificationTokenStatement,
  takenIdentity,
  voidSessionsStatement,
} from '../db/queries/users';
import {
  findLiveResetToken,
  insertResetTokenStatement,
  revokeResetTokensStatement,
} from '../db/queries/password-resets';
import { authRoutes } from '@/shared/contract/auth';
import { selfUser } from '../db/shapes';
import { assertAvatarUrl, AVATAR_UPLOAD_MESSAGE, ownSiteAvatarKey } from '../lib/avatar-url';
import { randomToken, sha256Hex } from '../lib/crypto';
import { passwordResetEmail, verificationEmail } from '../lib/email';
import { queueEmail } from '../db/queries/email-outbox';
import type { Db } from '../db/client';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../lib/errors';
import { isSuspended, suspensionMessage } from '../lib/moderation/standing';
import { passwordSaltFor, storedPasswordFor } from '../lib/password-relief';
import { newAccountPassword, passwordKeyFrom, verifyPassword } from '@worker/services/passwords';
import { check, checkAll, hitAll, hit } from '../db/queries/rate-limits';
import { clientIp } from '../lib/rate-limit';
import { allSettledInOrder } from '../lib/settled';
import { isKnownDevice, rememberDevice } from '../lib/known-device';
import { endSession, startSession } from '../db/queries/sessions';
import { closeCurrentSessionSockets, closeMemberSockets } from '@worker/durable-objects/member-sockets-client';
import { HOUR, isoIn, isoNow } from '../lib/time';
import { newVerificationToken } from '../lib/verification';
import { parseBody } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { viewer } from '../middleware/session';
import { reply, router, serve } from '../lib/serve';
import { afterReply } from '../lib/after-reply';
import { promotedByAdminEmails } from '../lib/admin-emails';
import { ADMIN_EMAILS_ACTOR } from '../db/queries/audit';
import { localeOfRequest } from '../lib/locale';
import { cookieOf, isLanguage, LANGUAGE_COOKIE } from '@/shared/locale';
import { setCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { AppEnv } from '../types';

export const authRouter = router('/api/auth');

const origin = (url: string) => new URL(url).origin;

serve(authRouter, authRoutes.register, viewer('row'), async (c) => {
  const db = c.get('db');
  await hit(c.env.DB, 'registerPerIp', clientIp(c));
  const input = await parseBody(c, registerSchema);
  assertAvatarUrl(input.avatarUrl, c.req.url);
  // A new account has uploaded nothing yet: an image on this site would be someone else's.
  if (ownSiteAvatarKey(input.avatarUrl, c.req.url))
    throw badRequest(AVATAR_UPLOAD_MESSAGE, { avatarUrl: AVATAR_UPLOAD_MESSAGE });
  const taken = await takenIdentity(db, input.username, input.email);
  if (taken.username) throw conflict('Username already taken');
  if (taken.email) throw conflict('Email already registered');
  // A sign-up writes ~15 rows and queues a mail: the address's day is counted once it would.
  await hit(c.env.DB, 'registerPerAddressDay', clientIp(c));

  // A new account's salt is the one its name already had (derived), so the browser could use it.
  const { passwordKey, ...profile } = input;
  const password = await newAccountPassword(c.env, input.username, passwordKey ?? input.password);
  const verification = await newVerificationToken();
  // Emails and pushes speak the language the member signed up in (decision 068).
  const { language } = localeOfRequest(c.req.raw);
  let created;
  try {
    const [inserted] = await db.batch([
      insertUserStatement(db, {
        ...profile,
        language,
        password,
        verificationToken: verification.hash,
        verificationTokenExpires: verification.expires,
      }),
      queueEmail(
        db,
        verificationEmail(origin(c.req.url), input.email, input.displayName, verification.token, language),
      ),
    ]);
    created = inserted[0]!;
  } catch (error) {
    // Two registrations racing for the same name: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('Username already taken');
    throw error;
  }
  await startSession(c, created.id);
  await rememberDevice(c, created.username);
  return reply(c, authRoutes.register, selfUser(created));
});

/**
 * A browser with no language of its own (no `lang` cookie) takes the account's at sign-in
 * (decision 070): the cookie the footer's select writes, so the next page is in it.
 */
function rememberAccountLanguage(c: Context<AppEnv>, language: string) {
  if (!isLanguage(language) || cookieOf(c.req.header('Cookie'), LANGUAGE_COOKIE) !== undefined) return;
  // Not httpOnly: the SPA's footer writes the same cookie.
  setCookie(c, LANGUAGE_COOKIE, language, {
    sameSite: 'Lax',
    path: '/',
    maxAge: 365 * 24 * 60 * 60,
    secure: new URL(c.req.url).protocol === 'https:',
  });
}

serve(authRouter, authRoutes.login, viewer('row'), async (c) => {
  const db = c.get('db');
  const input = await parseBody(c, loginSchema);
  const address = clientIp(c);
  // A name longer than any username names no account: the contract's 401, with no per-name row
  // written or read (docs/security.md "Bounded identifiers"); the address's attempt still counts.
  if (input.username.length > USERNAME_MAX_LENGTH || input.password.length > PASSWORD_MAX_LENGTH) {
    await hit(c.env.DB, 'signInPerIp', address);
    // Nor can a password longer than any allowed one be right: no key is derived for it.
    throw unauthorized('Invalid username or password');
  }
  // Failed sign-ins (docs/decisions/037-sign-in-and-session-budgets.md): per (address, name), per
  // address, and per name from every address, which a browser that signed in to it before passes.
  const failureRules = [
    ['failedSignInPerAddressName', `${address} ${input.username}`],
    ['failedSignInPerAddress', address],
    ['failedSignInPerName', input.username],
  ] as const;
  const knownDevice = await isKnownDevice(c, input.username);
  // The address's count, the failure limits and the account are independent: one round trip's
  // wait, not three (a member far from the database pays each sequential query in full). The
  // count is written whatever the other two find, and its 429 comes first, then the failure
  // limits' 429, before any check of the password.
  const [, , user] = await allSettledInOrder([
    hit(c.env.DB, 'signInPerIp', address),
    checkAll(c.env.DB, knownDevice ? failureRules.slice(0, 2) : failureRules),
    findUserByUsername(db, input.username),
  ]);
  const checked = await verifyPassword(c.env, input.username, input.password, user?.password, 'password');
  if (!user || !checked.ok) {
    await hitAll(c.env.DB, failureRules);
    throw unauthorized('Invalid username or password');
  }
  // Only the right password learns of a suspension (docs/api/moderation.md): no session is started.
  if (isSuspended(user.suspendedUntil)) throw forbidden(suspensionMessage(user.suspendedUntil!));
  // Each success writes a session row (and maybe its KV copy): limited per account. The rekeyed
  // hash is kept either way (it is the same password), so both go in one wait; so is the admin
  // grant of a verified address listed in ADMIN_EMAILS (one verified before it was listed).
  const promote = promotedByAdminEmails(c.env, user);
  await allSettledInOrder([
    hit(c.env.DB, 'signInPerAccount', String(user.id)),
    checked.rekeyed ? rekeyPasswordStatement(db, user.id, checked.rekeyed) : undefined,
    promote ? db.batch(grantAdminStatements(db, user.id, ADMIN_EMAILS_ACTOR)) : undefined,
  ]);
  await startSession(c, user.id);
  await rememberDevice(c, user.username);
  rememberAccountLanguage(c, user.language);
  return reply(c, authRoutes.login, selfUser(promote ? { ...user, isAdmin: true } : user));
});

serve(authRouter, authRoutes.logout, viewer('row'), async (c) => {
  await endSession(c);
  await closeCurrentSessionSockets(c);
  return reply(c, authRoutes.logout, { message: 'Logged out' });
});

/** Signs out every device: sessions created before now stop working at once. */
serve(authRouter, authRoutes.logoutEverywhere, viewer('row'), async (c) => {
  const user = requireUser(c);
  await voidSessionsStatement(c.get('db'), user.id, Date.now() + 1);
  await closeMemberSockets(c.env, user.id, { createdAtOrBefore: Date.now() });
  await endSession(c);
  return reply(c, authRoutes.logoutEverywhere, { message: 'Logged out everywhere' });
});

serve(authRouter, authRoutes.currentUser, viewer('row'), (c) =>
  reply(c, authRoutes.currentUser, selfUser(requireUser(c))),
);

serve(authRouter, authRoutes.verifyEmail, viewer('row'), async (c) => {
  const db = c.get('db');
  const token = c.req.query('token') ?? '';
  const user = token ? await findUserByVerificationToken(db, await sha256Hex(token), isoNow()) : undefined;
  // The error shape every route gives (it once added `verified: false`, which no client read).
  if (!user) throw badRequest('Verification failed. The token may be invalid or expired.');
  // Single use: the token is cleared as the address is marked verified. A listed address
  // (ADMIN_EMAILS) makes its member an admin in the same batch.
  const promote = promotedByAdminEmails(c.env, { ...user, emailVerified: true });
  await db.batch([
    markEmailVerifiedStatement(db, user.id),
    ...(promote ? grantAdminStatements(db, user.id, ADMIN_EMAILS_ACTOR) : []),
  ]);
  return reply(c, authRoutes.verifyEmail, { verified: true, message: 'Email verified successfully' });
});

serve(authRouter, authRoutes.resendVerification, viewer('row'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  if (user.emailVerified) throw badRequest('Email is already verified');
  await hit(c.env.DB, 'accountMailPerAccount', `user:${user.id}`);
  const verification = await newVerificationToken();
  await db.batch([
    setVerificationTokenStatement(db, user.id, verification),
    queueEmail(
      db,
      verificationEmail(origin(c.req.url), user.email, user.displayName, verification.token, user.language),
    ),
  ]);
  return reply(c, authRoutes.resendVerification, { message: 'Verification email sent' });
});

const FORGOT_REPLY = { message: 'If an account exists for that email, we have sent a link to reset the password.' };

/** Looks the address up and queues the reset mail when an account has it. */
async function queuePasswordReset(db: Db, origin: string, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = randomToken();
  await db.batch([
    insertResetTokenStatement(db, await sha256Hex(token), user.id, isoIn(HOUR)),
    queueEmail(db, passwordResetEmail(origin, user.email, user.displayName, token, user.language)),
  ]);
}

serve(authRouter, authRoutes.forgotPassword, viewer('row'), async (c) => {
  const db = c.get('db');
  const { email } = await parseBody(c, forgotPasswordSchema);
  // Counted per caller's address and per address asked for, known or not, so the limits reveal nothing either.
  await hit(c.env.DB, 'forgotPasswordPerAddressDay', clientIp(c));
  await hit(c.env.DB, 'accountMailPerAccount', `email:${email}`);
  // The lookup and the mail happen after the reply (afterReply: none of it runs before the reply
  // has left), so a known address answers exactly as fast as an unknown one: timing reveals nothing.
  await afterReply(c, () =>
    queuePasswordReset(db, origin(c.req.url), email).catch((error: unknown) => {
      console.error(`[${c.req.header('cf-ray') ?? 'local'}] queueing a password reset failed`, error);
    }),
  );
  return reply(c, authRoutes.forgotPassword, FORGOT_REPLY);
});

const RESET_LINK_MESSAGE = 'Reset link is invalid or has expired';

async function findResetToken(db: Db, token: string) {
  const row = await findLiveResetToken(db, await sha256Hex(token), isoNow());
  const user = row ? await findUserById(db, row.userId) : undefined;
  if (!row || !user) throw badRequest(RESET_LINK_MESSAGE, { token: RESET_LINK_MESSAGE });
  return { user, expiresAt: row.expiresAt };
}

/**
 * The reset page asks as it opens, so a spent or expired link says so before anything is typed
 * (issue 25, item 10). Reads only; the answer names no account. Bad tokens are counted per
 * address, like failed sign-ins; a good one writes nothing.
 */
serve(authRouter, authRoutes.checkResetLink, viewer('none'), async (c) => {
  const { token } = await parseBody(c, resetLinkCheckSchema);
  await check(c.env.DB, 'failedResetLinkChecksPerAddress', clientIp(c));
  try {
    const { expiresAt } = await findResetToken(c.get('db'), token);
    return reply(c, authRoutes.checkResetLink, { valid: true, expiresAt });
  } catch (error) {
    if (error instanceof HttpError) await hit(c.env.DB, 'failedResetLinkChecksPerAddress', clientIp(c));
    throw error;
  }
});

/**
 * The salt and Argon2id parameters a client derives the password key with (server relief,
 * docs/decisions/015-password-server-relief.md). Any name answers, with or without an account.
 */
serve(authRouter, authRoutes.passwordSalt, viewer('row'), async (c) => {
  const input = await parseBody(c, passwordSaltSchema);
  if (input.resetToken) {
    const { user } = await findResetToken(c.get('db'), input.resetToken);
    return reply(c, authRoutes.passwordSalt, await passwordSaltFor(c.env, user.username, user.password));
  }
  const username = input.username!;
  // A name longer than any username cannot have an account: no lookup needed.
  const user = username.length <= 50 ? await findUserByUsername(c.get('db'), username) : undefined;
  return reply(c, authRoutes.passwordSalt, await passwordSaltFor(c.env, username, user?.password));
});

serve(authRouter, authRoutes.resetPassword, viewer('row'), async (c) => {
  const db = c.get('db');
  const input = await parseBody(c, resetPasswordSchema);
  const { user } = await findResetToken(db, input.token);
  const params = await passwordSaltFor(c.env, user.username, user.password);
  const password = await storedPasswordFor(
    c.env,
    params,
    await passwordKeyFrom(c.env, input.passwordKey ?? input.password, params, 'newPassword'),
  );
  await db.batch([
    newPasswordStatement(db, user.id, password),
    // Single use: this token and any other outstanding one for the account stop working.
    revokeResetTokensStatement(db, user.id),
  ]);
  await closeMemberSockets(c.env, user.id, { createdAtOrBefore: Date.now() });
  return reply(c, authRoutes.resetPassword, { message: 'Your password has been reset. Please sign in.' });
});

serve(authRouter, authRoutes.changePassword, viewer('row'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const input = await parseBody(c, changePasswordSchema);
  if (input.currentPassword.length > PASSWORD_MAX_LENGTH) {
    throw new HttpError(400, 'Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  const current = await verifyPassword(c.env, user.username, input.currentPassword, user.password, 'currentPassword');
  if (!current.ok) {
    throw new HttpError(400, 'Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  // The salt the client was given for the new key: the account's own, or its name's for a pre-relief row.
  const params = await passwordSaltFor(c.env, user.username, user.password);
  const password = await storedPasswordFor(
    c.env,
    params,
    await passwordKeyFrom(c.env, input.newPasswordKey ?? input.newPassword, params, 'newPassword'),
  );
  await db.batch([
    newPasswordStatement(db, user.id, password),
    // A reset link mailed before the change must not undo it.
    revokeResetTokensStatement(db, user.id),
  ]);
  await closeMemberSockets(c.env, user.id, { createdAtOrBefore: Date.now() });
  // Other devices are signed out; this one continues with a new session.
  await startSession(c, user.id);
  const fresh = await findUserById(db, user.id);
  return reply(c, authRoutes.changePassword, {
    message: 'Password changed',
    ...(fresh ? { user: selfUser(fresh) } : {}),
  });
});
