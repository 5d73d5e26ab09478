// The message generator (scripts/lib/messages.mjs): a member's words reach the page as written,
// whatever characters a translation holds, and every language compiles to the same keys.
import { describe, expect, it } from 'vitest';
import { LOCALES, compileMessage, generateMessages } from '../../scripts/lib/messages.mjs';

const run = (text: string, inputs?: Record<string, string>) =>
  (new Function(`return ${compileMessage(text)}`)() as (i?: Record<string, string>) => string)(inputs);

describe('compileMessage', () => {
  it('puts each input in its place', () => {
    expect(run('Hi {name}, {count} new', { name: 'Ana', count: '3' })).toBe('Hi Ana, 3 new');
    expect(compileMessage('No inputs')).toBe('() => `No inputs`');
  });

  it('keeps backquotes, backslashes and ${ as text', () => {
    const hostile = 'a `b` \\n ${alert(1)} $ {x} \\` end';
    expect(run(hostile, { x: 'X' })).toBe('a `b` \\n ${alert(1)} $ X \\` end');
  });
});

describe('generateMessages', () => {
  it('gives every language every English key, in English order', () => {
    const files = generateMessages();
    const keysOf = (locale: string) =>
      [...(files[`src/shared/i18n/${locale}.js`] ?? '').matchAll(/^export const (\w+) =/gm)].map((m) => m[1]);
    const english = keysOf('en');
    expect(english.length).toBeGreaterThan(100);
    for (const locale of LOCALES) expect(keysOf(locale)).toEqual(english);
  });
});
