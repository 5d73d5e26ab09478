#!/usr/bin/env node
// Compiles messages/*.json into src/shared/i18n/ and src/lib/messages.ts (scripts/lib/messages.mjs).
// `--check` fails when a committed file was stale (a word changed without regenerating).
import { writeMessages } from './lib/messages.mjs';

const written = await writeMessages();
if (process.argv.includes('--check') && written.length) {
  console.error(`Stale, now regenerated (commit them): ${written.join(', ')}`);
  process.exit(1);
}
console.log(written.length ? `Wrote ${written.join(', ')}.` : 'The messages are current.');
