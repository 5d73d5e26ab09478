import type { Db } from './db/client';
import type { UserRow } from './db/schema';
import type { SessionRecord } from './lib/session';

/** Hono's environment for every route: bindings plus what middleware puts on the context. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    /** The signed-in user, re-read from D1 on every request; null for visitors. */
    user: UserRow | null;
    /** The request's session when it signed the user in (null otherwise): live-chat sockets are tied to it. */
    session: { id: string; userId: number; createdAt: number; cached: boolean } | null;
    /**
     * On the routes registered with viewer('sql') only: the KV session record, not checked against
     * the user row here; the route's own statement checks it (viewerSeesAllOf). Null elsewhere, and
     * `user` is null on those routes.
     */
    viewerSession: SessionRecord | null;
  };
};
