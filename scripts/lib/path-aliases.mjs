// The import aliases of worker/, src/ and test/, for Vite and Vitest (tsconfig.json's "paths"
// says the same for the type checker): imports name what they reach, not how far up it is.
import { fileURLToPath } from 'node:url';

const folder = (name) => fileURLToPath(new URL(`../../${name}/`, import.meta.url));

/** Vite's `resolve.alias`: `@/` is src/, `@worker/` is worker/, `@test/` is test/. */
export const pathAliases = [
  { find: /^@\//, replacement: folder('src') },
  { find: /^@worker\//, replacement: folder('worker') },
  { find: /^@test\//, replacement: folder('test') },
];
