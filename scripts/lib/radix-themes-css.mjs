// Radix Themes' components.css and utilities.css hold every component's rules at six breakpoints
// (initial, xs, sm, md, lg, xl): about 52 KB gzipped, more than the home page's whole CSS budget
// allows beside the tokens. For the production build this plugin keeps only what the app can use
// (decision 058):
// - a rule whose selector names a component class (`.rt-Slider…`) that no Radix Themes module the
//   app imports (or those modules' own imports) ever renders goes;
// - a rule for a breakpoint (`.xl\:rt-r-…`) that no responsive prop in src/ passes goes.
// Both sets come from reading the sources, not the bundle, so the CSS (and its file name's hash)
// depends only on the code: a screen that starts using a component or a breakpoint gets its rules
// in the same build. The dev server serves the files whole.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import postcss from 'postcss';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TARGET = /@radix-ui\/themes\/(components|utilities)\.css(\?|$)/;
const BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl'];
/** Classes Radix Themes' selectors use besides its own `rt-` ones (the theme's root and modes). */
const THEME_CLASSES = new Set(['radix-themes', 'dark', 'light', 'dark-theme', 'light-theme']);

/** @returns {import('vite').Plugin} */
export function radixThemesCss() {
  let usage;
  return {
    name: 'barter-market:radix-themes-css',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: TARGET },
      handler(code) {
        usage ??= appUsage(join(root, 'src'));
        return { code: prune(code, usage), map: null };
      },
    },
  };
}

/** The component classes the app's Radix Themes modules render, and the breakpoints src/ passes. */
export function appUsage(sourceDir) {
  const sources = listSources(sourceDir).map((file) => readFileSync(file, 'utf8'));
  const names = new Set();
  for (const source of sources)
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@radix-ui\/themes'/g))
      for (const part of list.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
  const pkg = createRequire(import.meta.url).resolve('@radix-ui/themes/package.json');
  const components = join(dirname(pkg), 'dist/esm/components');
  const exported = exportsOf(join(components, 'index.js'));
  const modules = new Set();
  for (const name of names) {
    const file = exported.get(name);
    if (!file) throw new Error(`@radix-ui/themes exports no ${name} this plugin can follow.`);
    follow(join(components, file), modules);
  }
  const classes = new Set();
  for (const file of modules)
    for (const [token] of readFileSync(file, 'utf8').matchAll(/rt-[A-Z][A-Za-z]*/g)) classes.add(token);
  const breakpoints = new Set(
    BREAKPOINTS.filter((bp) => sources.some((source) => new RegExp(`\\b${bp}:\\s*['"{\\w]`).test(source))),
  );
  return { classes, breakpoints };
}

/** Drops the rules of `css` that name an unused component class or breakpoint. */
export function prune(css, { classes, breakpoints }) {
  const tree = postcss.parse(css);
  tree.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    const kept = rule.selectors.filter((selector) => usable(selector, classes, breakpoints));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // Media queries (and their like) left empty go too.
  tree.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return tree.toString();
}

function usable(selector, classes, breakpoints) {
  const names = [...selector.matchAll(/\.(-?[A-Za-z_][\w-]*(?:\\:[\w-]+)?)/g)].map((match) => match[1]);
  // A selector with a class of the app's own (`.rt-Badge.count-badge`) is the app's: kept.
  if (!names.every((name) => /^(\w+\\:)?-?rt-/.test(name) || THEME_CLASSES.has(name))) return true;
  for (const name of names) {
    const breakpoint = /^(\w+)\\:/.exec(name)?.[1];
    if (breakpoint && !breakpoints.has(breakpoint)) return false;
    const component = /rt-[A-Z][A-Za-z]*/.exec(name)?.[0];
    if (component && !classes.has(component)) return false;
  }
  return true;
}

/** components/index.js: export name → the module file it comes from. */
function exportsOf(indexFile) {
  const code = readFileSync(indexFile, 'utf8');
  const local = new Map();
  for (const [, clause, file] of code.matchAll(/import\s*(\{[^}]*\}|\*\s*as\s*[\w$]+)\s*from\s*"\.\/([^"]+)"/g)) {
    const namespace = /^\*\s*as\s*([\w$]+)$/.exec(clause)?.[1];
    if (namespace) local.set(namespace, file);
    else
      for (const part of clause.slice(1, -1).split(',')) {
        const [, alias] = part.split(/\s+as\s+/);
        local.set((alias ?? part).trim(), file);
      }
  }
  const exported = new Map();
  const list = /export\s*\{([^}]*)\}/.exec(code)?.[1] ?? '';
  for (const part of list.split(',')) {
    const [name, alias] = part.split(/\s+as\s+/).map((s) => s.trim());
    if (local.has(name)) exported.set(alias ?? name, local.get(name));
  }
  return exported;
}

/** Adds `file` and the package's modules it imports (relative imports), transitively. */
function follow(file, into) {
  if (into.has(file)) return;
  into.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, spec] of code.matchAll(/from\s*"(\.{1,2}\/[^"]+)"/g)) follow(join(dirname(file), spec), into);
}

function listSources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}
