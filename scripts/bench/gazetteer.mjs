#!/usr/bin/env node
// CPU cost of the gazetteer's lookups (worker/lib/gazetteer.ts) on the real shards, in Node:
// geocoding a typed location (resolvePlace) and place autocomplete (suggestPlaces), each measured
// with process.cpuUsage over many calls. The ASSETS binding is stood in for by an in-memory map of
// the shard files, so a "cold" call pays for building the Response, reading its text, checking the
// shard and the lookup itself (the network part of a real ASSETS fetch is wait, not CPU).
//
//   node scripts/bench/gazetteer.mjs            (npm run bench:gazetteer)
//
// Figures are recorded in docs/performance.md.
import { registerHooks } from 'node:module';
import { DEFAULT_DIR, gazetteerStats, readGazetteer, writeGazetteer } from '../build-gazetteer.mjs';

// The Worker's TypeScript imports its siblings without an extension (bundler style); Node's own
// type stripping runs it once those resolve to the .ts files.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (specifier.startsWith('.') && !/\.[a-z]+$/.test(specifier)) return nextResolve(`${specifier}.ts`, context);
      throw error;
    }
  },
});
process.removeAllListeners('warning');
const { clearGazetteerCache, resolvePlace, suggestPlaces } = await import('../../worker/lib/gazetteer.ts');

writeGazetteer();
const { index, files } = readGazetteer(DEFAULT_DIR);
const texts = new Map([...files].map(([name, text]) => [`${name}.txt`, text]));
texts.set('index.json', JSON.stringify(index));
const assets = {
  fetch: async (url) => {
    const text = texts.get(url.slice(url.lastIndexOf('/') + 1));
    return text === undefined
      ? new Response('not found', { status: 404 })
      : new Response(text, { headers: { 'content-type': url.endsWith('.json') ? 'application/json' : 'text/plain' } });
  },
};

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Mean CPU microseconds per call of `call`, `reset` (cache clearing) included; perCall takes it off. */
async function measure(call, { iterations, reset }) {
  for (let i = 0; i < 50; i++) {
    reset?.();
    await call();
  }
  const started = cpuMicros();
  for (let i = 0; i < iterations; i++) {
    reset?.();
    await call();
  }
  return (cpuMicros() - started) / iterations;
}

// Measures the reset alone too, so it can be taken off.
async function perCall(call, kind, iterations) {
  const reset = kind === 'warm' ? undefined : () => clearGazetteerCache({ keepIndex: kind === 'shard' });
  const total = await measure(call, { iterations, reset });
  const overhead = reset
    ? await measure(async () => {}, { iterations, reset })
    : await measure(async () => {}, { iterations });
  return Math.max(0, total - overhead);
}

const GEOCODE = [
  'Oakland, CA',
  'Portland, ME',
  'Springfield, IL',
  'Paris, France',
  'São Paulo',
  'Pier 39, San Francisco, CA',
  'Santa Cruz',
  'Nowhereville Heights',
];
const AUTOCOMPLETE = ['sa', 'san', 'san f', 'oakl', 'San, CA', 'Boston, United K', 'ch', 'zuri', 'spring', 'qqzzxx'];

const stats = gazetteerStats(index, files);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `Gazetteer: ${stats.places} places, ${stats.shards} shards (${stats.nodes} nodes, ${stats.leaves} leaves), ${(stats.totalBytes / 1024 / 1024).toFixed(1)} MB in all`,
);
console.log(
  `Largest shard ${kb(stats.largestShardBytes)}, median ${kb(stats.medianShardBytes)}, index ${kb(stats.indexBytes)}`,
);
console.log(`Node ${process.version}; CPU microseconds per call (user + system), mean over many calls\n`);

const rows = [];
const isolate = await perCall(() => resolvePlace(assets, 'Oakland, CA'), 'isolate', 500);
rows.push(['geocode', 'Oakland, CA (first call in an isolate: index + shard)', isolate, null]);
for (const [kind, texts, call] of [
  ['geocode', GEOCODE, (q) => resolvePlace(assets, q)],
  ['autocomplete', AUTOCOMPLETE, (q) => suggestPlaces(assets, q)],
]) {
  for (const q of texts)
    rows.push([kind, q, await perCall(() => call(q), 'shard', 2000), await perCall(() => call(q), 'warm', 5000)]);
}
const pad = (text, width) => String(text).padEnd(width);
console.log(`${pad('lookup', 13)}${pad('text', 56)}${pad('shard read', 12)}cached shard`);
for (const [kind, q, cold, warm] of rows)
  console.log(
    `${pad(kind, 13)}${pad(q, 56)}${pad(`${cold.toFixed(0)} µs`, 12)}${warm === null ? '' : `${warm.toFixed(0)} µs`}`,
  );
const worst = (column) => Math.max(...rows.slice(1).map((row) => row[column]));
console.log(
  `\nWorst: ${worst(2).toFixed(0)} µs with a shard to read, ${worst(3).toFixed(0)} µs with it cached; a fresh isolate's first lookup ${isolate.toFixed(0)} µs.`,
);
