// Profiles and accounts (docs/api/users-and-community.md): read, edit oneself, delete (self or
// admin).
import { profileUpdateSchema, USERNAME_MAX_LENGTH } from '@/shared/schemas';
import { userRoutes } from '@/shared/contract/users';
import {
  completedBarterCountOf,
  deleteUser,
  findUserById,
  findUserByUsername,
  imageKeysOfUser,
  isUniqueViolation,
  takenIdentity,
  updateProfileStatement,
  type ProfileChanges,
} from '../db/queries/users';
import { revokeResetTokensStatement } from '../db/queries/password-resets';
import { selfUser, userFor } from '../db/shapes';
import { assertAvatarUrl, AVATAR_UPLOAD_MESSAGE, ownSiteAvatarKey } from '../lib/avatar-url';
import { avatarUploadStatements, findUpload } from '../db/queries/images';
import { emailChangedEmail, verificationEmail } from '../lib/email';
import { queueEmail } from '../db/queries/email-outbox';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { closeMemberSockets } from '@worker/durable-objects/member-sockets-client';
import { hitAll } from '../db/queries/rate-limits';
import { clientIp } from '../lib/rate-limit';
import { endSession } from '../db/queries/sessions';
import { parseBody, parseId } from '../lib/validate';
import { newVerificationToken } from '../lib/verification';
import { assertActingAs, requireUser } from '../middleware/auth';
import { dissolveCirclesForMember } from '@worker/services/trade-circles/propose';
import { reply, router, serve } from '../lib/serve';
import { memberBudget } from '../middleware/member-budget';
import { viewer } from '../middleware/session';

export const userRouter = router('/api/users');

const userNotFound = () => notFound('User not found');

serve(userRouter, userRoutes.byId, viewer('row'), async (c) => {
  const user = await findUserById(c.get('db'), parseId(c.req.param('id'), 'User'));
  if (!user) throw userNotFound();
  return reply(c, userRoutes.byId, userFor(c.get('user'), user));
});

serve(userRouter, userRoutes.byUsername, viewer('row'), async (c) => {
  const username = c.req.param('username') ?? '';
  // No account has a longer name: answered without a lookup.
  const user = username.length <= USERNAME_MAX_LENGTH ? await findUserByUsername(c.get('db'), username) : undefined;
  if (!user) throw userNotFound();
  return reply(c, userRoutes.byUsername, userFor(c.get('user'), user));
});

serve(userRouter, userRoutes.barterCount, viewer('none'), async (c) => {
  const db = c.get('db');
  const id = parseId(c.req.param('id'), 'User');
  if (!(await findUserById(db, id))) throw userNotFound();
  return reply(c, userRoutes.barterCount, { count: await completedBarterCountOf(db, id) });
});

serve(userRouter, userRoutes.update, viewer('row'), memberBudget('profileEditsPerMember'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  // Admins too: a profile is edited only by its owner; admins moderate, they do not edit.
  if (parseId(c.req.param('id'), 'User') !== user.id) throw forbidden('You can only edit your own profile');
  const { id: bodyId, ...input } = await parseBody(c, profileUpdateSchema);
  assertActingAs(user, bodyId, 'You can only edit your own profile');
  assertAvatarUrl(input.avatarUrl, c.req.url);
  // A profile image uploaded here must be the member's own, unused upload; the old one is released.
  const avatarChanged = input.avatarUrl !== undefined && input.avatarUrl !== user.avatarUrl;
  const newAvatarKey = avatarChanged ? ownSiteAvatarKey(input.avatarUrl, c.req.url) : null;
  const oldAvatarKey = avatarChanged ? ownSiteAvatarKey(user.avatarUrl, c.req.url) : null;
  if (newAvatarKey) {
    const upload = await findUpload(db, newAvatarKey);
    if (!upload || upload.userId !== user.id || upload.storedAt === null || upload.attachedAt !== null) {
      throw badRequest(AVATAR_UPLOAD_MESSAGE, { avatarUrl: AVATAR_UPLOAD_MESSAGE });
    }
  }
  const avatarStatements = avatarUploadStatements(db, user.id, newAvatarKey, oldAvatarKey);

  const changes: ProfileChanges = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  // A new address (not merely new capitals) must be verified again.
  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
  // Each new address asked for is counted, taken (409) or not: a change mails two addresses, and
  // the 409 tells whether an address has an account (docs/decisions/037-sign-in-and-session-budgets.md).
  if (emailChanged)
    await hitAll(c.env.DB, [
      ['emailChangePerMember', String(user.id)],
      ['emailChangePerAddress', clientIp(c)],
    ]);
  if (input.email !== undefined && (await takenIdentity(db, null, input.email, user.id)).email)
    throw conflict('Email already registered');
  if (Object.keys(changes).length === 0) return reply(c, userRoutes.update, selfUser(user));

  try {
    if (!emailChanged) {
      const [[updated]] = await db.batch([updateProfileStatement(db, user.id, changes), ...avatarStatements]);
      return reply(c, userRoutes.update, selfUser(updated!));
    }
    const verification = await newVerificationToken();
    const name = input.displayName ?? user.displayName;
    // The same edit may change the language too: the two emails are in the one it leaves.
    const language = input.language ?? user.language;
    const origin = new URL(c.req.url).origin;
    const [[updated]] = await db.batch([
      updateProfileStatement(db, user.id, {
        ...changes,
        emailVerified: false,
        verificationToken: verification.hash,
        verificationTokenExpires: verification.expires,
      }),
      queueEmail(db, verificationEmail(origin, input.email!, name, verification.token, language)),
      // Reset links went to the old address: they stop working, and the old address is told.
      revokeResetTokensStatement(db, user.id),
      queueEmail(db, emailChangedEmail(origin, user.email, name, input.email!, language)),
      ...avatarStatements,
    ]);
    return reply(c, userRoutes.update, selfUser(updated!));
  } catch (error) {
    // Two accounts racing for the same address: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('Email already registered');
    throw error;
  }
});

serve(userRouter, userRoutes.remove, viewer('row'), async (c) => {
  const db = c.get('db');
  const user = requireUser(c);
  const id = parseId(c.req.param('id'), 'User');
  if (id !== user.id && !user.isAdmin) throw forbidden('You can only delete your own account');
  if (id !== user.id && !(await findUserById(db, id))) throw userNotFound();

  // Read the image keys before the cascade removes the rows that name them.
  const keys = await imageKeysOfUser(db, id);
  await dissolveCirclesForMember(c.env, id);
  if (!(await deleteUser(db, id))) throw userNotFound();
  await closeMemberSockets(c.env, id, { all: true });
  // R2 deletes at most 1,000 keys a call. The account is gone either way; a failed delete
  // leaves only objects nothing links to, so it is logged rather than reported to the member.
  for (let i = 0; i < keys.length; i += 1000) {
    await c.env.IMAGES.delete(keys.slice(i, i + 1000)).catch((error: unknown) => {
      console.error(`[${c.req.header('cf-ray') ?? 'local'}] R2 cleanup failed for deleted user ${id}`, error);
    });
  }
  if (id === user.id) await endSession(c);
  return reply(c, userRoutes.remove, { message: 'Account deleted' });
});
