import type { Db } from './db/client';
import type { UserRow } from './db/schema';

/** Hono's environment for every route: bindings plus what middleware puts on the context. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    /** The signed-in user, re-read from D1 on every request; null for visitors. */
    user: UserRow | null;
    /** The request's session when it signed the user in (null otherwise): live-chat sockets are tied to it. */
    session: { id: string; userId: number; createdAt: number } | null;
  };
};
