// A read as its statements and the reply made from their rows, kept apart so that the API route
// that answers with the reply and the page that embeds it (worker/routes/pages.ts, decision 048)
// run the same SQL and build the same shape: the route runs one read, the page batches several
// into one D1 round trip.
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';

export interface Read<Reply> {
  queries: readonly BatchItem<'sqlite'>[];
  /** The reply, from each query's result in the order of `queries`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page reads its own result tuple
  reply: (results: any) => Reply;
}

type Result<Q> = Q extends { readonly _: { readonly result: infer R } } ? R : never;

/** A read of one query whose reply `reply` makes from its result. */
export function read<Q extends BatchItem<'sqlite'>, Reply>(query: Q, reply: (result: Result<Q>) => Reply): Read<Reply> {
  return { queries: [query], reply: ([result]) => reply(result as Result<Q>) };
}

type Replies<T extends readonly Read<unknown>[]> = {
  -readonly [K in keyof T]: T[K] extends Read<infer Reply> ? Reply : never;
};

/** Runs reads in one D1 batch (one round trip), their replies in the order of `reads`. */
export async function runReads<const T extends readonly Read<unknown>[]>(db: Db, reads: T): Promise<Replies<T>> {
  const queries = reads.flatMap((r) => r.queries);
  if (queries.length === 0) return reads.map((r) => r.reply([])) as Replies<T>;
  const results: unknown[] =
    queries.length === 1
      ? [await queries[0]]
      : await db.batch(queries as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  let at = 0;
  return reads.map((r) => {
    const mine = results.slice(at, at + r.queries.length);
    at += r.queries.length;
    return r.reply(mine);
  }) as Replies<T>;
}

/** Runs one read (an API route's). */
export async function runRead<Reply>(db: Db, one: Read<Reply>): Promise<Reply> {
  const [reply] = await runReads(db, [one] as const);
  return reply as Reply;
}
