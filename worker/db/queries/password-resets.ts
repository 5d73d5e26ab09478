// Password reset links (docs/api/accounts-and-passwords.md): a token's hash per link, one hour
// each; every link of an account stops working when its password or email changes.
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../client';
import { passwordResetTokens } from '../schema';

/** A new reset link's row (a statement, batched with the mail that carries the link). */
export const insertResetTokenStatement = (db: Db, tokenHash: string, userId: number, expiresAt: string) =>
  db.insert(passwordResetTokens).values({ tokenHash, userId, expiresAt });

/** Reset links stop working when the password or the email changes (a statement for the same batch). */
export const revokeResetTokensStatement = (db: Db, userId: number) =>
  db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

/** The reset link with this token hash, while it has not expired. */
export const findLiveResetToken = (db: Db, tokenHash: string, nowIso: string) =>
  db.query.passwordResetTokens.findFirst({
    where: and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, nowIso)),
  });
