// Column helpers every schema file shares. Timestamps are ISO 8601 UTC strings (they sort
// correctly as text); lists are JSON text.
import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
export const createdAt = () => text('created_at').notNull().default(now);
export const bool = (name: string) => integer(name, { mode: 'boolean' });
export const jsonList = (name: string) =>
  text(name, { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);
