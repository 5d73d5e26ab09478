// Accounts and sessions (API.md "Sessions and accounts").
import { and, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../src/shared/schemas';
import { findUserByEmail, findUserById, findUserByUsername, findUserByVerificationToken, isUniqueViolation, takenIdentity } from '../db/queries/users';
import { passwordResetTokens, users } from '../db/schema';
import { selfUser } from '../db/shapes';
import { randomToken, sha256Hex } from '../lib/crypto';
import { passwordResetEmail, queueEmail, verificationEmail } from '../lib/email';
import { badRequest, conflict, HttpError, unauthorized } from '../lib/errors';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../lib/passwords';
import { check, clientIp, hit } from '../lib/rate-limit';
import { endSession, startSession } from '../lib/session';
import { closeCurrentSessionSockets, closeMemberSockets } from '../lib/member-sockets';
import { HOUR, isoIn, isoNow } from '../lib/time';
import { newVerificationToken } from '../lib/verification';
import { parseBody } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import type { AppEnv } from '../types';

export const authRoutes = new Hono<AppEnv>();

const origin = (url: string) => new URL(url).origin;

authRoutes.post('/register', async (c) => {
  const db = c.get('db');
  await hit(c.env.DB, 'registerPerIp', clientIp(c));
  const input = await parseBody(c, registerSchema);
  const taken = await takenIdentity(db, input.username, input.email);
  if (taken.username) throw conflict('Username already taken');
  if (taken.email) throw conflict('Email already registered');

  const password = await hashPassword(c.env, input.password);
  const verification = await newVerificationToken();
  let created;
  try {
    const [inserted] = await db.batch([
      db
        .insert(users)
        .values({ ...input, password, verificationToken: verification.hash, verificationTokenExpires: verification.expires })
        .returning(),
      queueEmail(db, verificationEmail(origin(c.req.url), input.email, input.displayName, verification.token)),
    ]);
    created = inserted[0]!;
  } catch (error) {
    // Two registrations racing for the same name: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('Username already taken');
    throw error;
  }
  await startSession(c, created.id);
  return c.json(selfUser(created), 201);
});

authRoutes.post('/login', async (c) => {
  const db = c.get('db');
  const input = await parseBody(c, loginSchema);
  await hit(c.env.DB, 'signInPerIp', clientIp(c));
  await check(c.env.DB, 'failedSignInPerUsername', input.username);

  const user = await findUserByUsername(db, input.username);
  // Verify against a dummy hash for unknown names so timing does not reveal which names exist.
  const ok = await verifyPassword(c.env, input.password, user?.password ?? DUMMY_PASSWORD_HASH);
  if (!user || !ok) {
    await hit(c.env.DB, 'failedSignInPerUsername', input.username);
    throw unauthorized('Invalid username or password');
  }
  await startSession(c, user.id);
  return c.json(selfUser(user));
});

authRoutes.post('/logout', async (c) => {
  await endSession(c);
  await closeCurrentSessionSockets(c);
  return c.json({ message: 'Logged out' });
});

/** Signs out every device: sessions created before now stop working at once. */
authRoutes.post('/logout-everywhere', async (c) => {
  const user = requireUser(c);
  await c.get('db').update(users).set({ sessionsValidAfter: Date.now() + 1 }).where(eq(users.id, user.id));
  await closeMemberSockets(c.env, user.id, { createdAtOrBefore: Date.now() });
  await endSession(c);
  return c.json({ message: 'Logged out everywhere' });
});

authRoutes.get('/current-user', (c) => c.json(selfUser(requireUser(c))));

authRoutes.get('/verify-email', async (c) => {
  const db = c.get('db');
  const token = c.req.query('token') ?? '';
  const user = token ? await findUserByVerificationToken(db, await sha256Hex(token), isoNow()) : undefined;
  if (!user) return c.json({ verified: false, message: 'Verification failed. The token may be invalid or expired.' }, 400);
  // Single use: the token is cleared as the address is marked verified.
  await db.update(users).set({ emailVerified: true, verificationToken: null, verificationTokenExpires: null }).where(eq(users.id, user.id));
  return c.json({ verified: true, message: 'Email verified successfully' });
});

authRoutes.post('/resend-verification', async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  if (user.emailVerified) throw badRequest('Email is already verified');
  await hit(c.env.DB, 'accountMailPerAccount', `user:${user.id}`);
  const verification = await newVerificationToken();
  await db.batch([
    db.update(users).set({ verificationToken: verification.hash, verificationTokenExpires: verification.expires }).where(eq(users.id, user.id)),
    queueEmail(db, verificationEmail(origin(c.req.url), user.email, user.displayName, verification.token)),
  ]);
  return c.json({ message: 'Verification email sent' });
});

const FORGOT_REPLY = { message: 'If an account exists for that email, we have sent a link to reset the password.' };

authRoutes.post('/forgot-password', async (c) => {
  const db = c.get('db');
  const { email } = await parseBody(c, forgotPasswordSchema);
  // Counted per address asked for, known or not, so the limit reveals nothing either.
  await hit(c.env.DB, 'accountMailPerAccount', `email:${email}`);
  const user = await findUserByEmail(db, email);
  if (user) {
    const token = randomToken();
    await db.batch([
      db.insert(passwordResetTokens).values({ tokenHash: await sha256Hex(token), userId: user.id, expiresAt: isoIn(HOUR) }),
      queueEmail(db, passwordResetEmail(origin(c.req.url), user.email, user.displayName, token)),
    ]);
  }
  return c.json(FORGOT_REPLY);
});

authRoutes.post('/reset-password', async (c) => {
  const db = c.get('db');
  const input = await parseBody(c, resetPasswordSchema);
  const tokenHash = await sha256Hex(input.token);
  const row = await db.query.passwordResetTokens.findFirst({
    where: and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, isoNow())),
  });
  if (!row) throw badRequest('Reset link is invalid or has expired', { token: 'Reset link is invalid or has expired' });
  const password = await hashPassword(c.env, input.password);
  await db.batch([
    db.update(users).set({ password, sessionsValidAfter: Date.now() }).where(eq(users.id, row.userId)),
    // Single use: this token and any other outstanding one for the account stop working.
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, row.userId)),
  ]);
  await closeMemberSockets(c.env, row.userId, { createdAtOrBefore: Date.now() });
  return c.json({ message: 'Your password has been reset. Please sign in.' });
});

authRoutes.post('/change-password', async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const input = await parseBody(c, changePasswordSchema);
  if (!(await verifyPassword(c.env, input.currentPassword, user.password))) {
    throw new HttpError(400, 'Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  const password = await hashPassword(c.env, input.newPassword);
  await db.update(users).set({ password, sessionsValidAfter: Date.now() }).where(eq(users.id, user.id));
  await closeMemberSockets(c.env, user.id, { createdAtOrBefore: Date.now() });
  // Other devices are signed out; this one continues with a new session.
  await startSession(c, user.id);
  const fresh = await findUserById(db, user.id);
  return c.json({ message: 'Password changed', user: fresh ? selfUser(fresh) : undefined });
});
