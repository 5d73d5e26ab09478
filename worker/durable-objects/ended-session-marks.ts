// The sessions of one member that ended lately, kept by the member's MemberSockets registry
// (decision 039, issue 22 N1). A socket upgrade is authorised by the Worker, then registered by
// the object that holds it; a session that ends in between runs its closing pass before the socket
// exists. Every session end passes through the registry first and leaves a mark here, and every
// new socket is admitted against the marks in the same step as its registration, so the socket is
// either closed by the pass or refused when it registers: never left open.
import type { EndedSessions } from './member-sockets-client';

/**
 * How long an end is remembered: far longer than an upgrade can be in flight between the Worker's
 * session check and the registration (a request's lifetime), and than a session's KV copy can be
 * read after its delete elsewhere (up to 60 s). After that the Worker's own check refuses it.
 */
export const REMEMBER_ENDS_MS = 10 * 60 * 1000;

/** The session a socket belongs to, as the objects know it (the SHA-256 of its id, and its creation time). */
export interface SocketSession {
  sessionKey: string;
  sessionCreatedAt: number;
}

/** The key of the one row that holds "every session created at or before" (a session key is 64 hex digits). */
const UP_TO = 'up-to';

export class EndedSessionMarks {
  private tableExists = false;

  constructor(
    private readonly sql: SqlStorage,
    private readonly now: () => number = Date.now,
  ) {}

  private hasTable(): boolean {
    if (!this.tableExists)
      this.tableExists =
        this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ended_sessions'").toArray().length >
        0;
    return this.tableExists;
  }

  /**
   * Notes an end: one session (its key), or every session created before a time (the newest such
   * time is kept). Sessions that existed when the end was decided were created in earlier requests,
   * so strictly before it.
   */
  remember(ended: EndedSessions): void {
    if (!this.hasTable()) {
      this.sql.exec(
        'CREATE TABLE IF NOT EXISTS ended_sessions (mark TEXT PRIMARY KEY, created_up_to INTEGER, at INTEGER NOT NULL)',
      );
      this.tableExists = true;
    }
    const at = this.now();
    if ('sessionKey' in ended) {
      this.sql.exec(
        'INSERT INTO ended_sessions (mark, created_up_to, at) VALUES (?, NULL, ?) ON CONFLICT (mark) DO UPDATE SET at = excluded.at',
        ended.sessionKey,
        at,
      );
      return;
    }
    // Every session: those created up to now (one created later is a new sign-in, as after a
    // password change; a deleted or suspended member cannot make one).
    const upTo = 'all' in ended ? at : ended.createdAtOrBefore;
    this.sql.exec(
      `INSERT INTO ended_sessions (mark, created_up_to, at) VALUES (?, ?, ?)
       ON CONFLICT (mark) DO UPDATE SET created_up_to = max(created_up_to, excluded.created_up_to), at = excluded.at`,
      UP_TO,
      upTo,
      at,
    );
  }

  /** Whether the socket's session ended within the remembered time. Reads only; writes nothing. */
  ended(session: SocketSession): boolean {
    if (!this.hasTable()) return false;
    return (
      this.sql
        .exec(
          // Strictly before: a session started in the same millisecond as the end is the one the
          // ending request itself started (a password change signs its device in again).
          'SELECT 1 FROM ended_sessions WHERE at > ? AND (mark = ? OR (mark = ? AND created_up_to > ?)) LIMIT 1',
          this.now() - REMEMBER_ENDS_MS,
          session.sessionKey,
          UP_TO,
          session.sessionCreatedAt,
        )
        .toArray().length > 0
    );
  }

  /** Drops the marks past the remembered time. */
  forgetOld(): void {
    if (this.hasTable()) this.sql.exec('DELETE FROM ended_sessions WHERE at <= ?', this.now() - REMEMBER_ENDS_MS);
  }

  /** Whether no mark is kept. */
  empty(): boolean {
    return !this.hasTable() || this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM ended_sessions').one().n === 0;
  }

  /** When the newest mark is forgotten (the registry's alarm comes back then to clear its storage). */
  forgetAt(): number {
    const newest = this.hasTable()
      ? this.sql.exec<{ at: number | null }>('SELECT max(at) AS at FROM ended_sessions').one().at
      : null;
    return (newest ?? this.now()) + REMEMBER_ENDS_MS + 1;
  }

  /** The storage was deleted. */
  reset(): void {
    this.tableExists = false;
  }
}
