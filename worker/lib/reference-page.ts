// /api/docs: the OpenAPI document as one page to read, with no script and nothing from another
// host (its own small stylesheet). Written at build time (scripts/build-api-reference.mjs).
import { escapeHtml } from './escape-html';

type JsonObject = Record<string, unknown>;

/** Markdown's `code` and **bold**, the only marks the descriptions use, on escaped text. */
const inline = (text: string) =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

const paragraphs = (text: string) =>
  text
    .split(/\n\n+/)
    .map((p) => `<p>${inline(p.replace(/\n/g, ' '))}</p>`)
    .join('');

const schemaBlock = (title: string, schema: unknown) =>
  `<details><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

function operationHtml(method: string, path: string, op: JsonObject): string {
  const params = (op.parameters as JsonObject[]).map(
    (p) =>
      `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
  );
  const body = (op.requestBody as JsonObject | undefined)?.content as JsonObject | undefined;
  const responses = Object.entries(op.responses as Record<string, JsonObject>).map(([status, r]) => {
    const json = (r.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined;
    if (json) return schemaBlock(`${status}: ${String(r.description)}`, json.schema);
    return `<p class="status">${escapeHtml(status)}: ${escapeHtml(String(r.description ?? (r.$ref as string).split('/').pop()))}</p>`;
  });
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  return `<section id="${id}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(op.summary))}</p>${paragraphs(String(op.description ?? ''))}
${params.length ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${params.join('')}</tbody></table>` : ''}
${body ? schemaBlock('Request body', (body['application/json'] as JsonObject).schema) : ''}
${responses.join('\n')}</section>`;
}

export const REFERENCE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#111}a{color:#8ab4ff}pre,code{background:#222!important}}
pre,code{background:#f3f3f3;border-radius:4px}pre{padding:.75rem;overflow:auto;font-size:14px}code{padding:0 .2em}
section{border-top:1px solid #8884;padding:.5rem 0}.method{font-weight:700}.get{color:#0a7d2c}.post{color:#0b57d0}
.put,.patch{color:#9a5b00}.delete{color:#b3261e}@media (prefers-color-scheme:dark){.get{color:#6ee08f}.post{color:#8ab4ff}.put,.patch{color:#ffc266}.delete{color:#ff8a80}}
table{border-collapse:collapse}td,th{border:1px solid #8886;padding:.25rem .5rem;text-align:left}summary{cursor:pointer}`;

/** The page for a document made by openApiDocument(). */
export function referencePage(doc: JsonObject): string {
  const info = doc.info as JsonObject;
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, JsonObject>>))
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0]!;
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push(operationHtml(method, path, op));
      const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
      (toc.get(tag) ?? toc.set(tag, []).get(tag)!).push(
        `<li><a href="#${id}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
      );
    }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · ${escapeHtml(String(info.title))}</title><link rel="stylesheet" href="/api-reference/reference.css"></head><body>
<header><h1>${escapeHtml(String(info.title))}</h1><p>The same reference as a document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(String(doc.openapi))}). <a href="/">Back to the marketplace</a></p>
${paragraphs(String(info.description))}</header>
<nav aria-label="Resources"><h2>Resources</h2><ul>${tags.map((tag) => `<li><a href="#tag-${tag.replace(/[^A-Za-z0-9]+/g, '-')}">${escapeHtml(tag)}</a><ul>${toc.get(tag)!.join('')}</ul></li>`).join('')}</ul></nav>
<main>${tags.map((tag) => `<h2 id="tag-${tag.replace(/[^A-Za-z0-9]+/g, '-')}">${escapeHtml(tag)}</h2>${byTag.get(tag)!.join('\n')}`).join('\n')}</main></body></html>`;
}
