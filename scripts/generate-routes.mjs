#!/usr/bin/env node
// Regenerates src/routeTree.gen.ts from src/routes with the same generator the Vite plugin uses.
// `--check` fails when the committed file is stale (a route added without regenerating).
import { readFileSync } from 'node:fs';
import { Generator, getConfig } from '@tanstack/router-generator';

const file = 'src/routeTree.gen.ts';
const before = readFileSync(file, 'utf8');
const config = getConfig({
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: './src/routes',
  generatedRouteTree: `./${file}`,
});
await new Generator({ config, root: process.cwd() }).run();
const after = readFileSync(file, 'utf8');

if (process.argv.includes('--check') && before !== after) {
  console.error(`${file} was stale; it has been regenerated. Commit the new version.`);
  process.exit(1);
}
console.log(`${file} is current.`);
