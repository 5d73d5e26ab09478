// Radix Themes' root `Theme` wraps the app in Radix's tooltip provider, and with it the tooltip,
// Popper, DismissableLayer and Floating UI (about 15 KB gzipped) travel in the entry of every
// page, though the app shows one tooltip, the header's theme toggle's hint. For the production
// build this plugin gives the root `Theme` a provider that renders its children and nothing
// else; the one tooltip brings its own provider, loaded after the app starts
// (src/components/hint.tsx). Nothing else in Radix Themes reads the tooltip provider: only its
// `Tooltip`, which must therefore always come through `Hint` (decision 058). The dev server
// uses the package as it is. A Radix Themes release whose module no longer looks as expected
// fails the build rather than shipping the tooltip again unnoticed.

const THEME_MODULE = /@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;
const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"radix-ui";/;

/** @param {string} code theme.js as published */
export function withoutTooltipProvider(code) {
  const barrel = BARREL_IMPORT.exec(code);
  const names = barrel?.[1].split(',').map((name) => name.trim());
  const tooltip = names?.find((name) => /^Tooltip as \w+$/.test(name));
  if (!barrel || !names || !tooltip)
    throw new Error("@radix-ui/themes' theme.js no longer imports Tooltip from radix-ui.");
  const local = tooltip.split(' as ')[1];
  const rest = names.filter((name) => name !== tooltip);
  return code.replace(
    barrel[0],
    `import{${rest.join(',')}}from"radix-ui";const ${local}={Provider:(props)=>props.children};`,
  );
}

/** @returns {import('vite').Plugin} */
export function radixThemeRoot() {
  return {
    name: 'barter-market:radix-theme-root',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: THEME_MODULE },
      handler: (code) => ({ code: withoutTooltipProvider(code), map: null }),
    },
  };
}
