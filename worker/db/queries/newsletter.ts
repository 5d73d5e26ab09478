// Newsletter subscriptions with double opt-in (docs/api/newsletter.md). Tokens arrive hashed.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { newsletterSubscriptions } from '../schema';

export interface SignedConfirmation {
  email: string;
  /** When the confirmation link was issued: an unsubscribe after it makes the link void. */
  issuedAt: string;
  unsubscribeTokenHash: string;
  now: string;
}

/**
 * Confirms the address of a signed confirmation link (decision 038): writes the subscription as
 * `confirmed` with the mail's unsubscribe token, in one statement. Refused (false) when the address
 * is already confirmed (the link is spent) or was unsubscribed after the link was issued; a row
 * still `pending` from before the signed links is taken over.
 */
export async function confirmSignedSubscription(db: Db, s: SignedConfirmation): Promise<boolean> {
  const row = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO newsletter_subscriptions (email, status, unsubscribe_token_hash, confirmed_at)
    VALUES (${s.email}, 'confirmed', ${s.unsubscribeTokenHash}, ${s.now})
    ON CONFLICT (lower(email)) DO UPDATE SET
      email = excluded.email,
      status = 'confirmed',
      unsubscribe_token_hash = excluded.unsubscribe_token_hash,
      confirmed_at = excluded.confirmed_at,
      confirm_token_hash = NULL,
      confirm_token_expires = NULL
    WHERE newsletter_subscriptions.status = 'pending'
       OR (newsletter_subscriptions.status = 'unsubscribed' AND coalesce(newsletter_subscriptions.unsubscribed_at, '') < ${s.issuedAt})
    RETURNING id`);
  return row !== undefined;
}

/**
 * Unsubscribes the address of a signed unsubscribe link that no stored row holds yet: a link from
 * a confirmation mail never confirmed. Writes the address as `unsubscribed` (so that mail's confirm
 * link stops working); refused (false) when the address is confirmed under another link (an old
 * mail's link, from before a later subscription).
 */
export async function unsubscribeUnconfirmed(
  db: Db,
  email: string,
  unsubscribeTokenHash: string,
  now: string,
): Promise<boolean> {
  const row = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO newsletter_subscriptions (email, status, unsubscribe_token_hash, unsubscribed_at)
    VALUES (${email}, 'unsubscribed', ${unsubscribeTokenHash}, ${now})
    ON CONFLICT (lower(email)) DO UPDATE SET status = 'unsubscribed', unsubscribed_at = excluded.unsubscribed_at, confirm_token_hash = NULL, confirm_token_expires = NULL
    WHERE newsletter_subscriptions.status <> 'confirmed'
    RETURNING id`);
  return row !== undefined;
}

/**
 * Confirms the pending subscription holding this unexpired token; the token is spent. Only rows
 * asked for before the signed links (decision 038) hold such a token.
 */
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
export async function unsubscribe(db: Db, unsubscribeTokenHash: string, now: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, confirmTokenExpires: null })
    .where(eq(newsletterSubscriptions.unsubscribeTokenHash, unsubscribeTokenHash))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

export function findSubscription(db: Db, email: string) {
  return db.query.newsletterSubscriptions.findFirst({
    where: sql`lower(${newsletterSubscriptions.email}) = lower(${email})`,
  });
}
