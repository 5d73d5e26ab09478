// The request's D1 (decision 057): every statement of one request goes through one D1 session
// (the Sessions API), so its reads may be answered by a read replica near the Worker while its
// writes go to the primary, and each of its reads sees what came before it in the request. The
// session starts from the bookmark the browser carries after its own writes (lib/d1-bookmark.ts),
// so a member reads their own writes on the next request too. Durable Objects and cron jobs keep
// the binding as it is: every statement on the primary.
import { d1Rows, observeD1 } from '../lib/binding-calls';

export interface RequestD1 {
  /** The binding every statement of the request uses: prepare() and batch() run on the session. */
  d1: D1Database;
  /** The newest bookmark the session has seen (null before its first round trip). */
  bookmark(): string | null;
  /** Whether a round trip of the session wrote a row. */
  wrote(): boolean;
}

/**
 * Where a request's session starts: from the browser's bookmark when it has one; a read
 * (GET, HEAD) anywhere, a replica included; a write request at the primary, so what it reads
 * before writing (a check, a budget) is no older than without replicas.
 */
export function sessionStart(method: string, bookmark: string | null): string {
  if (bookmark) return bookmark;
  return method === 'GET' || method === 'HEAD' ? 'first-unconstrained' : 'first-primary';
}

export function openRequestD1(binding: D1Database, start: string): RequestD1 {
  // The binding's prepare() and batch() run on its `alwaysPrimarySession` (the pinned workerd's
  // internals, as lib/binding-calls.ts observes them): a copy whose session is the request's keeps
  // every wrapper around the binding (the meter, the cron budget, the tests' recorders) in the path.
  if (!(binding as { alwaysPrimarySession?: object }).alwaysPrimarySession)
    return { d1: binding, bookmark: () => null, wrote: () => false };
  let wrote = false;
  const observed = observeD1(binding, {
    sent() {},
    answered(results) {
      if (d1Rows(results).written > 0) wrote = true;
    },
  });
  const session = observed.withSession(start);
  const d1 = Object.create(binding) as D1Database & { alwaysPrimarySession: D1DatabaseSession };
  d1.alwaysPrimarySession = session;
  // exec() needs the primary's own session (a session has none); nothing in a request calls it.
  d1.exec = (query) => binding.exec(query);
  return { d1, bookmark: () => session.getBookmark(), wrote: () => wrote };
}
