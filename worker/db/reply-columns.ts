// A reply's fields taken from a table's columns, derived from the reply's declaration
// (src/shared/contract): the row mapper, the JSON SQLite writes (json-reply.ts) and the select
// list of a raw statement all come from the declared keys, and a key the table does not have is
// a compile error where the derivation is used.
import * as v from 'valibot';
import { getTableColumns, type Table } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { JsonShape } from './json-reply';

type Fields = v.ObjectSchema<v.ObjectEntries, undefined> | v.StrictObjectSchema<v.ObjectEntries, undefined>;
type Out<S extends Fields> = v.InferOutput<S>;
type Keys<S extends Fields> = keyof S['entries'] & string;

/** The row mapper: the declared fields, picked from a row that has each of them with its type. */
export function pickFields<S extends Fields>(schema: S, row: { [K in Keys<S>]: Out<S>[K] }): Out<S> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema.entries)) out[key] = (row as Record<string, unknown>)[key];
  return out as Out<S>;
}

/** The declared fields' columns, for jsonObject(): each key read from the column of that name. */
export function columnShape<S extends Fields, T extends Table>(
  schema: S,
  table: T & { [K in Keys<S>]: AnySQLiteColumn },
): JsonShape {
  const columns = getTableColumns(table) as Record<string, AnySQLiteColumn>;
  const shape: Record<string, AnySQLiteColumn> = {};
  for (const key of Object.keys(schema.entries)) {
    const column = columns[key];
    if (!column) throw new Error(`columnShape: no column ${key}`);
    shape[key] = column;
  }
  return shape;
}

/**
 * A raw statement's select list for the declared fields: `alias.column AS key`, so its rows come
 * keyed as the reply is. Read them with rawFields().
 */
export function selectList<S extends Fields, T extends Table>(
  schema: S,
  table: T & { [K in Keys<S>]: AnySQLiteColumn },
  alias: string,
): string {
  const columns = columnShape(schema, table) as Record<string, AnySQLiteColumn>;
  return Object.entries(columns)
    .map(([key, column]) => `${alias}.${column.name} AS ${key}`)
    .join(', ');
}

/**
 * The declared fields as one JSON object of a raw statement, `json_object('key', alias.column, …)`:
 * for rows gathered into a JSON array in SQL (json_group_array) or a nested row. Read each object
 * with rawFields() (its values are as D1 gives a column's).
 */
export function selectObject<S extends Fields, T extends Table>(
  schema: S,
  table: T & { [K in Keys<S>]: AnySQLiteColumn },
  alias: string,
): string {
  const columns = columnShape(schema, table) as Record<string, AnySQLiteColumn>;
  const pairs = Object.entries(columns).map(([key, column]) => `'${key}', ${alias}.${column.name}`);
  return `json_object(${pairs.join(', ')})`;
}

/**
 * The declared fields from a raw row selected with selectList() or selectObject(): booleans
 * arrive as 0/1 and JSON columns as text, as D1 gives them; each is read back by its column's kind.
 */
export function rawFields<S extends Fields, T extends Table>(
  schema: S,
  table: T & { [K in Keys<S>]: AnySQLiteColumn },
  row: Record<string, unknown>,
): Out<S> {
  const columns = columnShape(schema, table) as Record<string, AnySQLiteColumn>;
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = row[key];
    if (column.dataType === 'boolean') out[key] = value === null ? null : Boolean(value);
    else if (column.dataType === 'json') out[key] = typeof value === 'string' ? JSON.parse(value) : value;
    else out[key] = value;
  }
  return out as Out<S>;
}
