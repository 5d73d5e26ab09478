// Passwords stored before server relief (plain Argon2id PHC strings; worker/cron/
// upgrade-password-hashes.ts rewrites them): found through the partial index that holds only
// them, and rewritten in one statement that checks the old value again.

/** The first `limit` rows still in the old format, by id (`.all<{ id: number; password: string }>()`). */
export const legacyPasswordsStatement = (d1: D1Database, limit: number) =>
  d1
    .prepare(`SELECT id, password FROM users WHERE substr(password, 1, 10) = '$argon2id$' ORDER BY id LIMIT ?1`)
    .bind(limit);

/**
 * Writes each row's upgraded password ([id, password] pairs, two parameters each: at most 50 rows
 * under D1's 100 a statement). The old value is checked again, so a sign-in that upgraded the row
 * meanwhile is not overwritten.
 */
export function upgradePasswordsStatement(d1: D1Database, rows: [number, string][]): D1PreparedStatement {
  // ?1/?2 are the first row's id and password, ?3/?4 the second's, and so on.
  const cases = rows.map((_, i) => `WHEN ?${2 * i + 1} THEN ?${2 * i + 2}`).join(' ');
  const ids = rows.map((_, i) => `?${2 * i + 1}`).join(', ');
  return d1
    .prepare(
      `UPDATE users SET password = CASE id ${cases} END WHERE id IN (${ids}) AND substr(password, 1, 10) = '$argon2id$'`,
    )
    .bind(...rows.flat());
}
