// Data access for accounts. Usernames and emails are unique case-insensitively (lower() indexes).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users, type UserRow } from '../schema';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: sql`lower(${users.username}) = lower(${username})` });
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

export const isUniqueViolation = (error: unknown) => String((error as Error)?.message ?? error).includes('UNIQUE constraint failed');
