// The SPA's build of the contract (src/shared/contract): the typed client needs a route's method,
// its path and whether it answers with a body; the reply schemas, summaries and notes serve the
// Worker's tests and the API reference. For the browser bundle this plugin keeps only those three
// in each `route({...})`, and marks the calls that build the contract's and the shared schemas'
// modules pure (valibot's builders, the field builders, route()), so declarations and schemas no
// code of the SPA uses are left out of the bundle (docs/decisions/051-one-contract.md).
import MagicString from 'magic-string';
import { parseAst } from 'vite';

const CONTRACT = /\/src\/shared\/((contract|schemas)\/[^/]+|ws-frames)\.ts$/;
const KEPT = new Set(['method', 'path']);

/** @returns {import('vite').Plugin} */
export function clientContract() {
  return {
    name: 'barter-market:client-contract',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!CONTRACT.test(id.split('?')[0])) return null;
      const ast = parseAst(code, { lang: 'ts' });
      const out = new MagicString(code);
      const edited = [];
      walk(ast, (node) => {
        if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'route') return;
        const spec = node.arguments[0];
        if (spec?.type !== 'ObjectExpression') return;
        for (const property of spec.properties) {
          const key = property.type === 'Property' && property.key.type === 'Identifier' ? property.key.name : null;
          if (key && KEPT.has(key)) continue;
          if (key === 'reply') {
            // Whether a reply has a body is all the client reads of it.
            const none = property.value.type === 'Literal' && property.value.value === null;
            out.overwrite(property.value.start, property.value.end, none ? 'null' : 'true');
            edited.push([property.value.start, property.value.end]);
            continue;
          }
          out.remove(property.start, code[property.end] === ',' ? property.end + 1 : property.end);
          edited.push([property.start, property.end]);
        }
      });
      walk(ast, (node) => {
        if (FUNCTIONS.has(node.type)) return false;
        // valibot's builders, the schemas' own field builders and route(): none has side effects.
        const call =
          node.type === 'CallExpression' &&
          ((node.callee.type === 'MemberExpression' && node.callee.object.name === 'v') ||
            node.callee.type === 'Identifier');
        if (call && !edited.some(([start, end]) => node.start >= start && node.end <= end))
          out.prependLeft(node.start, '/* @__PURE__ */ ');
      });
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

// Calls inside functions run when called, not when the module loads: they stay as they are.
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Visits every node; a visit that returns false skips the node's children. */
function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  if (visit(node) === false) return;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) walk(child, visit);
    else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}
