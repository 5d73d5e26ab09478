// A Drizzle `sql` fragment as a raw D1 statement, for the batches of prepared statements that a
// fragment must join (the message budget's gate, the suspended-member condition; decision 054's
// third exception).
import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

const dialect = new SQLiteAsyncDialect();
/** A drizzle SQL fragment as a D1 statement (for batches of prepared statements). */
export function prepareSql(d1: D1Database, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return d1.prepare(text).bind(...params);
}
