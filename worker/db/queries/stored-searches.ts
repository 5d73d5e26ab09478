// Data access for saved searches (docs/api/users-and-community.md, "Saved searches").
import { and, desc, eq, sql } from 'drizzle-orm';
import { MAX_STORED_SEARCHES, type DigestFrequency } from '@/shared/constants';
import type { Db } from '../client';
import { categories, notifications, storedSearches, type StoredSearchRow } from '../schema';
import { noteBellChange } from '@worker/db/bell-changes';
import { subjectKeys } from './notifications';
import { nextId } from '../id-reserve';

export function storedSearchesOf(db: Db, userId: number): Promise<StoredSearchRow[]> {
  return db
    .select()
    .from(storedSearches)
    .where(eq(storedSearches.userId, userId))
    .orderBy(desc(storedSearches.createdAt), desc(storedSearches.id));
}

export function findStoredSearch(db: Db, id: number): Promise<StoredSearchRow | undefined> {
  return db.query.storedSearches.findFirst({ where: eq(storedSearches.id, id) });
}

export async function isKnownCategory(db: Db, slug: string): Promise<boolean> {
  const row = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).get();
  return row !== undefined;
}

export interface NewStoredSearch {
  userId: number;
  query: string | null;
  category: string | null;
  notificationsEnabled: boolean;
}

/**
 * The member's saved search with the same text (letters' case aside, as SQLite's lower() folds
 * them: A-Z) and the same category, if any: the one a new save would repeat.
 */
const sameSearchSql = (s: Pick<NewStoredSearch, 'userId' | 'query' | 'category'>) => sql`
  user_id = ${s.userId} AND lower(coalesce(query, '')) = lower(${s.query ?? ''}) AND coalesce(category, '') = ${s.category ?? ''}`;

export function findSameStoredSearch(db: Db, s: Pick<NewStoredSearch, 'userId' | 'query' | 'category'>) {
  return db.get<{ id: number } | undefined>(sql`SELECT id FROM stored_searches WHERE ${sameSearchSql(s)} LIMIT 1`);
}

/**
 * Saves a search unless the member already has the maximum or already saved the same search
 * (issue 25, item 11). The checks and the insert are one statement, so two saves racing cannot
 * take a member past the limit or save one search twice. Undefined when refused.
 */
export async function insertStoredSearchWithinLimit(db: Db, s: NewStoredSearch): Promise<StoredSearchRow | undefined> {
  const inserted = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO stored_searches (id, user_id, query, category, notifications_enabled)
    SELECT ${nextId('stored_searches')}, ${s.userId}, ${s.query}, ${s.category}, ${s.notificationsEnabled ? 1 : 0}
    WHERE (SELECT count(*) FROM stored_searches WHERE user_id = ${s.userId}) < ${MAX_STORED_SEARCHES}
      AND NOT EXISTS (SELECT 1 FROM stored_searches WHERE ${sameSearchSql(s)})
    RETURNING id`);
  return inserted ? findStoredSearch(db, inserted.id) : undefined;
}

/** Sets a saved search's alerts on or off and its digest frequency, either or both. */
export async function updateStoredSearchSettings(
  db: Db,
  id: number,
  settings: { notificationsEnabled?: boolean | undefined; frequency?: DigestFrequency | undefined },
): Promise<StoredSearchRow | undefined> {
  const [row] = await db
    .update(storedSearches)
    .set({
      ...(settings.notificationsEnabled !== undefined ? { notificationsEnabled: settings.notificationsEnabled } : {}),
      ...(settings.frequency !== undefined ? { frequency: settings.frequency } : {}),
    })
    .where(eq(storedSearches.id, id))
    .returning();
  return row;
}

/**
 * Removes a member's saved search and its alerts' bell entry in one batch: the search is gone, and
 * its id may be given again (saved searches take ids under the reserve, decision 049), so a later
 * search's alerts never add up in the removed one's entry.
 */
export async function deleteStoredSearch(db: Db, id: number, userId: number): Promise<void> {
  noteBellChange(db, userId);
  await db.batch([
    db.delete(storedSearches).where(eq(storedSearches.id, id)),
    db
      .delete(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.subjectKey, subjectKeys.savedSearch(id)))),
  ]);
}
