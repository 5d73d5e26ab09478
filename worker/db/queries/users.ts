// Data access for accounts. Usernames and emails are unique case-insensitively (lower() indexes).
import { and, eq, ne, sql } from 'drizzle-orm';
import { OBJECT_PATH_PATTERN } from '@/shared/constants';
import type { Db } from '../client';
import { barters, listings, uploads, users, type UserRow } from '../schema';
import { withThumbKeys } from './images';
import { auditStatement, type Actor } from './audit';
import { foldName } from '@worker/lib/names';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** The name is folded in the Worker (worker/lib/names.ts), the same way as for its salt and limits. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [user] = await userByUsernameQuery(db, username);
  return user;
}

/**
 * findUserByUsername's statement (its rows: none or the one member), for a batch too (a profile
 * page's HTML, decision 048): a select, since drizzle's relational findFirst fails in a D1 batch
 * when it finds nothing.
 */
export function userByUsernameQuery(db: Db, username: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${foldName(username)}`)
    .limit(1);
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = lower(${email})` });
}

/** Which of a username and an email are already taken, for the 409 messages. */
export async function takenIdentity(db: Db, username: string | null, email: string | null, exceptUserId?: number) {
  const [byName, byEmail] = await Promise.all([
    username ? findUserByUsername(db, username) : undefined,
    email ? findUserByEmail(db, email) : undefined,
  ]);
  return {
    username: byName !== undefined && byName.id !== exceptUserId,
    email: byEmail !== undefined && byEmail.id !== exceptUserId,
  };
}

export function findUserByVerificationToken(db: Db, tokenHash: string, nowIso: string) {
  return db.query.users.findFirst({
    where: sql`${users.verificationToken} = ${tokenHash} AND ${users.verificationTokenExpires} > ${nowIso}`,
  });
}

/** True for a unique-index violation; Drizzle wraps single-query errors, keeping D1's in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (String(e.message ?? e).includes('UNIQUE constraint failed')) return true;
  }
  return false;
}

/**
 * Grants admin rights; idempotent. Undefined when there is no such user. The audit row (by `actor`)
 * goes first in the same batch, written only when the member was not an admin yet.
 */
export async function grantAdmin(db: Db, id: number, actor: Actor): Promise<UserRow | undefined> {
  const [, rows] = await db.batch(grantAdminStatements(db, id, actor));
  return rows[0];
}

/** grantAdmin's two statements (the audit row, then the update), for a batch with other changes. */
export function grantAdminStatements(db: Db, id: number, actor: Actor) {
  const audit = auditStatement(
    db,
    {
      actor,
      action: 'make_admin',
      targetType: 'user',
      targetId: id,
      targetUserId: id,
      targetLabel: sql`(SELECT username FROM users WHERE id = ${id})`,
      note: '',
    },
    sql`EXISTS (SELECT 1 FROM users WHERE id = ${id} AND is_admin = 0)`,
  );
  return [audit, db.update(users).set({ isAdmin: true }).where(eq(users.id, id)).returning()] as const;
}

/**
 * Completed barters the user took part in, as initiator or recipient: two index lookups
 * (barters_initiator_idx, barters_recipient_idx) over the member's own barters, summed (a member
 * is never both sides of one barter), instead of an OR that walks every completed barter.
 */
export async function completedBarterCountOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.all<{ count: number }>(sql`
    SELECT (SELECT count(*) FROM ${barters} WHERE ${barters.initiatorId} = ${userId} AND ${barters.status} = 'completed')
         + (SELECT count(*) FROM ${barters} WHERE ${barters.recipientId} = ${userId} AND ${barters.status} = 'completed') AS count`);
  return Number(row?.count ?? 0);
}

export type ProfileChanges = Partial<
  Pick<
    UserRow,
    | 'displayName'
    | 'email'
    | 'nickname'
    | 'address'
    | 'location'
    | 'bio'
    | 'avatarUrl'
    | 'emailNotifications'
    | 'language'
    | 'emailVerified'
    | 'verificationToken'
    | 'verificationTokenExpires'
  >
>;

/** A new account's row, returned (a statement, batched with its verification mail). */
export const insertUserStatement = (db: Db, values: typeof users.$inferInsert) =>
  db.insert(users).values(values).returning();

/** The stored password hash, rekeyed for the same password (sign-in keeps the new one). */
export const rekeyPasswordStatement = (db: Db, id: number, password: string) =>
  db.update(users).set({ password }).where(eq(users.id, id));

/** A new password: sessions created before now stop working. */
export const newPasswordStatement = (db: Db, id: number, password: string) =>
  db.update(users).set({ password, sessionsValidAfter: Date.now() }).where(eq(users.id, id));

/** Signs out every device: sessions created up to `validAfter` stop working. */
export const voidSessionsStatement = (db: Db, id: number, validAfter: number) =>
  db.update(users).set({ sessionsValidAfter: validAfter }).where(eq(users.id, id));

/** The address verified; the token cleared (single use). */
export const markEmailVerifiedStatement = (db: Db, id: number) =>
  db
    .update(users)
    .set({ emailVerified: true, verificationToken: null, verificationTokenExpires: null })
    .where(eq(users.id, id));

/** A new verification token (its hash and expiry), batched with the mail that carries it. */
export const setVerificationTokenStatement = (db: Db, id: number, verification: { hash: string; expires: string }) =>
  db
    .update(users)
    .set({ verificationToken: verification.hash, verificationTokenExpires: verification.expires })
    .where(eq(users.id, id));

/** A listing's owner, by the listing (a query, for the listing page's batch). */
export const ownerOfListingQuery = (db: Db, listingId: number) =>
  db
    .select()
    .from(users)
    .where(sql`${users.id} = (SELECT user_id FROM listings WHERE id = ${listingId})`)
    .limit(1);

/** The profile update as a statement, so a caller can batch it with the email it triggers. */
export function updateProfileStatement(db: Db, id: number, changes: ProfileChanges) {
  return db.update(users).set(changes).where(eq(users.id, id)).returning();
}

/** R2 keys of the account's images: its listings' photos and every upload it made, with their thumbnails. */
export async function imageKeysOfUser(db: Db, userId: number): Promise<string[]> {
  const [owned, uploaded] = await db.batch([
    db.select({ imageUrls: listings.imageUrls }).from(listings).where(eq(listings.userId, userId)),
    db.select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, userId)),
  ]);
  const keys = new Set<string>(uploaded.map((u) => u.key));
  for (const { imageUrls } of owned) {
    for (const url of imageUrls) if (OBJECT_PATH_PATTERN.test(url)) keys.add(url.slice('/objects/'.length));
  }
  return withThumbKeys([...keys]);
}

/**
 * Deletes the account. Its listings, messages, reviews, barters, saved searches, testimonials,
 * event attendance and uploads go with it through ON DELETE CASCADE
 * (docs/api/users-and-community.md, "Deleting an account"). First, in the same batch, members this
 * account reviewed get their rating and review count recomputed without the reviews that are about
 * to disappear, so stars and the review list agree.
 */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const goingAway = sql`(r.reviewer_id = ${id}
    OR r.listing_id IN (SELECT l.id FROM listings l WHERE l.user_id = ${id})
    OR (r.barter_id IS NOT NULL AND r.barter_id IN (SELECT b.id FROM barters b WHERE b.initiator_id = ${id} OR b.recipient_id = ${id})))`;
  const [, deleted] = await db.batch([
    db
      .update(users)
      .set({
        rating: sql`coalesce((SELECT avg(r.rating) FROM reviews r WHERE r.user_id = ${users.id} AND NOT ${goingAway}), 0)`,
        reviewCount: sql`(SELECT count(*) FROM reviews r WHERE r.user_id = ${users.id} AND NOT ${goingAway})`,
      })
      // The members affected, as a union of indexed lookups (an OR over them would scan reviews).
      .where(
        and(
          ne(users.id, id),
          sql`${users.id} IN (
            SELECT user_id FROM reviews WHERE reviewer_id = ${id}
            UNION SELECT user_id FROM reviews WHERE listing_id IN (SELECT id FROM listings WHERE user_id = ${id})
            UNION SELECT user_id FROM reviews WHERE barter_id IN (SELECT id FROM barters WHERE initiator_id = ${id} UNION SELECT id FROM barters WHERE recipient_id = ${id}))`,
        ),
      ),
    db.delete(users).where(eq(users.id, id)).returning({ id: users.id }),
  ]);
  return deleted.length > 0;
}
