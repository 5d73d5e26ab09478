// Request parsing: JSON bodies and query strings through the shared valibot schemas.
import type { Context } from 'hono';
import * as v from 'valibot';
import { MAX_JSON_BODY_BYTES } from '@/shared/constants';
import { badRequest, HttpError } from './errors';

type AnySchema = v.GenericSchema;

/** Turns valibot issues into the API's `{ message, errors: { field: message } }` (first issue per field). */
export function validationError(issues: readonly v.BaseIssue<unknown>[]): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '_';
    errors[field] ??= issue.message;
  }
  return badRequest(issues[0]?.message ?? 'Invalid request', errors);
}

/** The entries of an object schema, also when it is the first step of a pipe. */
function objectEntries(schema: AnySchema): Record<string, unknown> | undefined {
  const s = schema as { entries?: Record<string, unknown>; pipe?: { entries?: Record<string, unknown> }[] };
  return s.entries ?? s.pipe?.[0]?.entries;
}

export function parseWith<S extends AnySchema>(schema: S, input: unknown): v.InferOutput<S> {
  const entries = objectEntries(schema);
  if (entries) {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      throw badRequest('Request body must be a JSON object');
    // A missing field gets its own message ("Username is required"), not valibot's generic key error.
    input = { ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...input };
  }
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(result.issues);
  return result.output;
}

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A `\uD800`–`\uDFFF` escape in JSON text: the only way a decoded body can carry a surrogate. */
const SURROGATE_ESCAPE = /\\u[dD][89abcdefABCDEF]/;

/**
 * Text as UTF-8 can hold it: each lone surrogate becomes U+FFFD, the replacement character, as the
 * UTF-8 decoder already does with invalid bytes (decision 040). Stored as it came, D1 kept invalid
 * UTF-8 that every reader decoded differently. One character stays one, so length rules hold.
 */
export const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

/**
 * Reads the JSON body (an empty body is `{}`), refusing malformed JSON and oversized bodies. Every
 * string in it is made well-formed here, the one place every route's text comes in through.
 */
export async function readJson(c: Context): Promise<unknown> {
  const raw = await c.req.text();
  if (raw.length > MAX_JSON_BODY_BYTES) throw new HttpError(413, 'Request body too large');
  if (raw.trim() === '') return {};
  try {
    // The reviver runs only for bodies with a surrogate escape (an emoji's pair or a lone half).
    return SURROGATE_ESCAPE.test(raw)
      ? JSON.parse(raw, (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value))
      : JSON.parse(raw);
  } catch {
    throw badRequest('Malformed JSON body');
  }
}

export async function parseBody<S extends AnySchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return parseWith(schema, await readJson(c));
}

/** Path ids: anything but a positive integer names no record. */
export function parseId(raw: string | undefined, what = 'Record'): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw new HttpError(404, `${what} not found`);
  return Number(raw);
}

/**
 * A `limit` query parameter: `fallback` when absent, else a whole number from 1 to `max`; anything
 * else is a 400 naming the parameter.
 */
export function parseLimit(raw: string | undefined, max: number, fallback = max): number {
  const limit = raw === undefined ? fallback : /^[1-9]\d{0,2}$/.test(raw) ? Number(raw) : NaN;
  const message = `limit must be a whole number from 1 to ${max}`;
  if (!(limit >= 1 && limit <= max)) throw badRequest(message, { limit: message });
  return limit;
}
