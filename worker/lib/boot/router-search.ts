// The URL's query as the SPA's router reads it, for the pages that read what the SPA will ask for
// (browse's first page) or name it (its canonical URL).

/**
 * The URL's query as TanStack Router reads it (its default parseSearch): each value is JSON when
 * it parses as JSON (`?page=2` is the number 2), else the text; a repeated key is a list.
 */
export function routerSearch(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key).map((value) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    });
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/**
 * A query value as TanStack Router writes it (its default stringifySearch): text that would read
 * back as JSON is written as a JSON string, so reading the URL gives the same value.
 */
export function routerValue(value: string | number): string {
  if (typeof value === 'number') return String(value);
  try {
    JSON.parse(value);
    return JSON.stringify(value);
  } catch {
    return value;
  }
}
