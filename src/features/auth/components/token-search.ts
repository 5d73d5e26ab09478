import * as v from 'valibot';

/**
 * `?token=` of an emailed link. The router parses numeric-looking values as numbers, so a token
 * is read back as text; anything else (or nothing) is undefined and the screen says so.
 */
export const tokenSearchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined),
});
