#!/usr/bin/env node
// The API's reference as static files: public/api-reference/openapi.json (OpenAPI 3.1) and
// index.html with its stylesheet, generated from the route declarations (src/shared/contract;
// docs/decisions/051-one-contract.md). Made at build time, not per request: the whole document
// takes tens of milliseconds of CPU to make, more than a free-plan invocation has. The Worker
// serves them at /api/openapi.json and /api/docs through its ASSETS binding.
//
//   node scripts/build-api-reference.mjs            (writes public/api-reference/)
//
// `vite build` (so `npm start` and `npm run deploy`), `npm run dev` and the Worker tests' config
// call it; the files are generated, not committed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const API_REFERENCE_DIR = join(ROOT, 'public', 'api-reference');

/** Writes the reference into `out`; about a fifth of a second. */
export function writeApiReference(out = API_REFERENCE_DIR) {
  // esbuild resolves the @/ and @worker/ aliases from tsconfig.json's paths.
  const bundle = buildSync({
    entryPoints: [join(ROOT, 'scripts', 'api-reference-entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'warning',
    tsconfig: join(ROOT, 'tsconfig.json'),
  });
  const cache = join(ROOT, 'node_modules', '.cache', 'api-reference');
  mkdirSync(cache, { recursive: true });
  const script = join(cache, 'entry.mjs');
  writeFileSync(script, bundle.outputFiles[0].text);
  execFileSync(process.execPath, [script, out], { stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeApiReference();
