// A tagged template for the first screen's markup (decision 055): every interpolated value is
// HTML-escaped unless it is markup this module made (`Markup`), so a member's text (a title, a
// name) can never become markup, whatever it contains.

/** Markup built by `html` (or trusted constant text): interpolated as is. */
export class Markup {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

import { escapeHtml } from '../escape-html';

type Part = Markup | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Markup) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** Markup from a template: strings as written, values escaped, lists joined, null/false/undefined left out. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Markup {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Markup(out);
}
