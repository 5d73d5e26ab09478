// Newsletter subscriptions with double opt-in (docs/api/newsletter.md). Tokens arrive hashed.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { newsletterSubscriptions } from '../schema';

export interface PendingSubscription {
  email: string;
  confirmTokenHash: string;
  confirmTokenExpires: string;
  unsubscribeTokenHash: string;
}

/**
 * Creates the subscription, or restarts the opt-in of a pending or unsubscribed one with fresh
 * tokens, in one statement (the unique index on lower(email) settles racing requests). A
 * confirmed subscription is left alone: the result is then false and no mail should go out.
 */
export async function upsertPendingSubscription(db: Db, s: PendingSubscription): Promise<boolean> {
  const row = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO newsletter_subscriptions (email, status, confirm_token_hash, confirm_token_expires, unsubscribe_token_hash)
    VALUES (${s.email}, 'pending', ${s.confirmTokenHash}, ${s.confirmTokenExpires}, ${s.unsubscribeTokenHash})
    ON CONFLICT (lower(email)) DO UPDATE SET
      email = excluded.email,
      status = 'pending',
      confirm_token_hash = excluded.confirm_token_hash,
      confirm_token_expires = excluded.confirm_token_expires,
      unsubscribe_token_hash = excluded.unsubscribe_token_hash,
      confirmed_at = NULL
    WHERE newsletter_subscriptions.status <> 'confirmed'
    RETURNING id`);
  return row !== undefined;
}

/** Confirms the pending subscription holding this unexpired token; the token is spent. */
export async function confirmSubscription(db: Db, confirmTokenHash: string, now: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ status: 'confirmed', confirmedAt: now, confirmTokenHash: null, confirmTokenExpires: null })
    .where(
      and(
        eq(newsletterSubscriptions.confirmTokenHash, confirmTokenHash),
        eq(newsletterSubscriptions.status, 'pending'),
        gt(newsletterSubscriptions.confirmTokenExpires, now),
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

/**
 * Unsubscribes whoever holds this token. Repeating it still succeeds (the link in an old email
 * keeps working); an unknown token is false. A pending confirmation link stops working too.
 */
export async function unsubscribe(db: Db, unsubscribeTokenHash: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', confirmTokenHash: null, confirmTokenExpires: null })
    .where(eq(newsletterSubscriptions.unsubscribeTokenHash, unsubscribeTokenHash))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

export function findSubscription(db: Db, email: string) {
  return db.query.newsletterSubscriptions.findFirst({ where: sql`lower(${newsletterSubscriptions.email}) = lower(${email})` });
}
