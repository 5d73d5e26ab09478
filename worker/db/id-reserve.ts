// Id reserves (decision 032). D1 counts every row an insert writes, and an AUTOINCREMENT insert
// also writes its sqlite_sequence row whenever the new id passes the stored one: a row written per
// message, per bell entry and per offer. Those tables are inserted with max(id) + 1 instead (their newest
// row found by primary key: one row read), while their sequence rows are kept ahead of max(id),
// so the sequence row is never written by an insert. Every insert into them uses these ids: an
// id left to AUTOINCREMENT would jump past the reserve and use it up.
import { sql } from 'drizzle-orm';

// Offers joined in decision 049 (migration 0040 set their first reserve), saved searches in its
// second round (migration 0043).
export const RESERVED_TABLES = ['messages', 'notifications', 'offers', 'stored_searches'] as const;
export type ReservedTable = (typeof RESERVED_TABLES)[number];

/** How far ahead of max(id) the daily top-up sets the sequence, and below what it tops up. */
export const ID_RESERVE = 200_000;
const TOP_UP_BELOW = ID_RESERVE / 2;

/** The next id of a one-row insert, as SQL text (for prepared statements). */
export const nextIdSql = (table: ReservedTable) => `(SELECT coalesce(max(id), 0) + 1 FROM ${table})`;

/** The same, for drizzle's query builder. */
export const nextId = (table: ReservedTable) => sql.raw(nextIdSql(table));

/**
 * Ids for an INSERT … SELECT of several rows: max(id) (an uncorrelated subquery, computed once per
 * statement) plus the row's number, so every row gets its own. Rows that end in ON CONFLICT DO
 * UPDATE leave their id unused, a gap like any other.
 */
export const nextIdsOfRowsSql = (table: ReservedTable) =>
  `(SELECT coalesce(max(id), 0) FROM ${table}) + row_number() OVER ()`;

/**
 * Tops the reserves up (the daily cron): a table's sequence moves to max(id) + ID_RESERVE once it is
 * less than half that far ahead, so it is written about once per 100,000 inserts. Migration 0030
 * set the first reserves (0040 the offers', 0043 the saved searches').
 */
export function idReserveStatements(d1: D1Database): D1PreparedStatement[] {
  return RESERVED_TABLES.map((table) =>
    d1
      .prepare(
        `UPDATE sqlite_sequence SET seq = (SELECT coalesce(max(id), 0) FROM ${table}) + ?1
          WHERE name = ?2 AND seq < (SELECT coalesce(max(id), 0) FROM ${table}) + ?3`,
      )
      .bind(ID_RESERVE, table, TOP_UP_BELOW),
  );
}

/** Runs the top-up; a refusal is logged, not thrown: without a reserve an insert writes its sequence row, as before. */
export async function keepIdReserves(d1: D1Database): Promise<void> {
  try {
    await d1.batch(idReserveStatements(d1));
  } catch (error) {
    console.error('id reserves: top-up failed', error);
  }
}
