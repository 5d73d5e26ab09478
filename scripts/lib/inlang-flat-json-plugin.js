// The project's message files, read by Paraglide's compiler (docs/front-end.md, "Languages"):
// messages/{locale}.json, one flat object of key → text, `{name}` marking an input. Kept here,
// a self-contained module, because the compiler loads its plugins by their text (no imports).
const PATH = './messages/{locale}.json';

/** "Hi {name}!" → the pattern Paraglide compiles: text parts and variable references. */
function patternOf(text) {
  const pattern = [];
  for (const part of text.split(/(\{[A-Za-z][A-Za-z0-9]*\})/)) {
    if (!part) continue;
    const name = /^\{([A-Za-z][A-Za-z0-9]*)\}$/.exec(part)?.[1];
    pattern.push(
      name ? { type: 'expression', arg: { type: 'variable-reference', name } } : { type: 'text', value: part },
    );
  }
  return pattern;
}

export default {
  key: 'plugin.barter.flatJson',
  toBeImportedFiles: ({ settings }) =>
    settings.locales.map((locale) => ({ locale, path: PATH.replace('{locale}', locale) })),
  importFiles: ({ files }) => {
    const bundles = new Map();
    const messages = [];
    const variants = [];
    for (const file of files) {
      const entries = JSON.parse(new TextDecoder().decode(file.content));
      for (const [key, text] of Object.entries(entries)) {
        if (key === '$schema') continue;
        const inputs = [...text.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map((match) => match[1]);
        const bundle = bundles.get(key) ?? { id: key, declarations: [] };
        for (const name of inputs)
          if (!bundle.declarations.some((declaration) => declaration.name === name))
            bundle.declarations.push({ type: 'input-variable', name });
        bundles.set(key, bundle);
        messages.push({ bundleId: key, locale: file.locale, selectors: [] });
        variants.push({ messageBundleId: key, messageLocale: file.locale, matches: [], pattern: patternOf(text) });
      }
    }
    return { bundles: [...bundles.values()], messages, variants };
  },
};
