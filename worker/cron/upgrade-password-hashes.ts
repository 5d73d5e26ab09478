// Rewrites passwords stored before server relief (plain Argon2id PHC strings) into the keyed
// relief format (docs/decisions/015-password-server-relief.md). Until then such a row is as good
// as a password to whoever reads the database, so the job does not wait for members to sign in.
// The partial index holds only old rows: when none are left, the check reads nothing.
import { legacyPasswordsStatement, upgradePasswordsStatement } from '../db/queries/legacy-passwords';
import { upgradeLegacyPassword } from '../lib/password-relief';

/** Rows per run: one UPDATE binds two parameters per row, under D1's 100 per statement. */
export const PASSWORD_UPGRADES_PER_RUN = 45;

/** Two D1 queries per run at most; idempotent (a rerun finds only rows still in the old format). */
export async function upgradePasswordHashes(env: Env): Promise<number> {
  const { results } = await legacyPasswordsStatement(env.DB, PASSWORD_UPGRADES_PER_RUN).all<{
    id: number;
    password: string;
  }>();
  const rows: [number, string][] = [];
  for (const row of results) {
    const upgraded = await upgradeLegacyPassword(env, row.password);
    if (upgraded) rows.push([row.id, upgraded]);
  }
  if (!rows.length) return 0;
  // The old value is checked again, so a sign-in that upgraded the row meanwhile is not overwritten.
  await upgradePasswordsStatement(env.DB, rows).run();
  return rows.length;
}
