#!/usr/bin/env node
// Server CPU per sign-in, before and after password server relief (docs/decisions/015), measured
// side by side in one run: the relief check (salt lookup for the name, the key's HMAC check, as
// worker/routes/auth.ts does it) against one Argon2id with the same parameters (what the server
// computed per sign-in before, and what the plain-password compatibility path still costs).
// Node's V8 and BoringSSL stand in for workerd's; process.cpuUsage counts every thread, so the
// figures are upper bounds for the crypto part. Whole-request CPU is in `npm run quota`.
// Usage: node scripts/bench/sign-in-cpu.mjs [--iterations 5000]
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const iterations = Number(process.argv[process.argv.indexOf('--iterations') + 1]) || 5000;
const argonIterations = 20;

// Bundle the Worker's own modules (TypeScript) so the bench runs exactly that code.
const entry = `
export * from './worker/lib/password-relief.ts';
export * from './src/shared/password-key.ts';
export { default as setupWasm } from 'argon2id/lib/setup.js';
`;
const out = join(mkdtempSync(join(tmpdir(), 'bench-')), 'relief.mjs');
const bundled = await build({
  stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'error',
});
writeFileSync(out, bundled.outputFiles[0].text);
const lib = await import(pathToFileURL(out).href);

const env = { PASSWORD_PEPPER: 'bench-pepper-0123456789abcdef0123456789abcdef' };
const simd = await WebAssembly.compile(readFileSync('node_modules/argon2id/dist/simd.wasm'));
const argon2id = await lib.setupWasm(
  async (imports) => ({ module: simd, instance: await WebAssembly.instantiate(simd, imports) }),
  async (imports) => ({ module: simd, instance: await WebAssembly.instantiate(simd, imports) }),
);

// A member's stored password, and the key their browser sends.
const params = await lib.passwordSaltFor(env, 'bench-member');
const wireKey = lib.derivePasswordKey(argon2id, 'correct horse battery', params);
const stored = await lib.storedPasswordFor(env, params, lib.decodePasswordKey(wireKey));

async function reliefSignIn() {
  const derived = await lib.passwordSaltFor(env, 'bench-member');
  const own = await lib.passwordSaltFor(env, 'bench-member', stored);
  const checked = await lib.checkPasswordKey(env, lib.decodePasswordKey(wireKey), stored);
  if (!checked.ok || !derived || !own) throw new Error('relief check failed');
}

function argonSignIn() {
  lib.derivePasswordKey(argon2id, 'correct horse battery', params);
}

async function measure(n, fn) {
  for (let i = 0; i < Math.min(50, n); i++) await fn(); // warm up
  const samples = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpuBefore);
  samples.sort((a, b) => a - b);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000 / n,
    p50: samples[Math.floor(n * 0.5)],
    p99: samples[Math.floor(n * 0.99)],
  };
}

const relief = await measure(iterations, reliefSignIn);
const argon = await measure(argonIterations, argonSignIn);
const row = (name, m, n) => `| ${name} | ${n} | ${m.cpuMs.toFixed(3)} | ${m.p50.toFixed(3)} | ${m.p99.toFixed(3)} |`;
console.log(`Node ${process.version}, ${iterations} relief sign-ins, ${argonIterations} Argon2id derivations`);
console.log('| Server work per sign-in | Runs | CPU ms (mean) | Wall ms p50 | Wall ms p99 |');
console.log('|---|---|---|---|---|');
console.log(row('Relief: salt lookup + HMAC check of the key (now)', relief, iterations));
console.log(row('Argon2id m=19456 t=2 p=1 (before; plain-password path)', argon, argonIterations));
console.log(`Ratio Argon2id / relief (CPU): ${(argon.cpuMs / relief.cpuMs).toFixed(0)}x`);
const budget = 10;
if (relief.p99 > budget / 5) {
  console.error(`Relief check p99 ${relief.p99.toFixed(3)} ms is over a fifth of the ${budget} ms CPU limit`);
  process.exit(1);
}
