// @radix-ui/react-icons ships its 318 icons in one module. A bundler places a module in one chunk,
// so every icon any screen uses (49) went into the chunk all screens share and the home page loaded
// them all: 18.4 KB gzipped. For the production build this plugin gives each icon a module of its
// own (the package's code for that icon, unchanged), and rewrites the app's
// `import { XIcon } from '@radix-ui/react-icons'` to import from it, so an icon travels with the
// screens that draw it (decision 058). The dev server uses the package as it is.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PACKAGE = '@radix-ui/react-icons';
const PREFIX = 'virtual:radix-icon/';
const RESOLVED = '\0radix-icon:';
const HELPER = 'helper';
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@radix-ui\/react-icons['"];?/g;

/** @returns {import('vite').Plugin} */
export function iconModules() {
  let icons;
  const source = () => {
    if (icons) return icons;
    const pkg = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
    const code = readFileSync(join(dirname(pkg), 'dist/react-icons.esm.js'), 'utf8');
    icons = new Map();
    // Each icon is a block: `var _excluded$N = ["color"];` then `var XIcon = …forwardRef(…);`.
    for (const block of code.split(/\n(?=var _excluded)/).slice(1)) {
      const name = /var (\w+Icon) = \/\*#__PURE__\*\/forwardRef/.exec(block)?.[1];
      if (name) icons.set(name, block.replace(/\n\nexport \{[\s\S]*$/, ''));
    }
    const helper = /function _objectWithoutPropertiesLoose[\s\S]*?\n\}\n/.exec(code)?.[0];
    if (!helper || icons.size < 300) throw new Error(`${PACKAGE}'s module no longer has the expected layout.`);
    icons.set(HELPER, helper);
    return icons;
  };
  return {
    name: 'barter-market:icon-modules',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: {
      filter: { id: new RegExp(`^${PREFIX}`) },
      handler: (id) => RESOLVED + id.slice(PREFIX.length),
    },
    load: {
      filter: { id: new RegExp(`^${RESOLVED}`) },
      handler(id) {
        const name = id.slice(RESOLVED.length);
        const block = source().get(name);
        if (!block) throw new Error(`${PACKAGE} has no ${name}.`);
        if (name === HELPER) return `export ${block}`;
        return [
          "import { forwardRef, createElement } from 'react';",
          `import { _objectWithoutPropertiesLoose } from '${PREFIX}${HELPER}';`,
          block,
          `export { ${name} };`,
        ].join('\n');
      },
    },
    transform: {
      filter: { id: /\/src\/.*\.tsx?$/, code: PACKAGE },
      handler(code) {
        const rewritten = code.replace(IMPORT, (_, list) =>
          list
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => `import { ${part} } from '${PREFIX}${part.split(/\s+as\s+/)[0]}';`)
            .join(' '),
        );
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}
