// Reading a page's HTML as a browser or a crawler does: fetching it through the Worker with the
// app's index.html (as `vite build` writes it) behind ASSETS, and parsing its <head> with
// HTMLRewriter (the streaming HTML parser the Worker itself uses), values decoded.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '@worker/index';
import { ORIGIN, randomIp } from './helpers';

/** index.html as `vite build` writes it: the static title and description, the module script. */
export const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Exchange goods and skills with your neighbours instead of money." /><title>Barter Market</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

const ASSETS = {
  fetch: async () => new Response(INDEX_HTML, { headers: { 'Content-Type': 'text/html' } }),
} as unknown as Fetcher;

/** A D1 binding counting round trips: a batch, or one statement run alone. */
export function countingDb() {
  let roundTrips = 0;
  const db = new Proxy(env.DB, {
    get(object, name) {
      if (name === 'batch') return (statements: D1PreparedStatement[]) => ((roundTrips += 1), object.batch(statements));
      if (name === 'prepare')
        return (text: string) => {
          const statement = object.prepare(text);
          const counted = (s: D1PreparedStatement): D1PreparedStatement =>
            new Proxy(s, {
              get(target, key) {
                const value = Reflect.get(target, key);
                if (typeof value !== 'function') return value;
                if (key === 'bind') return (...args: unknown[]) => counted(value.apply(target, args));
                if (['all', 'first', 'raw', 'run'].includes(String(key)))
                  return (...args: unknown[]) => ((roundTrips += 1), value.apply(target, args));
                return value.bind(target);
              },
            });
          return counted(statement);
        };
      const value = Reflect.get(object, name);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
  return { db, roundTrips: () => roundTrips };
}

/** A path as the Worker answers it, with its D1 round trips. */
export async function fetchPage(path: string, options: { cookie?: string; mediaOrigin?: string } = {}) {
  const counted = countingDb();
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp(), Accept: 'text/html' };
  if (options.cookie) headers.Cookie = options.cookie;
  const bindings = { ...env, ASSETS, DB: counted.db, MEDIA_ORIGIN: options.mediaOrigin ?? '' } as Env;
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers }), bindings, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html, roundTrips: counted.roundTrips() };
}

/** What character references stand for (the few the Worker and lol-html write, and any numeric one). */
export function decodeHtml(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole;
    return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
  });
}

export interface ParsedHead {
  titles: string[];
  /** Every <meta>'s attributes, decoded. */
  metas: Record<string, string>[];
  links: Record<string, string>[];
  /** Every <script> anywhere: its type and its raw text. */
  scripts: { type: string | null; text: string }[];
  /** Every element's tag name, in document order. */
  elements: string[];
}

/** The document's elements as an HTML parser reads them. */
export async function parseHead(html: string): Promise<ParsedHead> {
  const parsed: ParsedHead = { titles: [], metas: [], links: [], scripts: [], elements: [] };
  const attributes = (element: Element) =>
    Object.fromEntries(
      [...(element.attributes as unknown as Iterable<[string, string]>)].map(([name, value]) => [
        name,
        decodeHtml(value),
      ]),
    );
  let title: string[] | null = null;
  let script: { type: string | null; text: string } | null = null;
  await new HTMLRewriter()
    .on('*', {
      element(element) {
        parsed.elements.push(element.tagName);
      },
    })
    .on('title', {
      element(element) {
        title = [];
        const text = title;
        element.onEndTag(() => {
          parsed.titles.push(decodeHtml(text.join('')));
        });
      },
      text(chunk) {
        title?.push(chunk.text);
      },
    })
    .on('meta', { element: (element) => void parsed.metas.push(attributes(element)) })
    .on('link', { element: (element) => void parsed.links.push(attributes(element)) })
    .on('script', {
      element(element) {
        script = { type: element.getAttribute('type'), text: '' };
        parsed.scripts.push(script);
      },
      text(chunk) {
        if (script) script.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return parsed;
}

/** The content of the one <meta> with this name or property (undefined when there is none; throws for two). */
export function metaOf(head: ParsedHead, key: string): string | undefined {
  const found = head.metas.filter((meta) => meta.name === key || meta.property === key);
  if (found.length > 1) throw new Error(`${found.length} <meta> named ${key}`);
  return found[0]?.content;
}

/** The href of the one <link rel="canonical">. */
export function canonicalOf(head: ParsedHead): string | undefined {
  const found = head.links.filter((link) => link.rel === 'canonical');
  if (found.length > 1) throw new Error(`${found.length} canonical links`);
  return found[0]?.href;
}

/** The JSON-LD documents, parsed. */
export function jsonLdOf(head: ParsedHead): any[] {
  return head.scripts.filter((s) => s.type === 'application/ld+json').map((s) => JSON.parse(s.text));
}
