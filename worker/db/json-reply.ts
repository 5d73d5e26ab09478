// Replies built by SQLite (decision 033): for the long lists a route returns whole (a thread's
// messages, a member's listings), SQLite writes the reply's JSON text itself, and the Worker passes
// that one string through. The rows then cross from D1 as one value instead of a row of columns
// each, and the Worker neither maps them nor stringifies them again: at hundreds of rows, most of
// such a request's time on the Worker's side.
//
// A shape maps each reply key to a column (its JSON value by the column's kind: booleans as
// true/false, JSON-text columns as JSON), to an SQL expression, or to a nested shape. Columns are
// named without their table, so a shape reads the columns of the FROM it is used in: a table or a
// subquery over it.
import { Column, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { SQLiteAsyncDialect, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import type { Db } from './client';

export type JsonShape = { readonly [key: string]: AnySQLiteColumn | SQL | JsonShape };

/** The JSON value SQLite writes for one column, read by its bare name. */
function columnJson(column: AnySQLiteColumn): SQL {
  const name = sql.identifier(column.name);
  if (column.dataType === 'boolean') return sql`json(CASE WHEN ${name} THEN 'true' ELSE 'false' END)`;
  if (column.dataType === 'json') return sql`json(${name})`;
  return sql`${name}`;
}

function valueJson(value: AnySQLiteColumn | SQL | JsonShape): SQL {
  if (is(value, SQL)) return value;
  if (is(value, Column)) return columnJson(value as AnySQLiteColumn);
  return jsonObject(value as JsonShape);
}

/** `json_object(...)` for a shape. Keys are the code's own constants, written as SQL literals. */
export function jsonObject(shape: JsonShape): SQL {
  const pairs = Object.entries(shape).map(([key, value]) => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`jsonObject: unexpected key ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${valueJson(value)}`;
  });
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

const dialect = new SQLiteAsyncDialect();

/**
 * A fragment without parameters as its SQL text, rendered once: a shape is a tree of a few hundred
 * fragments, and drizzle would walk it again for every statement that embeds it.
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error('renderedOnce: the fragment has parameters');
  return sql.raw(text);
}

/**
 * A query of one row, one column `json`: the JSON array of `item` over the rows of `rows`, in their order.
 * `rows` is a subquery with its ORDER BY, and SQLite does not flatten an ordered subquery into an
 * aggregate query, so json_group_array takes its rows as ordered. `[]` when there are none.
 */
export function jsonArrayOver(db: Db, item: SQL, rows: SQLWrapper) {
  // A select builder (not db.get of raw SQL), so it can ride in a D1 batch.
  return db.select({ json: sql<string>`json_group_array(${item})` }).from(sql`(${rows})`);
}

/**
 * A reply of JSON text SQLite wrote (jsonArrayOver), passed through as it is, with the headers
 * c.json would give it.
 */
export function jsonReply(c: Context, text: string): Response {
  return c.body(text, 200, { 'Content-Type': 'application/json' });
}
