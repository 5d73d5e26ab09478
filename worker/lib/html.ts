// HTML escaping for everything the Worker writes as HTML (pages' first screens and head tags,
// emails, the API reference), and a tagged template for the first screen's markup (decision 055):
// every interpolated value is escaped unless it is markup this module made (`Markup`), so a
// member's text (a title, a name) can never become markup, whatever it contains.

/** Markup built by `html` (or trusted constant text): interpolated as is. */
export class Markup {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;

/**
 * Text for an element's content or a quoted attribute value: no character that could end or open
 * markup. Most text holds none, so it is returned as is after one test (email digests escape
 * thousands of strings a cron run).
 */
export const escapeHtml = (text: string) =>
  SPECIAL.test(text) ? text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!) : text;

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
