// Runs ESLint with this folder's TypeScript 5 as the `typescript` every linter module sees. The
// app's own `typescript` is version 7, a native compiler whose package has no parser API, and
// npm hoists shared helpers (ts-api-utils) next to it, where a plain require would find 7.
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const here = createRequire(import.meta.url);
const typescript5 = pathToFileURL(here.resolve('typescript')).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'typescript') return { url: typescript5, format: 'commonjs', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

const eslintBin = new URL('bin/eslint.js', pathToFileURL(here.resolve('eslint/package.json')));
await import(eslintBin.href);
