// The password pepper for local runs (docs/decisions/015-password-server-relief.md). It keys every
// stored password, so it must outlive restarts: one per state folder, made on first use and shared
// by `npm start` and `npm run dev` when they use the same folder.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function localPepper(persistDir) {
  const file = join(persistDir, 'password-pepper.txt');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const pepper = randomBytes(32).toString('hex');
  mkdirSync(persistDir, { recursive: true });
  writeFileSync(file, pepper);
  return pepper;
}
